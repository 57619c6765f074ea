/**
 * What the language server needs from the platform it runs on. The Node host reads the disk and runs
 * git; a browser worker asks the editor, which reads through its own file system (github.dev and
 * other virtual workspaces included). The shared server code reaches the platform only through this.
 */
export type ReadResult = { ok: true; text: string } | { ok: false; missing: boolean; message: string };

export interface DirectoryEntry {
  name: string;
  type: 'file' | 'directory';
}

/** A file at a git revision: `text: undefined` when the revision does not hold it (a new service). */
export type GitReadResult = { ok: true; text: string | undefined; label: string } | { ok: false; message: string };

export interface ServerRuntime {
  /** Where the server runs, told to the client so that it can show it (a status item, the output). */
  readonly host: 'node' | 'browser-worker';
  /** The text of a file, UTF-8 decoded, without a byte order mark (as TextDecoder gives it in a browser). */
  readFile(uri: string): Promise<ReadResult>;
  /** The entries of a directory; undefined when it cannot be listed. */
  readDirectory(uri: string): Promise<DirectoryEntry[] | undefined>;
  /** The file at a revision; absent where git cannot run, as in a browser. */
  readGitRevision?: (uri: string, ref: string) => Promise<GitReadResult>;
  /**
   * Runs the callback after the messages that have already arrived are handled: the connection
   * hands over one message per task, so a change waiting in the queue is applied first.
   */
  nextTurn(callback: () => void): void;
  /** A full garbage collection, where the platform offers one; used after large documents close. */
  collectGarbage?: () => void;
  /**
   * Loads the HCL parser (WebAssembly) for Terraform files, the first time one is analysed; absent
   * where the host cannot, and then Terraform files get no diagnostics.
   */
  loadTerraformParser?: () => Promise<void>;
  /**
   * Writes the compile cache of the running code now rather than at exit, where the host keeps one
   * (Node: see node/compiled-code); called once, after the first diagnostics.
   */
  keepCompiledCode?: () => void;
  /** A timer that does not keep the process alive on its own, where there is such a thing. */
  setBackgroundTimeout(callback: () => void, ms: number): { cancel(): void };
}
