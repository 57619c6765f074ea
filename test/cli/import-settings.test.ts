/**
 * `search-config import-settings`: engine settings of a self-managed cluster (opensearch.yml, a
 * `_cluster/settings` body or response) turned into the service configuration, printed or merged.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { BIN, FIXTURES, removeTree, runCli, tempTree } from './support';
import { readSettingsYaml, YAML_LIMITS } from '../../server/src/cli/settings-yaml';
import { DEFAULT_MAX_FILE_SIZE } from '../../server/src/core/types';
import { HOSTILE_YAML } from '../support/hostile-yaml';

const IMPORT = path.join(FIXTURES, 'import');
const MB = 1024 * 1024;

test('an opensearch.yml (flat, nested and mixed keys) becomes configuration fields; what cannot be carried over is listed', async () => {
  const r = await runCli(['import-settings', 'opensearch.yml'], { cwd: IMPORT });
  assert.equal(r.code, 1, r.err);
  assert.deepEqual(JSON.parse(r.out), {
    search: {
      http_max_content_length: 200 * MB,
      http_max_header_size: 16 * 1024,
      http_max_initial_line_length: 8 * 1024,
      indices_query_bool_max_clause_count: 4096,
      indices_memory_index_buffer_size: 15,
      indices_recovery_max_bytes_per_sec: 80,
      search_max_buckets: 20000,
      action_auto_create_index_enabled: false,
      action_destructive_requires_name: true,
      cluster_max_shards_per_node: 2000,
      script_max_compilations_rate: '75/5m',
      thread_pool_search_size: 13,
      reindex_remote_whitelist: ['old-cluster.example.com:9200', 'archive.example.com:9200'],
      ism_enabled: true,
      ism_history_rollover_retention_period: 30,
    },
  });
  const lines = r.err.trim().split('\n');
  for (const [setting, why] of [
    ['cluster.name', /no configuration field/],
    ['node.name', /no configuration field/],
    ['discovery.seed_hosts', /no configuration field/],
    ['indices.fielddata.cache.size', /"8gb" is not a percentage/],
    ['thread_pool.write.queue_size', /outside the allowed range/],
    // Named as the file writes it (the legacy opendistro. prefix), not by its current name.
    ['opendistro.index_state_management.history.max_age', /"90m" is 1\.5 hours, not a whole number/],
  ] as const) {
    assert.ok(
      lines.some((l) => l.includes(` ${setting} `) && why.test(l)),
      `${setting}: ${r.err}`,
    );
  }
});

test('a _cluster/settings response: transient wins over persistent, defaults are left out', async () => {
  const r = await runCli(['import-settings', 'cluster-settings-response.json'], { cwd: IMPORT });
  assert.equal(r.code, 1);
  assert.deepEqual(JSON.parse(r.out), {
    search: { cluster_max_shards_per_node: 3000, indices_recovery_max_bytes_per_sec: 120, ism_history_max_docs: 2500000 },
  });
  assert.match(r.err, /2 settings under "defaults" left out/);
  assert.match(r.err, /cluster\.routing\.allocation\.disk\.watermark\.low has no configuration field/);
});

test('a PUT body whose settings all convert exits 0; standard input works', async () => {
  const body = fs.readFileSync(path.join(IMPORT, 'put-body.json'), 'utf8');
  const r = await runCli(['import-settings', '-'], { cwd: IMPORT, stdin: body });
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(JSON.parse(r.out), {
    search: { search_max_buckets: 30000, indices_queries_cache_size: 20, cluster_routing_allocation_node_concurrent_recoveries: 4 },
  });
  assert.equal(r.err, '');
});

test('--merge-into sets the fields in a configuration, keeping its comments, and lints the result', async () => {
  const config =
    '{\n  // production logs\n  "search_version": "2.19",\n  "max_index_count": 5,\n  "search": {\n    "http_max_content_length": 1048576 // 1 MiB for now\n  }\n}\n';
  const dir = tempTree({
    'prod.search.jsonc': config,
    'settings.yml': 'http.max_content_length: 100mb\nsearch.max_buckets: 20000\nindices.recovery.max_bytes_per_sec: 1gb\n',
  });
  try {
    const r = await runCli(['import-settings', 'settings.yml', '--merge-into', 'prod.search.jsonc'], { cwd: dir });
    const merged = fs.readFileSync(path.join(dir, 'prod.search.jsonc'), 'utf8');
    assert.equal(
      merged,
      '{\n  // production logs\n  "search_version": "2.19",\n  "max_index_count": 5,\n  "search": {\n    "http_max_content_length": 104857600, // 1 MiB for now\n    "search_max_buckets": 20000\n  }\n}\n',
    );
    assert.match(r.err, /2 fields set in prod\.search\.jsonc/);
    assert.match(
      r.err,
      /indices\.recovery\.max_bytes_per_sec "1gb" is 1024 MB per second, outside the allowed range/,
      'a value the API would refuse is not written',
    );
    assert.equal(r.code, 1);
    assert.match(r.out, /prod\.search\.jsonc:4:3\s+warning\s+.*\s{2}deprecated-field$/m, 'the merged file is linted');
    const again = await runCli(['import-settings', 'settings.yml', '--merge-into', 'prod.search.jsonc'], { cwd: dir });
    assert.equal(again.code, 1);
    assert.equal(fs.readFileSync(path.join(dir, 'prod.search.jsonc'), 'utf8'), merged, 'merging again changes nothing');
  } finally {
    removeTree(dir);
  }
});

test('unreadable and malformed input exits 2 and changes nothing', async () => {
  const dir = tempTree({
    'bad.yml': 'a: [1, 2\n',
    'list.json': '[1, 2]',
    'prod.search.json': '{ "search": ',
    'ok.yml': 'search.max_buckets: 10\n',
  });
  try {
    assert.equal((await runCli(['import-settings', 'missing.yml'], { cwd: dir })).code, 2);
    const bad = await runCli(['import-settings', 'bad.yml'], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(bad.err, /cannot read bad\.yml: it is neither JSON nor YAML/);
    assert.equal((await runCli(['import-settings', 'list.json'], { cwd: dir })).code, 2);
    const broken = await runCli(['import-settings', 'ok.yml', '--merge-into', 'prod.search.json'], { cwd: dir });
    assert.equal(broken.code, 2);
    assert.equal(fs.readFileSync(path.join(dir, 'prod.search.json'), 'utf8'), '{ "search": ');
    assert.equal((await runCli(['import-settings'], { cwd: dir })).code, 2);
  } finally {
    removeTree(dir);
  }
});

test('the legacy list form key.0, key.1, … becomes a list; one setting written flat and nested is refused, exit 2', async () => {
  const dir = tempTree({
    'legacy.yml': 'reindex.remote.whitelist.0: a:1\nreindex.remote.whitelist.1: b:2\n',
    'twice.yml': 'indices.query.bool.max_clause_count: 2048\nindices:\n  query.bool.max_clause_count: 4096\n',
  });
  try {
    const legacy = await runCli(['import-settings', 'legacy.yml'], { cwd: dir });
    assert.equal(legacy.code, 0, legacy.err);
    assert.deepEqual(JSON.parse(legacy.out), { search: { reindex_remote_whitelist: ['a:1', 'b:2'] } });
    const body = await runCli(['import-settings', '-'], {
      cwd: dir,
      stdin: '{"persistent":{"reindex":{"remote":{"whitelist":{"0":"a:1","1":"b:2"}}}}}',
    });
    assert.equal(body.code, 0, body.err);
    assert.deepEqual(JSON.parse(body.out), { search: { reindex_remote_whitelist: ['a:1', 'b:2'] } });
    const twice = await runCli(['import-settings', 'twice.yml'], { cwd: dir });
    assert.equal(twice.code, 2, twice.err);
    assert.equal(twice.out, '');
    assert.match(
      twice.err,
      /cannot read twice\.yml: the setting indices\.query\.bool\.max_clause_count is written twice, as "indices\.query\.bool\.max_clause_count" and as "indices" > "query\.bool\.max_clause_count"; the engine refuses it/,
    );
  } finally {
    removeTree(dir);
  }
});

test('YAML anchors, aliases and merge keys within the limits are read; a repeated key keeps its last value, as with JSON.parse', async () => {
  const yml = [
    'common: &common',
    '  search.max_buckets: 20000',
    '  http.max_content_length: 100mb',
    'node:',
    '  <<: *common',
    '  search.max_buckets: 30000',
    'thread_pool.search.size: 8',
    'thread_pool.search.size: 13',
    '__proto__: {polluted: 1}',
  ].join('\n');
  const r = await runCli(['import-settings', '-'], { cwd: IMPORT, stdin: yml });
  assert.deepEqual(JSON.parse(r.out), { search: { thread_pool_search_size: 13 } });
  for (const setting of ['common.search.max_buckets', 'node.search.max_buckets', 'node.http.max_content_length', '__proto__.polluted'])
    assert.match(r.err, new RegExp(`${setting.replace(/\./g, '\\.')} has no configuration field`));
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  const read = readSettingsYaml(yml);
  assert.ok(read.ok);
  assert.deepEqual(read.value, {
    common: { 'search.max_buckets': 20000, 'http.max_content_length': '100mb' },
    node: { 'search.max_buckets': 30000, 'http.max_content_length': '100mb' },
    'thread_pool.search.size': 13,
    ['__proto__']: { polluted: 1 },
  });
});

test('YAML aliases that stand for far more than the file spells out: input-limit and exit 2, with work bounded by the size of the file (x1, x4, x16)', async () => {
  for (const [kind, make] of Object.entries(HOSTILE_YAML)) {
    const work: number[] = [];
    for (const scale of [1, 4, 16]) {
      const text = make(scale);
      const r = await runCli(['import-settings', '-'], { cwd: IMPORT, stdin: text });
      assert.equal(r.code, 2, `${kind} x${scale}: ${r.err.slice(0, 300)}`);
      assert.equal(r.out, '');
      assert.match(
        r.err,
        /^search-config import-settings: cannot read standard input: .*alias.*; nothing was converted \[input-limit\]\n$/,
        `${kind} x${scale}`,
      );
      const read = readSettingsYaml(text);
      assert.ok(!read.ok && read.limit, `${kind} x${scale}`);
      // Every node of the file is converted at most once (merged keys once per merge): never more
      // steps than characters, however much the aliases stand for.
      assert.ok(read.work <= text.length, `${kind} x${scale}: ${read.work} steps for ${text.length} characters`);
      work.push(read.work);
    }
    assert.ok(work[2] <= 1.5 * 16 * Math.max(work[0], 1), `${kind}: work ${work.join(', ')} at x1, x4, x16`);
  }
});

test('the limits on YAML aliases: their number, and what they stand for, counted before anything is expanded', () => {
  const list = (n: number): string => `[${Array.from({ length: n }, (_, i) => i).join(', ')}]`;
  const aliases = (n: number): string => `a: &a 1\nb: [${Array(n).fill('*a').join(', ')}]\n`;
  assert.ok(readSettingsYaml(aliases(YAML_LIMITS.aliases)).ok);
  const tooMany = readSettingsYaml(aliases(YAML_LIMITS.aliases + 1));
  assert.ok(!tooMany.ok && tooMany.limit && /more than 100 aliases/.test(tooMany.message));
  // Two aliases of a list of n values stand for 2 (n + 1) values.
  const half = YAML_LIMITS.aliasValues / 2 - 1;
  assert.ok(readSettingsYaml(`a: &a ${list(half)}\nb: *a\nc: *a\n`).ok);
  const tooManyValues = readSettingsYaml(`a: &a ${list(half + 1)}\nb: *a\nc: *a\n`);
  assert.ok(
    !tooManyValues.ok && tooManyValues.limit && /more than 10000 values/.test(tooManyValues.message),
    JSON.stringify(tooManyValues),
  );
  const tooLong = readSettingsYaml(`a: &a ${'x'.repeat(YAML_LIMITS.aliasCharacters / 2 + 1)}\nb: *a\nc: *a\n`);
  assert.ok(!tooLong.ok && tooLong.limit && /more than 1000000 characters/.test(tooLong.message));
  const cycle = readSettingsYaml('a: &a [1, *a]\n');
  assert.ok(!cycle.ok && cycle.limit && /the alias at line 1, column 11 is inside the node its anchor marks/.test(cycle.message));
  const anchoredKey = readSettingsYaml('&k search.max_buckets: 10\nother: *k\n*k : 20\n');
  assert.ok(anchoredKey.ok);
  assert.deepEqual(anchoredKey.value, { 'search.max_buckets': 20, other: 'search.max_buckets' });
  const unknown = readSettingsYaml('a: *nowhere\n');
  assert.ok(!unknown.ok && !unknown.limit && /the alias at line 1, column 4 names no anchor/.test(unknown.message));
});

test('YAML and JSON nested deeper than the limit: input-limit and exit 2, not a stack overflow (x1, x4, x16)', async () => {
  for (const scale of [1, 4, 16]) {
    const n = 100 * scale;
    const shapes = {
      'YAML flow lists': '['.repeat(n) + ']'.repeat(n),
      'YAML block lists': `${'- '.repeat(n)}x\n`,
      'YAML maps': Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n',
      'JSON lists in a setting': `{"reindex.remote.allowlist": ${'['.repeat(n)}${']'.repeat(n)}}`,
      'JSON objects': `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`,
    };
    for (const [shape, text] of Object.entries(shapes)) {
      const r = await runCli(['import-settings', '-'], { cwd: IMPORT, stdin: text });
      assert.equal(r.code, 2, `${shape} x${scale}: ${r.err.slice(0, 200)}`);
      assert.match(r.err, /nest more than 64 levels deep.*\[input-limit\]\n$/, `${shape} x${scale}`);
    }
  }
  // A million levels: reading stops at the first level too many.
  const r = await runCli(['import-settings', '-'], { cwd: IMPORT, stdin: '['.repeat(1_000_000) });
  assert.equal(r.code, 2);
  assert.match(r.err, /\[input-limit\]/);
});

test('standard input has the size limit of a file', async () => {
  const dir = tempTree({ 'big.yml': `search.max_buckets: 10\n# ${'x'.repeat(DEFAULT_MAX_FILE_SIZE)}\n` });
  try {
    const file = await runCli(['import-settings', 'big.yml'], { cwd: dir });
    assert.equal(file.code, 2);
    assert.match(
      file.err,
      /cannot read big\.yml: it is \d+ bytes, more than the 20971520 this command reads; nothing was converted \[input-limit\]/,
    );
    const stdin = await runCli(['import-settings', '-'], { cwd: dir, stdin: fs.readFileSync(path.join(dir, 'big.yml'), 'utf8') });
    assert.equal(stdin.code, 2);
    assert.match(
      stdin.err,
      /cannot read standard input: it is more than 20971520 bytes, the most this command reads; nothing was converted \[input-limit\]/,
    );
    assert.equal(stdin.out, '');
    const atLimit = await runCli(['import-settings', '-'], {
      cwd: dir,
      stdin: `search.max_buckets: 10\n#${'x'.repeat(DEFAULT_MAX_FILE_SIZE - 25)}\n`,
    });
    assert.equal(atLimit.code, 0, atLimit.err);
  } finally {
    removeTree(dir);
  }
});

test('the CLI stops reading standard input past the limit', () => {
  // The process closes its standard input after 20 MiB: writing the rest fails (EPIPE), which is the point.
  const r = spawnSync(process.execPath, [BIN, 'import-settings', '-'], {
    input: Buffer.alloc(DEFAULT_MAX_FILE_SIZE + 4 * 1024 * 1024, 'a'),
    encoding: 'utf8',
  });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /cannot read standard input: it is more than 20971520 bytes.*\[input-limit\]/);
});

test('YAML errors are reported by line and column, without the text of the file (the names of aliases included)', async () => {
  for (const text of [
    'a: "Cnry\\qSecret"\n',
    'a: |Cnry-header\n  x\n',
    'a: [1, 2\nb: Cnry',
    'a: *CnryAlias\n',
    'a: &CnryCycle [*CnryCycle]\n',
    '\n\n  a: 1\n b: "Cnry',
  ]) {
    const r = await runCli(['import-settings', '-'], { cwd: IMPORT, stdin: text });
    assert.equal(r.code, 2, text);
    assert.match(r.err, /cannot read standard input: .*line \d+, column \d+/, text);
    assert.ok(!r.err.includes('Cnry'), r.err);
  }
  const late = await runCli(['import-settings', '-'], { cwd: IMPORT, stdin: '\n\na: 1\nb: *nowhere\n' });
  assert.match(
    late.err,
    /the alias at line 4, column 4 names no anchor/,
    'lines are counted from the start of the input, blank lines included',
  );
});

test('--merge-into a file in a directory that does not exist: "cannot write", exit 2, nothing created', async () => {
  const dir = tempTree({ 'settings.yml': 'search.max_buckets: 20000\n' });
  try {
    for (const target of ['missing/prod.search.json', 'missing/deeper/prod.search.json']) {
      const r = await runCli(['import-settings', 'settings.yml', '--merge-into', target], { cwd: dir });
      assert.equal(r.code, 2, r.err);
      assert.match(
        r.err,
        new RegExp(
          `cannot write ${target.replace(/\./g, '\\.')}: the directory ${path.dirname(target)} does not exist; create it first, nothing was written\\n$`,
        ),
      );
      assert.doesNotMatch(r.err, /internal error|ENOENT|\.tmp|field.* set in/);
    }
    assert.deepEqual(fs.readdirSync(dir), ['settings.yml'], 'no directory or file was created');
    // In a directory that exists, a new configuration is written.
    const created = await runCli(['import-settings', 'settings.yml', '--merge-into', 'new.search.json'], { cwd: dir });
    assert.equal(created.code, 0, created.err);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'new.search.json'), 'utf8')), { search: { search_max_buckets: 20000 } });
  } finally {
    removeTree(dir);
  }
});

test('--merge-into a configuration with a key written twice: the last one, which the service reads, is set, and the output says so', async () => {
  const config =
    '{\n  "search_version": "2.19",\n  "search": { "search_max_buckets": 100 },\n  "search": {\n    "http_max_content_length": 1048576\n  }\n}\n';
  const dir = tempTree({ 'prod.search.json': config, 'settings.yml': 'search.max_buckets: 20000\nhttp.max_content_length: 200mb\n' });
  try {
    const r = await runCli(['import-settings', 'settings.yml', '--merge-into', 'prod.search.json'], { cwd: dir });
    const merged = fs.readFileSync(path.join(dir, 'prod.search.json'), 'utf8');
    assert.deepEqual(JSON.parse(merged).search, { http_max_content_length: 200 * MB, search_max_buckets: 20000 }, merged);
    assert.match(merged, /"search": \{ "search_max_buckets": 100 \},/, 'the occurrence the service ignores is left as it was');
    assert.match(
      r.err,
      /note: "search" is written more than once in prod\.search\.json; the service reads the last one, so that is the one set/,
    );
    assert.match(r.err, /2 fields set in prod\.search\.json/);
    assert.match(r.out, /duplicate-key/, 'the merged file is linted, its duplicate key reported');
  } finally {
    removeTree(dir);
  }
});

test('--merge-into a configuration whose parent of a field is not an object: the field is reported as not set', async () => {
  const dir = tempTree({ 'prod.search.json': '{\n  "search": []\n}\n', 'settings.yml': 'search.max_buckets: 20000\n' });
  try {
    const r = await runCli(['import-settings', 'settings.yml', '--merge-into', 'prod.search.json'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.match(r.err, /search\.max_buckets not set in prod\.search\.json: "search" is a list, not an object/);
    assert.match(r.err, /0 fields set in prod\.search\.json/);
    assert.equal(fs.readFileSync(path.join(dir, 'prod.search.json'), 'utf8'), '{\n  "search": []\n}\n');
  } finally {
    removeTree(dir);
  }
});

test('reports, unlike configurations, are written into a directory created for them (lint --output, diff --output)', async () => {
  const dir = tempTree({
    'a.search.json': '{ "search_version": "2.19" }\n',
    'b.search.json': '{ "search_version": "2.19", "max_index_count": 5 }\n',
  });
  try {
    const lint = await runCli(['lint', 'a.search.json', '--format', 'json', '--output', 'reports/lint.json'], { cwd: dir });
    assert.equal(lint.code, 0, lint.err);
    assert.ok(fs.existsSync(path.join(dir, 'reports/lint.json')));
    const diff = await runCli(['diff', 'a.search.json', 'b.search.json', '--format', 'json', '--output', 'reports/new/diff.json'], {
      cwd: dir,
    });
    assert.equal(diff.code, 0, diff.err);
    assert.ok(fs.existsSync(path.join(dir, 'reports/new/diff.json')));
  } finally {
    removeTree(dir);
  }
});

test("yaml's debugging output (LOG_TOKENS, LOG_STREAM), which would print the file with its secrets, stays off", () => {
  const printed: unknown[] = [];
  const { log, dir } = console;
  process.env.LOG_TOKENS = '1';
  process.env.LOG_STREAM = '1';
  console.log = (...a: unknown[]) => {
    printed.push(a);
  };
  console.dir = (...a: unknown[]) => {
    printed.push(a);
  };
  try {
    assert.ok(readSettingsYaml('password: CnryQ7x\n').ok);
  } finally {
    console.log = log;
    console.dir = dir;
  }
  assert.equal(process.env.LOG_TOKENS, '1', 'the environment is given back');
  delete process.env.LOG_TOKENS;
  delete process.env.LOG_STREAM;
  assert.deepEqual(printed, []);
});

test('the limits on import-settings input are those the help and docs/cli.md state', async () => {
  const help = (await runCli(['import-settings', '--help'], { cwd: IMPORT })).out;
  const docs = fs.readFileSync(path.join(FIXTURES, '../../../docs/cli.md'), 'utf8');
  const security = fs.readFileSync(path.join(FIXTURES, '../../../SECURITY.md'), 'utf8');
  assert.match(
    help,
    new RegExp(
      `${DEFAULT_MAX_FILE_SIZE / 1024 / 1024} MiB \\(a file\\s+or standard input\\), lists and maps ${YAML_LIMITS.depth} levels deep, and in YAML ${YAML_LIMITS.aliases} aliases standing for at\\s+most ${YAML_LIMITS.aliasValues} values and ${YAML_LIMITS.aliasCharacters} characters`,
    ),
  );
  const words = (n: number): string => n.toLocaleString('en-US');
  for (const text of [docs, security]) {
    for (const n of [YAML_LIMITS.aliases, YAML_LIMITS.aliasValues, YAML_LIMITS.aliasCharacters, YAML_LIMITS.depth])
      assert.ok(text.includes(` ${words(n)} `) || text.includes(` ${words(n)}\n`), `${n} in the docs`);
  }
});
