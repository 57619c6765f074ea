import type { Connection } from 'vscode-languageserver/browser';
import {
  READ_DIRECTORY_METHOD,
  READ_FILE_METHOD,
  type ReadDirectoryAnswer,
  type ReadFileAnswer,
  type UriParams,
} from '../lsp/client-reads';
import type { ReadResult, ServerRuntime } from '../lsp/runtime';

// The editor answers these through `vscode.workspace.fs`, which also reads virtual workspaces such as github.dev.
const readFileParams = (uri: string): UriParams => ({ uri });

/**
 * The language server in a browser web worker: files come from the editor, and there is no git.
 * `loadTerraformParser` is there when the extension said where the parser is.
 */
export function browserRuntime(connection: Connection, loadTerraformParser?: () => Promise<void>): ServerRuntime {
  // A message posted to our own port is queued behind the messages already waiting, as Node's
  // setImmediate is; a timer would be clamped to several milliseconds per turn.
  const channel = new MessageChannel();
  const queued: Array<() => void> = [];
  (channel.port1 as unknown as { onmessage: () => void }).onmessage = () => {
    queued.shift()?.();
  };
  return {
    host: 'browser-worker',
    loadTerraformParser,
    readFile: async (uri) => {
      try {
        const answer: unknown = await connection.sendRequest<ReadFileAnswer>(READ_FILE_METHOD, readFileParams(uri));
        if (isReadResult(answer)) return answer;
        // A client that answers with something else (null, say) has no file to give.
        return { ok: false, missing: true, message: 'the editor gave no file' };
      } catch (err) {
        // A client that does not answer this request (another editor) has no files to give.
        return { ok: false, missing: true, message: err instanceof Error ? err.message : String(err) };
      }
    },
    readDirectory: async (uri) => {
      try {
        const answer: unknown = await connection.sendRequest<ReadDirectoryAnswer>(READ_DIRECTORY_METHOD, readFileParams(uri));
        return Array.isArray(answer)
          ? answer.filter((e) => typeof e?.name === 'string' && (e.type === 'file' || e.type === 'directory'))
          : undefined;
      } catch {
        return undefined;
      }
    },
    nextTurn: (callback) => {
      queued.push(callback);
      channel.port2.postMessage(null);
    },
    setBackgroundTimeout: (callback, ms) => {
      const timer = setTimeout(callback, ms);
      return { cancel: () => clearTimeout(timer) };
    },
  };
}

function isReadResult(v: unknown): v is ReadResult {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return r.ok === true ? typeof r.text === 'string' : r.ok === false && typeof r.message === 'string';
}
