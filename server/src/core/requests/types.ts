/** A REST request found in a request file, runbook or script, with where it stands in the text. */
export interface FoundRequest {
  /** As written; upper-cased for the dialects whose tools upper-case it (.http, console). */
  method: string;
  /** The request target as written: an absolute URL, a path, or a path after a host variable. */
  target: string;
  /** The target after variables of the file were put in; undefined parts stay as written. */
  resolved: string;
  format: 'http' | 'console' | 'curl';
  /** Offset and length of the target (or of the command when the target is not on its line). */
  offset: number;
  length: number;
  /** The request body when it is written inline (not a file reference). */
  body?: string;
}

export type RequestFileKind = 'http' | 'markdown' | 'shell';

/** Which kind of request file a name is, by its extension; undefined for anything else. */
export function requestFileKind(fileName: string | undefined): RequestFileKind | undefined {
  const m = /\.([a-z]+)$/i.exec(fileName ?? '');
  switch (m?.[1].toLowerCase()) {
    case 'http': case 'rest': return 'http';
    case 'md': case 'markdown': return 'markdown';
    case 'sh': case 'bash': return 'shell';
    default: return undefined;
  }
}
