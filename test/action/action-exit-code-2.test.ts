/**
 * The Action when lint exits with 2 (a path that cannot be read, an invalid .search-lint.json, a refused
 * input): the files that were linted are still annotated, summed up in the job summary and written to the
 * SARIF file, and the outputs say exit-code 2.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { runAction } from '../../server/src/action/run';

function workspace(t: TestContext, files: Record<string, string>): { dir: string; state: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-action-ws-'));
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'search-config-action-runner-'));
  t.after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(state, { recursive: true, force: true });
  });
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return { dir, state };
}

async function act(ws: { dir: string; state: string }, inputs: Record<string, string>) {
  const summary = path.join(ws.state, 'summary.md');
  const output = path.join(ws.state, 'output.txt');
  fs.writeFileSync(summary, '');
  fs.writeFileSync(output, '');
  let out = '';
  const env = {
    GITHUB_WORKSPACE: ws.dir,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
  };
  const code = await runAction(env, {
    out: (s) => {
      out += s;
    },
    err: () => {},
  });
  const outputs = Object.fromEntries(
    fs
      .readFileSync(output, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );
  return { code, out, outputs, summary: fs.readFileSync(summary, 'utf8') };
}

const REFUSED = 'PUT https://h/_snapshot/x\n';

test('a path that cannot be read among others: the others are annotated, summed up and in the SARIF file; exit-code 2', async (t) => {
  const ws = workspace(t, { 'ops/ops.http': REFUSED });
  const r = await act(ws, { paths: 'ops/ops.http missing.http', 'sarif-file': 'results.sarif' });
  assert.equal(r.code, 2);
  assert.match(r.out, /^::error file=ops\/ops\.http,line=1,.*title=blocked-endpoint::PUT \/_snapshot\/x is refused/m);
  assert.match(r.out, /^::error title=search-config::search-config lint: missing\.http cannot be read/m);
  assert.deepEqual(r.outputs, {
    'error-count': '1',
    'warning-count': '0',
    'info-count': '0',
    'sarif-file': 'results.sarif',
    'exit-code': '2',
  });
  assert.match(r.summary, /1 configuration file checked: \*\*1 error\*\*/);
  assert.match(r.summary, /missing\.http cannot be read/);
  assert.match(r.summary, /\| `ops\/ops\.http:1:5` \| .* \| \[blocked-endpoint\]/);
  const sarif = JSON.parse(fs.readFileSync(path.join(ws.dir, 'results.sarif'), 'utf8')) as { runs: Array<{ results: unknown[] }> };
  assert.equal(sarif.runs[0].results.length, 1);
});

test('exit code 2 fails the step even when fail-on-findings is false: it is no finding', async (t) => {
  const ws = workspace(t, { 'ops/ops.http': REFUSED });
  const r = await act(ws, { paths: 'ops/ops.http missing.http', 'fail-on-findings': 'false' });
  assert.equal(r.code, 2);
  assert.equal(r.outputs['exit-code'], '2');
});

test('an invalid .search-lint.json: the summary, the outputs and the SARIF file are written', async (t) => {
  const ws = workspace(t, { 'ops/ops.http': REFUSED, '.search-lint.json': '{"rules": {"no-such-rule": "error"}}\n' });
  const r = await act(ws, { paths: 'ops/ops.http', 'sarif-file': 'out/results.sarif' });
  assert.equal(r.code, 2);
  assert.equal(r.outputs['exit-code'], '2');
  assert.equal(r.outputs['sarif-file'], 'out/results.sarif');
  assert.ok(fs.existsSync(path.join(ws.dir, 'out/results.sarif')));
  assert.match(r.summary, /no-such-rule/);
});

test('a value the CLI refuses: exit-code 2 in the outputs, no SARIF file named, one annotation without the pointer to --help', async (t) => {
  const ws = workspace(t, { 'ops/ops.http': REFUSED });
  const r = await act(ws, { paths: 'ops/ops.http', 'max-warnings': 'many', 'sarif-file': 'results.sarif' });
  assert.equal(r.code, 2);
  assert.equal(r.outputs['exit-code'], '2');
  assert.equal(r.outputs['sarif-file'], '');
  assert.ok(!fs.existsSync(path.join(ws.dir, 'results.sarif')));
  const errors = r.out.split('\n').filter((l) => l.startsWith('::error'));
  assert.equal(errors.length, 1, r.out);
  assert.match(errors[0], /--max-warnings takes a whole number, not "many"/);
  assert.match(r.summary, /--max-warnings takes a whole number/);
});
