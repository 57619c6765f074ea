import { defineRule } from '../rule';

// Reported by the engine with the suppression comments (see suppress.ts): a directive is read
// from the file's comments, not from the configuration the other rules see.
export default defineRule({
  meta: {
    id: 'invalid-suppression',
    defaultSeverity: 'error',
    summary: 'A suppression comment whose directive or rule id does not exist: it suppresses nothing.',
    details:
      "The directives are ESLint's, with the prefix `search-config-`: `search-config-disable-next-line`, `search-config-disable-line` (at the end of the line it silences), and `search-config-disable` … `search-config-enable` around a block, each with optional comma-separated rule ids and an optional `-- reason`. They are read in every comment syntax of every format: `//` and `/* */` in `.jsonc` and Terraform, `#` in Terraform, YAML, `.http` files and shell scripts, `<!-- -->` in Markdown. A comment that starts with `search-config-` and a word that is not one of these directives (`search-config-disable-lines`, `search-config-ignore`), or that names a rule that does not exist (a typo, a sentence after the ids without ` -- `), is reported and suppresses nothing: the findings it was meant to silence are still reported, so that a misspelt directive never silences more, or less, than it says. The suggestion writes the directive or rule id meant, when one is close.",
    fixable: false,
    examples: {
      valid: [
        {
          code: '{\n  // search-config-disable-next-line type-mismatch -- converted by our deploy script\n  "static_ips": "true"\n}',
          fileName: 'a.search.jsonc',
        },
      ],
      invalid: [
        { code: '{\n  // search-config-disable-next-line type-missmatch\n  "static_ips": "true"\n}', fileName: 'a.search.jsonc' },
        { code: 'static_ips: "true" # search-config-disable-lines type-mismatch\n', fileName: 'a.search.yaml' },
      ],
    },
  },
  check() {
    /* reported by the engine with the suppression comments */
  },
});
