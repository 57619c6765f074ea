import { defineRule } from '../rule';

// Reported by the engine once every other rule has run, because only then is it known
// which suppression comments suppressed something (see suppress.ts).
export default defineRule({
  meta: {
    id: 'unused-suppression',
    defaultSeverity: 'warning',
    summary: 'A suppression comment that suppresses nothing.',
    details: 'In `.jsonc` files, `// search-config-disable-next-line <rule-id> -- reason` silences a rule on the next line, and `// search-config-disable <rule-id>` ... `// search-config-enable` silences it for a block. In request files, runbooks and scripts, `# search-config-disable-next-line blocked-endpoint` (or `//`, or `<!-- … -->` in Markdown) silences the request on the next line. Only a real comment of the file\'s own syntax is a directive: in request files not inside a request body or a string, in scripts not inside quotes or a here-document, in Markdown only inside code blocks of a request or shell language (not in `json`/`jsonc` examples, not in prose, where only a line-starting `<!-- … -->` counts). A directive that silences nothing is stale: once the problem it hid is gone, it would hide the next one. The fix removes the comment (and its line, when the line holds nothing else), and nothing else.',
    fixable: true,
    examples: {
      valid: [{ code: '{\n  // search-config-disable-next-line type-mismatch -- converted by our deploy script\n  "static_ips": "true"\n}', fileName: 'a.search.jsonc' }],
      invalid: [
        { code: '{\n  // search-config-disable-next-line type-mismatch\n  "static_ips": true\n}', fileName: 'a.search.jsonc' },
        { code: '# search-config-disable-next-line blocked-endpoint\nGET https://search.example.com/_cluster/health\n', fileName: 'health.http' },
      ],
    },
  },
  check() { /* reported by the engine after suppression */ },
});
