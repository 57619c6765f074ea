import { formatPath } from '../paths';
import { defineRule } from '../rule';
import { shortened } from '../values';

const showKey = (key: string): string => JSON.stringify(shortened(key));

export default defineRule({
  meta: {
    id: 'duplicate-key',
    defaultSeverity: 'error',
    summary: 'A key must appear only once in an object.',
    details:
      'When an object holds the same key twice, the API keeps the last value and silently ignores the earlier ones, so an edit to the first occurrence has no effect. The finding is on each repeated key and points at the first occurrence. A suggestion removes the earlier occurrences, which keeps what the API does today; decide which value you meant before applying it. In a Terraform file nothing is kept last: Terraform refuses an argument set twice (and a block that may appear once, written twice: a second `search_user_config` block in one resource too, though each block is still checked), in HCL and in its JSON syntax, and `ip_filter_object`, `ip_filter_string` and `ip_filter` all set `ip_filter`, which the provider refuses twice: these are reported without the suggestion, since the file must say which one it means. A `dynamic` block counts as written when its `for_each` is a list or object written out with elements, once per element: for a block the provider takes once, a second element is reported (once for the dynamic block), and no fix removes a block that a dynamic block makes. One whose `for_each` is known only at plan may make no block: beside a written block of a type the provider takes once it is still reported, saying that the file is refused unless it makes none (the two cannot both hold), but beside a written `search_user_config` it is not, since each of those blocks is checked as a configuration of its own.',
    fixable: false,
    examples: {
      valid: [{ code: '{ "search": { "http_max_content_length": 104857600 } }' }],
      invalid: [
        {
          code: '{\n  "static_ips": true,\n  "static_ips": false\n}',
          only: {
            formats: ['json'],
            why: 'a key written twice is in the text, not in the value; the next examples write it in Terraform and YAML.',
          },
        },
        {
          code: 'resource "vendor_search" "logs" {\n  search_user_config {\n    static_ips = true\n    static_ips = false\n  }\n}\n',
          fileName: 'main.tf',
        },
        { code: 'static_ips: true\nstatic_ips: false\n', fileName: 'prod.search.yaml' },
      ],
    },
  },
  check(ctx) {
    if (ctx.doc.noDuplicateKeys) return;
    for (const { path, key, occurrences, refused, holder } of ctx.doc.repeatedKeys()) {
      const first = occurrences[0].key;
      if (holder) {
        // The configuration's own block written again (a second search_user_config block of a resource):
        // each block is checked as a configuration, and merging them is the writer's decision, so no fix.
        for (const occurrence of occurrences.slice(1))
          ctx.report({
            path,
            at: occurrence.key,
            message: `${showKey(key)} is written more than once in ${holder}${refused ? `: ${refused}` : ''}. Merge them into one block.`,
            related: [{ message: `first ${showKey(key)} block`, range: ctx.doc.lines.rangeOf(first.offset, first.length) }],
          });
        continue;
      }
      if (refused) {
        // Refused, not merged (a key twice in Terraform or YAML, two spellings of Terraform's ip_filter):
        // which one is meant only the writer knows, so keeping the last is a suggestion at the last.
        const earlierLines = occurrences.slice(0, -1).map((p) => ctx.doc.lines.positionAt(p.member.offset).line + 1);
        occurrences.slice(1).forEach((occurrence, i) => {
          const edits = i === occurrences.length - 2 ? ctx.doc.editsFor([{ kind: 'remove-earlier', path, key }]) : undefined;
          ctx.report({
            path: [...path, key],
            at: occurrence.key,
            message: `${showKey(key)} is set more than once in ${path.length ? formatPath(path) : 'the configuration'}: ${refused}. Keep one of them.`,
            related: [{ message: `first setting of ${showKey(key)}`, range: ctx.doc.lines.rangeOf(first.offset, first.length) }],
            suggestions: edits
              ? [
                  {
                    title: `Keep the last ${showKey(key)}: remove the earlier (line${earlierLines.length > 1 ? 's' : ''} ${earlierLines.join(', ')})`,
                    edits,
                  },
                ]
              : undefined,
          });
        });
        continue;
      }
      const firstLine = ctx.doc.lines.positionAt(first.offset).line + 1;
      const where = path.length ? formatPath(path) : 'the top-level object';
      const earlier = occurrences.slice(0, -1);
      occurrences.slice(1).forEach((occurrence, i) => {
        const isLast = i === occurrences.length - 2;
        const earlierLines = isLast ? earlier.map((p) => ctx.doc.lines.positionAt(p.member.offset).line + 1) : [];
        const edits = isLast ? ctx.doc.editsFor([{ kind: 'remove-earlier', path, key }]) : undefined;
        ctx.report({
          path: [...path, key],
          at: occurrence.key,
          message: `${showKey(key)} appears more than once in ${where}; line ${firstLine} holds the first occurrence. The API keeps only the last one${isLast ? ', so the earlier value is ignored' : ', so this value is ignored too'}: keep a single ${showKey(key)}.`,
          related: [{ message: `first occurrence of ${showKey(key)}`, range: ctx.doc.lines.rangeOf(first.offset, first.length) }],
          suggestions: edits
            ? [
                {
                  title: `Remove the earlier ${showKey(key)} (line${earlierLines.length > 1 ? 's' : ''} ${earlierLines.join(', ')}), which the API ignores`,
                  edits,
                },
              ]
            : undefined,
        });
      });
    }
  },
});
