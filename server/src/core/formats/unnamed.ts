import { holdsManifest, SEARCH_KIND_LINE } from './yaml/names';

/**
 * The name a text without one (standard input without --stdin-filename) is read under, from what it
 * holds, so that `helm template . | search-config lint -` is read as manifests and not as broken JSON:
 * - HCL (a top-level block such as `resource "..." "..." {`): `stdin.tf`;
 * - a `kind: Search` manifest, in YAML, flow or JSON style: `stdin.yaml`;
 * - JSON with a `resource` object and a `search_user_config` (Terraform's JSON syntax): `stdin.tf.json`;
 * - other text that starts as JSON does (`{`, `[`, after comments): `stdin.json`, a configuration or a
 *   Terraform plan (which the JSON reader tells apart by content);
 * - any other text: `stdin.yaml`, read as manifests (a file with none says so).
 * A text search, linear in the text; no parse.
 */
export function nameForContent(text: string): string {
  // HCL first: a manifest inside HCL is in a heredoc or a string, while a YAML text has no HCL block header at a line's start.
  if (HCL_BLOCK.test(text)) return 'stdin.tf';
  if (holdsManifest(text) && SEARCH_KIND_LINE.test(text)) return 'stdin.yaml';
  if (!startsAsJson(text)) return 'stdin.yaml';
  // Terraform's JSON syntax (`cdktf synth`): a `resource` object holding a search_user_config. A plan
  // has a format_version and no `resource` key.
  return TF_JSON_RESOURCE.test(text) && text.includes('"search_user_config"') && !PLAN_FORMAT.test(text) ? 'stdin.tf.json' : 'stdin.json';
}

const TF_JSON_RESOURCE = /"resource"\s*:\s*\{/;
const PLAN_FORMAT = /"format_version"\s*:/;

/** A top-level HCL block header: its type, then a label or the brace (YAML has a colon after a key). */
const HCL_BLOCK = /^(?:resource|data|module|variable|locals|terraform|provider|output)[ \t]+["{]/m;

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
