import { defineRule } from '../rule';

// Reported by the engine once every other rule has run, because only then is it known
// which suppression comments suppressed something (see suppress.ts).
export default defineRule({
  meta: {
    id: 'unused-suppression',
    defaultSeverity: 'warning',
    summary: 'A suppression comment that suppresses nothing.',
    details:
      "Suppression comments are ESLint's directives (`search-config-disable-next-line`, `search-config-disable-line`, `search-config-disable` … `search-config-enable`, each with optional rule ids and ` -- reason`), read in every comment syntax of every format: `//` and `/* */` in `.jsonc` and Terraform, `#` in Terraform, YAML, `.http` files and shell scripts, `<!-- … -->` in Markdown. Only a real comment of the file's own syntax is a directive: never text inside a string, a heredoc or a YAML block scalar; in request files not inside a request body, in scripts not inside quotes or a here-document, in Markdown only inside code blocks of a request or shell language (not in `json`/`jsonc` examples, not in prose, where only a line-starting `<!-- … -->` counts). A directive that silences nothing is stale: once the problem it hid is gone, it would hide the next one. It is reported per rule: in `disable-next-line a, b` where only `a` silenced something, the finding is on `b` and the fix removes `b` from the list; a comment of which nothing silenced anything is reported once and the fix removes it (and its line, when the line holds nothing else). An `enable` of a rule that no `disable` above turned off is reported too.",
    fixable: true,
    examples: {
      valid: [
        {
          code: '{\n  // search-config-disable-next-line type-mismatch -- converted by our deploy script\n  "static_ips": "true"\n}',
          fileName: 'a.search.jsonc',
        },
      ],
      invalid: [
        { code: '{\n  // search-config-disable-next-line type-mismatch\n  "static_ips": true\n}', fileName: 'a.search.jsonc' },
        {
          code: '# search-config-disable-next-line blocked-endpoint\nGET https://search.example.com/_cluster/health\n',
          fileName: 'health.http',
        },
        { code: '{\n  // search-config-disable-next-line type-mismatch, unit-hint\n  "static_ips": "true"\n}', fileName: 'a.search.jsonc' },
      ],
    },
  },
  check() {
    /* reported by the engine after suppression */
  },
});
