import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RULES_BY_ID } from '../../server/src/core';
import { CLEAN, ONE_ERROR_ONE_WARNING, removeTree, runCli, tempTree } from './support';

test('a rule that throws gives exit 2 and a message, and every file is still reported', async () => {
  const rule = RULES_BY_ID.get('deprecated-field')!;
  const original = rule.check;
  const dir = tempTree({ 'a.search.json': ONE_ERROR_ONE_WARNING, 'b.search.json': CLEAN });
  rule.check = () => {
    throw new Error('simulated failure');
  };
  try {
    const r = await runCli(['lint', '--format', 'json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.err, /internal error in rule deprecated-field while checking a\.search\.json: simulated failure/);
    const results = JSON.parse(r.out);
    assert.deepEqual(
      results.map((f: { filePath: string }) => f.filePath),
      ['a.search.json', 'b.search.json'],
    );
    assert.equal(results[0].errorCount, 1, 'the other rules still ran');
  } finally {
    rule.check = original;
    removeTree(dir);
  }
});

test('--cpus and "cpus" in .search-lint.json enable the thread pool checks', async () => {
  const text = '{ "search": { "thread_pool_write_size": 16 } }';
  const dir = tempTree({ 'a.search.json': text, 'b/.search-lint.json': '{ "cpus": 4 }', 'b/a.search.json': text });
  try {
    const ids = async (...argv: string[]) =>
      JSON.parse((await runCli(['lint', '--format', 'json', ...argv], { cwd: dir })).out).map(
        (f: { messages: Array<{ ruleId: string }> }) => f.messages.filter((m) => m.ruleId === 'thread-pool-capped').length,
      );
    assert.deepEqual(await ids('a.search.json', 'b/a.search.json'), [0, 1]);
    assert.deepEqual(await ids('--cpus', '4', 'a.search.json'), [1]);
    assert.deepEqual(await ids('--cpus', '64', 'b/a.search.json'), [0], '--cpus wins over the settings file');
  } finally {
    removeTree(dir);
  }
});
