/**
 * Every severity a finding can have reaches the editor as its own LSP DiagnosticSeverity: each of
 * four rules is set to another severity in the editor settings, and the diagnostics published in
 * a real conversation carry error 1, warning 2, information 3 and hint 4. Then the settings turn
 * around, and each diagnostic follows.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import { tempDir, TestClient, uriOf } from './harness';

// One finding of each rule, each on its own line (the rules' own test fixtures say why each is one).
const TEXT = '{\n  "max_index_count": 3,\n  "static_ips": "yes",\n  "static_ipz": true,\n  "ip_filter": ["10.0.0.0/33"]\n}\n';
const RULES = ['deprecated-field', 'type-mismatch', 'unknown-field', 'invalid-cidr'] as const;
const SEVERITIES = [
  ['error', DiagnosticSeverity.Error],
  ['warning', DiagnosticSeverity.Warning],
  ['info', DiagnosticSeverity.Information],
  ['hint', DiagnosticSeverity.Hint],
] as const;

/** The severity setting of each rule: the severities turned by `shift` places. */
const settingsTurnedBy = (shift: number) => ({
  baseline: 'none',
  rules: Object.fromEntries(RULES.map((id, i) => [id, SEVERITIES[(i + shift) % 4][0]])),
});

describe('LSP severities', () => {
  const dir = tempDir('severity');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: settingsTurnedBy(0) });
  });
  after(() => client.shutdown());

  it('error, warning, info and hint are published as DiagnosticSeverity 1, 2, 3 and 4', async () => {
    const uri = uriOf(path.join(dir, 'a.search.json'));
    await client.open(uri, TEXT);
    await client.diagnostics(uri, 1);
    const severityOf = (ds: Diagnostic[], id: string): DiagnosticSeverity | undefined => {
      const found = ds.filter((d) => d.code === id);
      assert.equal(found.length, 1, `one ${id} among ${ds.map((d) => d.code).join(', ')}`);
      return found[0].severity;
    };
    for (let shift = 0; shift < 4; shift++) {
      if (shift > 0) {
        const published = client.published.get(uri)!.length;
        client.settings = settingsTurnedBy(shift);
        await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
        await client.until('republish', () => client.published.get(uri)!.length > published);
      }
      const ds = client.published.get(uri)!.at(-1)!.diagnostics;
      for (const [i, id] of RULES.entries()) {
        const [setting, expected] = SEVERITIES[(i + shift) % 4];
        assert.equal(severityOf(ds, id), expected, `${id} set to ${setting}`);
      }
    }
  });
});
