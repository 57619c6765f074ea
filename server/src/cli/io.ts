import fs from 'node:fs';
import { keepCompiledCode } from '../node/compiled-code';

/** What a CLI command may touch besides the file system: its streams and environment. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  /** Colour and other terminal niceties only when stdout is a terminal. */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /**
   * Standard input as UTF-8 text. With `maxBytes`, reading stops once more than that many bytes came:
   * the text is then longer than `maxBytes` bytes, and the caller reports the input as too large.
   */
  readStdin(maxBytes?: number): Promise<string>;
  /** The first file is done: the compile cache of what ran so far is written now (see node/compiled-code). */
  keepCompiledCode?(): void;
}

/** A sub-command: arguments after its name in, exit code out (0 ok, 1 findings, 2 usage or I/O error). */
export type Command = (argv: string[], io: CliIO) => Promise<number>;

/**
 * Writes straight to a standard descriptor. Creating `process.stdout` loads Node's stream
 * machinery, a noticeable part of a one-file run; a CLI that writes one report at the end
 * needs none of it. A descriptor that is non-blocking (EAGAIN) falls back to the stream for
 * good, so that output keeps its order; a reader that went away (EPIPE, as with `| head`)
 * ends the output quietly, as other command-line tools do.
 */
function descriptorWriter(fd: 1 | 2, stream: () => NodeJS.WriteStream): (text: string) => void {
  let useStream = false;
  let closed = false;
  return (text) => {
    if (closed || !text) return;
    if (useStream) {
      stream().write(text);
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    let written = 0;
    while (written < bytes.length) {
      try {
        written += fs.writeSync(fd, bytes, written);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') {
          useStream = true;
          stream().write(bytes.subarray(written));
          return;
        }
        if (code === 'EPIPE') {
          closed = true;
          return;
        }
        throw err;
      }
    }
  };
}

/**
 * Whether a descriptor is a terminal. Loading `node:tty` loads Node's network and stream
 * modules with it, a noticeable part of a one-file run; output to a pipe or a file (as in CI)
 * is not a character device, which one fstat tells without it.
 */
function isTerminal(fd: number): boolean {
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isCharacterDevice()) return false;
    // Output thrown away (`> /dev/null`) is a character device too, and common in scripts.
    if (process.platform !== 'win32' && stat.rdev === fs.statSync('/dev/null').rdev) return false;
  } catch {
    return false;
  }
  // Any other character device may be a terminal: only then is isatty asked.
  return (require('node:tty') as typeof import('node:tty')).isatty(fd);
}

export function processIO(): CliIO {
  let isTTY: boolean | undefined;
  return {
    out: descriptorWriter(1, () => process.stdout),
    err: descriptorWriter(2, () => process.stderr),
    cwd: process.cwd(),
    get isTTY() {
      return (isTTY ??= isTerminal(1));
    },
    env: process.env,
    keepCompiledCode,
    readStdin: (maxBytes = Infinity) =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const text = (): string => Buffer.concat(chunks).toString('utf8');
        process.stdin.on('data', (c: Buffer) => {
          chunks.push(c);
          size += c.length;
          // The rest is never read: the input is refused whatever it holds.
          if (size > maxBytes) {
            process.stdin.destroy();
            resolve(text());
          }
        });
        process.stdin.on('end', () => resolve(text()));
        process.stdin.on('error', reject);
      }),
  };
}
