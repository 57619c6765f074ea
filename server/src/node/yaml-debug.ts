/**
 * yaml's parser and composer print every token they read to standard output when the environment has
 * LOG_TOKENS or LOG_STREAM set: the whole file, secrets included. The core reads no environment, so each
 * Node process that reads YAML (the CLI, the Action, the language server) turns that output off at its
 * start, before it reads any file. (A web worker has no environment.)
 */
export function turnOffYamlDebugOutput(env: Record<string, string | undefined> = process.env): void {
  delete env.LOG_TOKENS;
  delete env.LOG_STREAM;
}
