import path from 'node:path';
import { readFileBaseline, readGitBaseline, isSafeGitRef } from '../host/baseline';
import { redactedMessage } from './guard';
import { fileUri, fsPathOf, type Workspace } from './workspace';

/** The committed (or configured) version of a document, for change-aware rules. */
export interface Baseline {
  text: string;
  label: string;
  /** Where related information about the baseline points. */
  uri: string;
  /** Distinguishes successive reads, for caching analyses. */
  id: number;
}
let nextId = 1;

/** A `git:` URI for a file at a revision, in the form VS Code's git support opens. */
export function gitUri(file: string, ref: string): string {
  const p = file.split(path.sep).join('/');
  const withSlash = p.startsWith('/') ? p : `/${p}`;
  return `git:${encodeURI(withSlash)}?${encodeURIComponent(JSON.stringify({ path: file, ref }))}`;
}

/** After this long, the next use reads the baseline again (a commit made outside the editor shows up). */
export const BASELINE_MAX_AGE_MS = 30_000;

/**
 * Baselines per document, read asynchronously and cached until the document is saved or
 * reopened, the setting changes, or the cached copy is older than BASELINE_MAX_AGE_MS.
 * Failures (no repository, file not committed) mean no baseline.
 */
export class Baselines {
  private readonly cache = new Map<string, { spec: string; promise: Promise<Baseline | undefined>; readAt: number }>();
  constructor(private readonly workspace: Workspace, private readonly log: (message: string) => void) {}

  get(uri: string, spec: string): Promise<Baseline | undefined> {
    const cached = this.cache.get(uri);
    const now = Date.now();
    if (cached && cached.spec === spec && now - cached.readAt < BASELINE_MAX_AGE_MS) return cached.promise;
    const previous = cached?.spec === spec ? cached.promise : undefined;
    const promise = this.read(uri, spec).catch((err: unknown) => {
      this.log(`The baseline of ${uri} could not be read: ${redactedMessage(err)}`);
      return undefined;
    }).then(async (fresh) => {
      // An unchanged baseline keeps its identity, so that analyses cached against it stay valid.
      const old = await previous;
      return old && fresh && old.text === fresh.text && old.uri === fresh.uri ? old : fresh;
    });
    this.cache.set(uri, { spec, promise, readAt: now });
    return promise;
  }

  invalidate(uri?: string): void {
    if (uri === undefined) this.cache.clear(); else this.cache.delete(uri);
  }

  private async read(uri: string, spec: string): Promise<Baseline | undefined> {
    if (spec === 'none' || spec === '') return undefined;
    const file = fsPathOf(uri);
    if (spec.startsWith('git:')) {
      const ref = spec.slice(4) || 'HEAD';
      if (!file || !isSafeGitRef(ref)) return undefined;
      const r = await readGitBaseline(file, ref);
      if (!r.ok) { this.log(r.message); return undefined; }
      return r.text === undefined ? undefined : { text: r.text, label: r.label, uri: gitUri(file, ref), id: nextId++ };
    }
    const baselineFile = this.workspace.resolvePath(spec, file);
    if (file && path.resolve(baselineFile) === path.resolve(file)) return undefined;
    const r = await readFileBaseline(baselineFile);
    if (!r.ok) { this.log(r.message); return undefined; }
    return r.text === undefined ? undefined : { text: r.text, label: spec, uri: fileUri(baselineFile), id: nextId++ };
  }
}
