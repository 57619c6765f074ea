import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentAround, yamlCompletions } from '../../../../server/src/core/editor/yaml-completion';

// Completion in a YAML file reads only the document (between `---` markers) that holds the cursor:
// in a manifest file of many documents, the others are never parsed. What it offers must be what
// the same document gives alone, wherever it stands in the file.

const search = (name: string, config: string): string =>
  `apiVersion: vendor.io/v1alpha1\nkind: Search\nmetadata:\n  name: ${name}\nspec:\n  userConfig:\n${config}`;
const LOGS = search('logs', '    search_version: "2"\n    search:\n      http_max_content_length: 1024\n      \n    \n');
const METRICS = search('metrics', '    index_patterns:\n      - pattern: "logs-*"\n        \n    \n');
const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  search_version: "2"\n  \n';

/** Every blank line's end: where a member is typed. */
const blankEnds = (text: string): number[] => {
  const out: number[] = [];
  let from = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) out.push(from + line.length);
    from += line.length + 1;
  }
  return out;
};

const labels = (text: string, offset: number, fileName = 'deploy.yaml'): string[] =>
  yamlCompletions(text, offset, { snippets: false, fileName }).map((c) => `${c.label}=${c.insertText}@${c.replace.offset}`);

test('a document among many completes as it does alone, at its own offsets', () => {
  const docs = [CONFIG_MAP, LOGS, ...Array.from({ length: 40 }, () => CONFIG_MAP), METRICS, CONFIG_MAP];
  const text = docs.join('---\n');
  let offered = 0;
  docs.forEach((doc, i) => {
    const from = docs.slice(0, i).reduce((n, d) => n + d.length + 4, 0);
    const alone = i === 0 ? doc : `---\n${doc}`;
    const shift = i === 0 ? 0 : 4;
    for (const at of blankEnds(doc)) {
      const inFile = labels(text, from + at);
      const inAlone = labels(alone, at + shift).map((l) => l.replace(/@(\d+)$/, (_, n: string) => `@${Number(n) - shift + from}`));
      assert.deepEqual(inFile, inAlone, `document ${i + 1}, offset ${at}`);
      offered += inFile.length;
    }
  });
  assert.ok(offered > 20, `the positions checked offer members (${offered})`);
});

test('the document around an offset runs from its marker to the next one; the whole text when markers cannot tell', () => {
  const text = `${CONFIG_MAP}---\n${LOGS}---\n${METRICS}`;
  const second = CONFIG_MAP.length;
  const third = second + 4 + LOGS.length;
  assert.deepEqual(documentAround(text, 3), { from: 0, to: second });
  assert.deepEqual(documentAround(text, second + 10), { from: second, to: third });
  assert.deepEqual(documentAround(text, text.length), { from: third, to: text.length });
  assert.deepEqual(documentAround(`%YAML 1.2\n---\n${LOGS}`, 20), { from: 0, to: LOGS.length + 14 });
});

test('a *.search.yaml file of several documents completes each one', () => {
  const text = 'search_version: "2"\n\n---\nsearch:\n  \n';
  assert.ok(labels(text, text.indexOf('\n\n') + 1, 'two.search.yaml').some((l) => l.startsWith('search=')));
  const inSearch = labels(text, text.length - 1, 'two.search.yaml');
  assert.ok(
    inSearch.some((l) => l.startsWith('http_max_content_length=')),
    inSearch.join(', '),
  );
});

test('a template document offers nothing; the other documents of the same file are completed', () => {
  const text = `${LOGS}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n`;
  const at = blankEnds(LOGS)[0];
  assert.deepEqual(labels(text, at), labels(LOGS, at), 'a template action in another document changes nothing here');
  assert.ok(labels(LOGS, at).length > 0, 'the same document alone is completed');
  const templated = LOGS.replace('name: logs', 'name: {{ .Release.Name }}');
  assert.deepEqual(labels(templated, blankEnds(templated)[0]), [], 'a document with a template action is not read');
});
