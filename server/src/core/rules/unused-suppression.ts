import { defineRule } from '../rule';

// Reported by the engine once every other rule has run, because only then is it known
// which suppression comments suppressed something (see suppress.ts).
export default defineRule({
  meta: {
    id: 'unused-suppression',
    defaultSeverity: 'warning',
    summary: 'A suppression comment that suppresses nothing.',
    details: 'In `.jsonc` files, `// search-config-disable-next-line <rule-id> -- reason` silences a rule on the next line, and `// search-config-disable <rule-id>` ... `// search-config-enable` silences it for a block. A directive that silences nothing is stale: once the problem it hid is gone, it would hide the next one. The fix removes the comment.',
    fixable: true,
    examples: {
      valid: [{ code: '{\n  // search-config-disable-next-line type-mismatch -- converted by our deploy script\n  "static_ips": "true"\n}', fileName: 'a.search.jsonc' }],
      invalid: [{ code: '{\n  // search-config-disable-next-line type-mismatch\n  "static_ips": true\n}', fileName: 'a.search.jsonc' }],
    },
  },
  check() { /* reported by the engine after suppression */ },
});
