import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What one `git cat-file --batch` gives for an object name: a file's text, "missing" (the path or
 * the revision does not exist), or an object of another kind. Undefined when the batch itself
 * failed (no git, no repository): the caller then asks `git show`, whose message says why.
 */
export type BatchAnswer = { kind: 'blob'; text: string } | { kind: 'missing' } | { kind: 'other'; type: string };

interface Pending {
  resolve: (answer: BatchAnswer | undefined) => void;
}

/** How long an idle batch stays: the reads of one lint run or of files opened together share it. */
const IDLE_MS = 2_000;
/** After a batch failed in a folder, ask `git show` there for this long before trying a batch again. */
const RETRY_MS = 30_000;

const HEADER = /^[0-9a-f]{40,64} (\S+) (\d+)$/;

/**
 * One `git cat-file --batch` in a folder: each read is a line written to it, not a new git process.
 * Starting a process costs tens of milliseconds of the caller's main thread (more as its heap grows),
 * and a language server reads a baseline each time a file is opened. Answers come in the order of
 * the questions. The process is ended once idle, so that commits made meanwhile are seen by the
 * next one, and it never keeps the caller's process alive while no read waits for it.
 */
class GitBatch {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: Pending[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The object being read: its type and size in bytes, once its header line has come. */
  private object: { type: string; size: number } | undefined;
  private idle: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    dir: string,
    private readonly onEnd: (failed: boolean) => void,
  ) {
    // Loaded here, not at the top: most runs never read a git baseline. No shell: nothing in a path
    // or a revision name is interpreted.
    const { spawn } = require('node:child_process') as typeof import('node:child_process');
    this.child = spawn('git', ['cat-file', '--batch'], { cwd: dir, windowsHide: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (d: Buffer) => this.received(d));
    this.child.stderr.resume();
    // Git missing, not a repository, or git gone: a batch that ends with questions open has failed.
    this.child.stdin.on('error', () => this.finish(true));
    this.child.on('error', () => this.finish(true));
    this.child.on('exit', () => this.finish(this.waiting.length > 0));
    this.hold(false);
  }

  /** The answer for an object name such as `HEAD:./main.tf` (relative to the batch's folder). */
  read(name: string): Promise<BatchAnswer | undefined> {
    if (this.ended || /[\r\n]/.test(name)) return Promise.resolve(undefined);
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
    this.hold(true);
    return new Promise((resolve) => {
      this.waiting.push({ resolve });
      this.child.stdin.write(`${name}\n`);
    });
  }

  /** Keeps the caller's process alive while a read waits, and lets it exit otherwise. */
  private hold(on: boolean): void {
    for (const h of [this.child, this.child.stdin, this.child.stdout, this.child.stderr]) {
      const handle = h as { ref?: () => void; unref?: () => void };
      if (on) handle.ref?.();
      else handle.unref?.();
    }
  }

  private received(data: Buffer): void {
    this.chunks.push(data);
    this.buffered += data.length;
    let all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.buffered);
    let at = 0;
    for (;;) {
      if (!this.object) {
        const eol = all.indexOf(10, at);
        if (eol < 0) break;
        const line = all.toString('utf8', at, eol);
        at = eol + 1;
        const m = HEADER.exec(line);
        if (m) this.object = { type: m[1], size: Number(m[2]) };
        else this.answer(line.endsWith(' missing') ? { kind: 'missing' } : { kind: 'other', type: line.slice(line.lastIndexOf(' ') + 1) });
        continue;
      }
      // The object's bytes and the line break after them.
      if (all.length - at < this.object.size + 1) break;
      const { type, size } = this.object;
      this.object = undefined;
      this.answer(type === 'blob' ? { kind: 'blob', text: all.toString('utf8', at, at + size) } : { kind: 'other', type });
      at += size + 1;
    }
    all = all.subarray(at);
    this.chunks = all.length ? [all] : [];
    this.buffered = all.length;
  }

  private answer(a: BatchAnswer): void {
    this.waiting.shift()?.resolve(a);
    if (this.waiting.length) return;
    this.hold(false);
    this.idle = setTimeout(() => this.close(), IDLE_MS);
    this.idle.unref();
  }

  /** Whether a read waits for an answer. */
  get busy(): boolean {
    return this.waiting.length > 0;
  }

  /** Idle: git ends once its input does; the next read starts another batch. */
  close(): void {
    this.finish(false);
    this.child.stdin.end();
  }

  /** Ended (idle, or git failed or exited): what still waits is answered "ask git show". */
  private finish(failed: boolean): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
    for (const w of this.waiting.splice(0)) w.resolve(undefined);
    this.hold(false);
    if (this.ended) return;
    this.ended = true;
    this.onEnd(failed);
  }
}

/** Whether the folder or one above it holds `.git` (a folder, or a file in a worktree or submodule). */
function insideRepository(dir: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return true;
    if (path.dirname(d) === d) return false;
  }
}

/**
 * At most this many batches at once: a lint of files in many folders starts one per folder, and
 * each stays a while after its last read. The oldest idle one makes room; when all are busy, the
 * read goes to `git show`.
 */
const MAX_BATCHES = 8;

const batches = new Map<string, GitBatch>();
const failedAt = new Map<string, number>();

/**
 * Reads an object name through the folder's batch, started on first use. Undefined when no batch
 * can answer there (git missing, not a repository, a name a batch cannot take): ask `git show`.
 */
export function readThroughBatch(dir: string, name: string): Promise<BatchAnswer | undefined> {
  const failed = failedAt.get(dir);
  if (failed !== undefined && Date.now() - failed < RETRY_MS) return Promise.resolve(undefined);
  let batch = batches.get(dir);
  if (!batch) {
    // Outside a repository a batch could only fail: `git show` says so at once, with its own message.
    if (!process.env.GIT_DIR && !insideRepository(dir)) return Promise.resolve(undefined);
    if (batches.size >= MAX_BATCHES) {
      const idle = [...batches.values()].find((b) => !b.busy);
      if (!idle) return Promise.resolve(undefined);
      idle.close();
    }
    const started: GitBatch = new GitBatch(dir, (hasFailed) => {
      if (batches.get(dir) === started) batches.delete(dir);
      if (hasFailed) failedAt.set(dir, Date.now());
      else failedAt.delete(dir);
    });
    batch = started;
    batches.set(dir, batch);
  }
  return batch.read(name);
}
