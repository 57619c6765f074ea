/**
 * Request files, runbooks and scripts with their credentials replaced by `***`, for output that quotes
 * their lines (the diff of `--fix-dry-run`): user info in URLs, `Authorization`, `Cookie` and other
 * credential headers (also inside `curl -H '…'`), curl's `-u`/`--user`/`--oauth2-bearer` values, query
 * parameters, `@name = value` file variables, shell assignments and JSON members whose names say they
 * hold a credential. Line breaks and everything else are kept, so that a diff of the masked texts has
 * the same lines as the real one.
 */
export const CREDENTIAL_NAME = /pass|secret|token|key|auth|cookie|credential|session/i;

const FILE_VARIABLE = /^(\s*@([^\s=]+)\s*=\s*)(\S.*)$/;
const ASSIGNMENT = /(^|[\s;&|(])((?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=)("[^"]*"|'[^']*'|[^\s;&|)]*)/g;
const HEADER = /\b(([A-Za-z][\w-]*)\s*:\s*)([^'"\r\n]+)/g;
const JSON_MEMBER = /("([^"\\]*)"\s*:\s*)("(?:[^"\\]|\\.)*"|[^\s,}\]]+)/g;
const USER_INFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s@'"]*@/gi;
const CURL_CREDENTIAL = /((?:^|\s)(?:-u|--user|--proxy-user|--oauth2-bearer)(?:\s+|=)?)("[^"]*"|'[^']*'|\S+)/g;
const QUERY_PARAMETER = /([?&]([^=&#?\s'"]*)=)([^&#\s'"]*)/g;

export function maskRequestCredentials(text: string): string {
  // A CRLF file's `\r` is set aside: a pattern anchored at the line's end would not match before it.
  return text.split('\n').map((line) => (line.endsWith('\r') ? `${maskLine(line.slice(0, -1))}\r` : maskLine(line))).join('\n');
}

function maskLine(line: string): string {
  const named = (all: string, head: string, name: string, value: string): string => (value && CREDENTIAL_NAME.test(name) ? `${head}***` : all);
  return line
    .replace(FILE_VARIABLE, named)
    .replace(ASSIGNMENT, (all, before: string, head: string, name: string, value: string) => (value && CREDENTIAL_NAME.test(name) ? `${before}${head}***` : all))
    .replace(HEADER, named)
    .replace(JSON_MEMBER, named)
    .replace(USER_INFO, '$1***@')
    .replace(CURL_CREDENTIAL, '$1***')
    .replace(QUERY_PARAMETER, named);
}
