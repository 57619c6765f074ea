/** What a CLI command may touch besides the file system: its streams and environment. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  /** Colour and other terminal niceties only when stdout is a terminal. */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  readStdin(): Promise<string>;
}

/** A sub-command: arguments after its name in, exit code out (0 ok, 1 findings, 2 usage or I/O error). */
export type Command = (argv: string[], io: CliIO) => Promise<number>;

export function processIO(): CliIO {
  return {
    out: (t) => { process.stdout.write(t); },
    err: (t) => { process.stderr.write(t); },
    cwd: process.cwd(),
    isTTY: !!process.stdout.isTTY,
    env: process.env,
    readStdin: () => new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      process.stdin.on('data', (c: Buffer) => chunks.push(c));
      process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      process.stdin.on('error', reject);
    }),
  };
}
