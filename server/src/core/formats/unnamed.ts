import { requestLine } from '../request-files/http-file';
import { rootSchema } from '../schema';
import { hasOwn } from '../values';
import { holdsManifest, SEARCH_KIND_LINE } from './yaml/names';

/**
 * The name a text without one (standard input without --stdin-filename) is read under, from what it
 * holds, so that `helm template . | search-config lint -` is read as manifests and not as broken JSON:
 * - HCL (a top-level block such as `resource "..." "..." {`): `stdin.tf`;
 * - a `kind: Search` manifest, in YAML, flow or JSON style: `stdin.yaml`;
 * - JSON with a `resource` object and a `search_user_config` (Terraform's JSON syntax): `stdin.tf.json`;
 * - other text that starts as JSON does (`{`, `[`, after comments): `stdin.json`, a configuration or a
 *   Terraform plan (which the JSON reader tells apart by content);
 * - requests, whose first line (after `###` separators and comments) is a request line
 *   (`PUT https://search.example.com/_cluster/settings HTTP/1.1`): `stdin.http`;
 * - a shell script holding a `curl` command: `stdin.sh`;
 * - YAML whose top-level keys are all the configuration's fields (`search_version: "2.19"`):
 *   `stdin.search.yaml`, a configuration;
 * - any other text: `stdin.yaml`, read as manifests (a file with none says so).
 * A text search, linear in the text; no parse.
 */
export function nameForContent(text: string): string {
  // HCL first: a manifest inside HCL is in a heredoc or a string, while a YAML text has no HCL block header at a line's start.
  if (HCL_BLOCK.test(text) || startsWithHclBlock(text)) return 'stdin.tf';
  if (holdsManifest(text) && SEARCH_KIND_LINE.test(text)) return 'stdin.yaml';
  if (!startsAsJson(text)) {
    if (startsWithRequest(text)) return 'stdin.http';
    if (CURL_LINE.test(text)) return 'stdin.sh';
    return holdsConfigurationKeys(text) ? 'stdin.search.yaml' : 'stdin.yaml';
  }
  // Terraform's JSON syntax (`cdktf synth`): a `resource` object holding a search_user_config. A plan
  // has a format_version and no `resource` key.
  return TF_JSON_RESOURCE.test(text) && text.includes('"search_user_config"') && !PLAN_FORMAT.test(text) ? 'stdin.tf.json' : 'stdin.json';
}

const TF_JSON_RESOURCE = /"resource"\s*:\s*\{/;
const PLAN_FORMAT = /"format_version"\s*:/;

/** The types of Terraform's top-level blocks. */
const BLOCK_TYPES = 'resource|data|module|variable|locals|terraform|provider|output|moved|import|removed|check';

/**
 * A top-level HCL block header at a line's start (after a byte order mark at the text's): its type, then
 * a label or the brace (YAML has a colon after a key).
 */
const HCL_BLOCK = new RegExp(`^\\uFEFF?(?:${BLOCK_TYPES})[ \\t]+["{]`, 'm');
const INDENTED_HCL_BLOCK = new RegExp(`^[ \\t]+(?:${BLOCK_TYPES})[ \\t]+["{]`);

/**
 * Whether the first line that is not blank or a comment is a block header, indented (HCL does not mind
 * the indentation); only the first such line counts, where an indented one later may be text in YAML.
 */
function startsWithHclBlock(text: string): boolean {
  let from = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let lines = 0; from < text.length && lines < 64; lines++) {
    let end = text.indexOf('\n', from);
    if (end < 0) end = text.length;
    const line = text.slice(from, Math.min(end, from + 4096));
    from = end + 1;
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith('//')) continue;
    return INDENTED_HCL_BLOCK.test(line);
  }
  return false;
}

/** Whether the first thing after blanks and comments (line and block ones, as JSONC has) is `{` or `[`. */
function startsAsJson(text: string): boolean {
  let i = 0;
  for (;;) {
    while (i < text.length && /[\s\uFEFF]/.test(text[i])) i++;
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      if (end < 0) return false;
      i = end + 1;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return false;
      i = end + 2;
      continue;
    }
    return text[i] === '{' || text[i] === '[';
  }
}

/** Whether the first line that is not blank, a `###` separator or a comment is a request line. */
function startsWithRequest(text: string): boolean {
  let from = 0;
  // Only the first lines are read: a request file starts with its request after a few comments.
  for (let lines = 0; from < text.length && lines < 64; lines++) {
    let end = text.indexOf('\n', from);
    if (end < 0) end = text.length;
    const line = text.slice(from, Math.min(end, from + 4096)).trim();
    from = end + 1;
    if (!line || line.startsWith('#') || line.startsWith('//')) continue;
    // A request line as the .http reader reads it, with its method written (the line is trimmed, so
    // the target starts after the method only when there is one) and a target of one word: a bare
    // URL, or a sentence that opens with "Get", starts no request file.
    const request = requestLine({ text: line, offset: 0, index: 0 });
    return !!request && request.offset > 0 && !/\s/.test(request.target);
  }
  return false;
}

/** A `curl` command at a line's start (after blanks, `$ ` or `sudo `), as scripts and runbooks hold it. */
const CURL_LINE = /^[ \t]*(?:\$[ \t]+)?curl[ \t]/m;

/**
 * Whether every top-level key of a YAML text (a key at a line's start) is a field of the
 * configuration, and there is at least one: a configuration written in YAML, not a manifest.
 */
function holdsConfigurationKeys(text: string): boolean {
  let found = false;
  for (const m of text.matchAll(TOP_LEVEL_KEY)) {
    const key = m[1] ?? m[2] ?? m[3];
    if (!rootSchema.properties || !hasOwn(rootSchema.properties, key)) return false;
    found = true;
  }
  return found;
}

/** A key at a line's start, bare or quoted, followed by a colon. */
const TOP_LEVEL_KEY = /^(?:([A-Za-z_][\w.-]*)|"([^"\n]*)"|'([^'\n]*)')[ \t]*:(?:[ \t]|$)/gm;
