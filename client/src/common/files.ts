import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  READ_DIRECTORY_METHOD,
  READ_FILE_METHOD,
  type ReadDirectoryAnswer,
  type ReadFileAnswer,
  type UriParams,
} from '../../../server/src/lsp/client-reads';
import type { DirectoryEntry } from '../../../server/src/lsp/runtime';

/** A settings file or a baseline larger than this is not something to hand to the server. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Reads files and directories for a language server that has no disk (the one in a web worker), through
 * VS Code's file system: the same calls work on disk, in a remote and in a virtual workspace (github.dev).
 */
export function answerFileRequests(client: BaseLanguageClient): vscode.Disposable {
  const decoder = new TextDecoder('utf-8');
  const file = client.onRequest(READ_FILE_METHOD, async ({ uri }: UriParams): Promise<ReadFileAnswer> => {
    try {
      const target = vscode.Uri.parse(uri, true);
      const stat = await vscode.workspace.fs.stat(target);
      if (stat.type & vscode.FileType.Directory) return { ok: false, missing: true, message: 'is a directory' };
      if (stat.size > MAX_FILE_BYTES) return { ok: false, missing: false, message: `is larger than ${MAX_FILE_BYTES} bytes` };
      return { ok: true, text: decoder.decode(await vscode.workspace.fs.readFile(target)) };
    } catch (err) {
      const code = err instanceof vscode.FileSystemError ? err.code : undefined;
      return { ok: false, missing: code === 'FileNotFound' || code === 'EntryNotFound', message: code ?? 'cannot be read' };
    }
  });
  const directory = client.onRequest(READ_DIRECTORY_METHOD, async ({ uri }: UriParams): Promise<ReadDirectoryAnswer> => {
    try {
      const entries = await vscode.workspace.fs.readDirectory(vscode.Uri.parse(uri, true));
      return entries.flatMap(([name, type]): DirectoryEntry[] =>
        type & vscode.FileType.Directory ? [{ name, type: 'directory' }] : type & vscode.FileType.File ? [{ name, type: 'file' }] : [],
      );
    } catch {
      return null;
    }
  });
  return vscode.Disposable.from(file, directory);
}
