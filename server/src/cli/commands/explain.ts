import type { Command } from '../io';
import { fieldText, resolveTopic, ruleText, topicJson } from '../../core/explain';

export const EXPLAIN_USAGE = `Usage: search-config explain <field-path|engine-setting|rule-id> [--format text|json]

Shows the documentation of a configuration field (type, default, unit, bounds, engine
setting, restart and create-only notes, deprecation) or of a rule.

Examples:
  search-config explain search.http_max_content_length
  search-config explain http.max_content_length      (engine setting name)
  search-config explain ip_filter[0]
  search-config explain restart-required

Exit codes: 0 shown, 2 unknown name or usage error.
`;

const run: Command = async (argv, io) => {
  let format: 'text' | 'json' = 'text';
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      io.out(EXPLAIN_USAGE);
      return 0;
    }
    if (a === '--format' || a.startsWith('--format=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v !== 'text' && v !== 'json') {
        io.err(`search-config explain: --format takes text or json${v === undefined ? '' : `, not "${v}"`}\n`);
        return 2;
      }
      format = v;
    } else if (a.startsWith('--')) {
      io.err(`search-config explain: unknown option ${a}\n\n${EXPLAIN_USAGE}`);
      return 2;
    } else names.push(a);
  }
  if (names.length !== 1) {
    io.err(`search-config explain: expected one field path or rule id, got ${names.length}\n\n${EXPLAIN_USAGE}`);
    return 2;
  }
  const topic = resolveTopic(names[0]);
  if (topic.kind === 'unknown') {
    const hint = topic.suggestions.length
      ? ` Did you mean ${topic.suggestions.map((s) => `"${s}"`).join(', ')}?`
      : ' Run "search-config explain --help" for examples.';
    if (format === 'json') io.out(`${JSON.stringify({ ...(topicJson(topic) as object), name: names[0] }, null, 2)}\n`);
    io.err(`search-config explain: "${names[0]}" is neither a configuration field nor a rule.${hint}\n`);
    return 2;
  }
  if (format === 'json') io.out(`${JSON.stringify(topicJson(topic), null, 2)}\n`);
  else io.out(topic.kind === 'rule' ? ruleText(topic.rule) : fieldText(topic.field, topic.via));
  return 0;
};
export default run;
