import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maskSecrets } from '../../../server/src/cli/unified-diff';
import { runCli, removeTree, tempTree } from '../../cli/support';
import { CANARY_PREFIX, leaks } from '../../support/secret-configs';

// Where a value came from decides whether it is shown: a value Terraform promises never to show
// (a variable declared sensitive, a sensitive() call, a plan's sensitive marks), any expression in a
// secret field, and a YAML alias of a secret are never printed, in any output of the CLI.

const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'];
const canary = (tag: string): string => `${CANARY_PREFIX}${tag}Q7x`;

async function lintEveryFormat(dir: string, files: string[], canaries: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const format of FORMATS) {
    const r = await runCli(['lint', '--format', format, ...files], { cwd: dir });
    assert.notEqual(r.code, 2, `lint --format ${format}: ${r.err}`);
    problems.push(...leaks(r.out + r.err, canaries).map((l) => `lint --format ${format}: ${l}`));
  }
  return problems;
}

test('a value of a variable declared sensitive is never printed, wherever its value is given', async () => {
  // A value with a blank is an invalid custom_domain: the finding must be made without the value.
  const [byDefault, byTfvars, byAuto] = [canary('Def'), canary('Tfv'), canary('Auto')];
  const dir = tempTree({
    'default/main.tf': `variable "d" {\n  sensitive = true\n  default   = "${byDefault} x"\n}\n\nresource "vendor_search" "a" {\n  search_user_config {\n    custom_domain = var.d\n  }\n}\n`,
    // Another file of the module: the linted file's own variables are then read with the module's.
    'default/versions.tf': 'terraform {\n  required_version = ">= 1.5"\n}\n',
    'tfvars/variables.tf': 'variable "d" {\n  type      = string\n  sensitive = true\n}\n',
    'tfvars/main.tf': 'resource "vendor_search" "a" {\n  search_user_config {\n    custom_domain = var.d\n  }\n}\n',
    'tfvars/terraform.tfvars': `d = "${byTfvars} x"\n`,
    'auto/variables.tf': 'variable "d" {\n  sensitive = true\n  default   = "example.com"\n}\n',
    'auto/main.tf': 'resource "vendor_search" "a" {\n  search_user_config {\n    custom_domain = var.d\n  }\n}\n',
    'auto/prod.auto.tfvars': `d = "${byAuto} x"\n`,
  });
  try {
    const files = ['default/main.tf', 'tfvars/main.tf', 'auto/main.tf'];
    const r = await runCli(['lint', '--format', 'json', ...files], { cwd: dir });
    const findings = (JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>).flatMap((f) => f.messages);
    // Still checked as its value: each file reports the blank, without the value.
    assert.equal(
      findings.filter(
        (m) => m.ruleId === 'invalid-value' && /custom_domain is \(a hidden sensitive value\), which contains blanks/.test(m.message),
      ).length,
      3,
      r.out,
    );
    assert.deepEqual(await lintEveryFormat(dir, files, [byDefault, byTfvars, byAuto]), []);
  } finally {
    removeTree(dir);
  }
});

test('a short value of a variable declared sensitive, and what a rule works out from it, are never printed', async () => {
  // Values of two or three characters, which the sweep of sensitive values leaves alone elsewhere, and
  // values a rule reads in another unit or converts: each finding is still made, about a hidden value.
  const dir = tempTree({
    'main.tf': [
      'variable "timeout" {\n  sensitive = true\n  default   = 90\n}',
      'variable "pool" {\n  sensitive = true\n  default   = "77"\n}',
      'variable "content" {\n  sensitive = true\n  default   = "300mb"\n}',
      'variable "gets" {\n  sensitive = true\n  default   = 500\n}',
      'variable "ver" {\n  type      = string\n  sensitive = true\n}',
      'resource "vendor_search" "a" {\n  search_user_config {\n    search_version = var.ver\n    search {\n      thread_pool_search_size = var.pool\n      thread_pool_get_size    = var.gets\n      http_max_content_length = var.content\n    }\n    search_dashboards {\n      search_request_timeout = var.timeout\n    }\n  }\n}',
      '',
    ].join('\n\n'),
    'terraform.tfvars': 'ver = 2\n',
  });
  try {
    const r = await runCli(['lint', '--format', 'json', 'main.tf'], { cwd: dir });
    const messages = (JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>).flatMap((f) => f.messages);
    assert.deepEqual(
      messages.map((m) => m.ruleId).sort(),
      ['deprecated-field', 'invalid-value', 'type-mismatch', 'unit-mismatch', 'unit-mismatch'],
      r.out,
    );
    // Each value as written, and what it becomes: 90 s in milliseconds, 300mb in bytes and MiB.
    const shown = /\b90\b|90000|\b77\b|\b500\b|300mb|314572800|300 MiB|"2"/i;
    for (const m of messages) assert.doesNotMatch(m.message, shown);
    // Every report format carries the same texts (its line and column numbers aside).
    const written = /90000|300mb|314572800|300 MiB|version is "2"|is 500\b|\(77\)|"77"|is 90 ms|, 90 is/i;
    for (const format of FORMATS) {
      const out = await runCli(['lint', '--format', format, 'main.tf'], { cwd: dir });
      assert.doesNotMatch(out.out + out.err, written, `lint --format ${format}`);
    }
    // What the messages still say: the field, the bounds and what to do, without the value.
    const timeout = messages.find((m) => m.message.includes('search_request_timeout'))!.message;
    assert.match(
      timeout,
      /search_request_timeout is \*\*\* ms, outside the allowed range \(5000 to 120000 ms\); read in seconds, \*\*\* is \*\*\* ms/,
    );
    assert.match(
      messages.find((m) => m.ruleId === 'invalid-value')!.message,
      /thread_pool_get_size is \(a hidden sensitive value\), above the maximum of 128\. Allowed: 1 to 128\./,
    );
  } finally {
    removeTree(dir);
  }
});

test('a network worked out from a sensitive CIDR block is never printed, IPv4 or IPv6, alone or in a list', async () => {
  // invalid-cidr writes the block a value with host bits stands for: its address is the value's.
  const dir = tempTree({
    'main.tf': [
      'variable "office" {\n  type      = string\n  sensitive = true\n  default   = "203.0.113.77/24"\n}',
      'variable "v6" {\n  type      = string\n  sensitive = true\n  default   = "2001:db8:abcd::1/48"\n}',
      'variable "nets" {\n  type      = list(string)\n  sensitive = true\n  default   = ["10.77.0.1/16", "fd00:1234::5/64"]\n}',
      'resource "vendor_search" "a" {\n  search_user_config {\n    ip_filter_object {\n      network = var.office\n    }\n    ip_filter_object {\n      network = var.v6\n    }\n  }\n}',
      'resource "vendor_search" "b" {\n  search_user_config {\n    ip_filter_string = var.nets\n  }\n}',
      '',
    ].join('\n\n'),
  });
  try {
    const r = await runCli(['lint', '--format', 'json', 'main.tf'], { cwd: dir });
    const messages = (JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>).flatMap((f) => f.messages);
    assert.deepEqual(
      messages.map((m) => m.ruleId),
      ['invalid-cidr', 'invalid-cidr', 'invalid-cidr', 'invalid-cidr'],
      r.out,
    );
    assert.match(
      messages[0].message,
      /^vendor_search\.a: ip_filter\[0\]\.network is \(a hidden sensitive value\), which has host bits set: the block is really \*\*\*\/\*\*\*,/,
    );
    const written = /203\.0|\b113\b|\b77\b|2001|db8|abcd|10\.77|fd00|1234/i;
    for (const format of FORMATS) {
      const out = await runCli(['lint', '--format', format, '--fix-dry-run', 'main.tf'], { cwd: dir });
      // SARIF carries the rule's documentation, whose examples are the documentation's own addresses.
      const text = format === 'sarif' ? JSON.stringify(JSON.parse(out.out).runs[0].results) : out.out + out.err;
      assert.doesNotMatch(text, written, `lint --format ${format}`);
    }
  } finally {
    removeTree(dir);
  }
});

/** A resource with literals given to sensitive(), in either syntax of Terraform, and a misspelt key beside them that a fix renames. */
const SENSITIVE_CALLS: Record<'tf' | 'tf.json', (domain: string, secret: string) => string> = {
  tf: (domain, secret) =>
    [
      'resource "vendor_search" "a" {',
      '  search_user_config {',
      `    custom_domain = sensitive("${domain} x")`,
      '    static_ipz    = true',
      '    openid {',
      '      enabled       = true',
      '      connect_url   = "https://idp.example.com/.well-known/openid-configuration"',
      '      client_id     = "app"',
      `      client_secret = sensitive("${secret}")`,
      '    }',
      '    search {',
      '      http_max_header_size = sensitive(100)',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  // The same calls as strings of Terraform's JSON syntax, each an HCL template.
  'tf.json': (domain, secret) =>
    `${JSON.stringify(
      {
        resource: {
          vendor_search: {
            a: {
              search_user_config: {
                custom_domain: `\${sensitive("${domain} x")}`,
                static_ipz: true,
                openid: {
                  enabled: true,
                  connect_url: 'https://idp.example.com/.well-known/openid-configuration',
                  client_id: 'app',
                  client_secret: `\${sensitive("${secret}")}`,
                },
                search: { http_max_header_size: '${sensitive(100)}' },
              },
            },
          },
        },
      },
      null,
      2,
    )}\n`,
};

for (const [syntax, resource] of Object.entries(SENSITIVE_CALLS)) {
  test(`a literal given to sensitive() in a .${syntax} file is judged as the value Terraform sends and never printed; a secret in it is still reported`, async () => {
    const [secret, domain, older] = [canary('SensFn'), canary('SensDom'), canary('SensOld')];
    const [main, old] = [`main.${syntax}`, `old.${syntax}`];
    const dir = tempTree({ [main]: resource(domain, secret), [old]: resource(older, secret) });
    try {
      const r = await runCli(['lint', '--format', 'json', main], { cwd: dir });
      const messages = (JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>).flatMap((f) => f.messages);
      // Each value is judged: a blank in the domain, a size read in KiB, the secret written in the file.
      assert.deepEqual(
        messages.map((m) => m.ruleId).sort(),
        ['invalid-value', 'secret-in-plain-text', 'unit-mismatch', 'unknown-field'],
        r.out,
      );
      assert.match(
        messages.find((m) => m.ruleId === 'secret-in-plain-text')!.message,
        /^vendor_search\.a: openid\.client_secret holds a secret in plain text \(value hidden\): sensitive\(\) keeps it out of Terraform's plans and output, not out of the file/,
      );
      assert.match(
        messages.find((m) => m.ruleId === 'invalid-value')!.message,
        /custom_domain is \(a hidden sensitive value\), which contains blanks/,
      );
      // What a rule works out from the value (100 in KiB, 102400 bytes) is as hidden as the value.
      for (const m of messages) assert.doesNotMatch(m.message, /\b100\b|102400|100 KiB/, m.message);
      assert.deepEqual(await lintEveryFormat(dir, [main], [secret, domain]), []);
      // The diff of the rename shows the lines around it, the sensitive() calls among them, masked.
      const dry = await runCli(['lint', '--fix-dry-run', main], { cwd: dir });
      assert.match(dry.out, /static_ips/, 'the rename is shown');
      assert.deepEqual(leaks(dry.out + dry.err, [secret, domain]), [], 'lint --fix-dry-run');
      // A change report shows such a value as it shows any expression of Terraform's sensitive(): never.
      for (const format of ['text', 'markdown', 'json']) {
        const diff = await runCli(['diff', old, main, '--format', format], { cwd: dir });
        assert.match(diff.out, /custom_domain/, `diff --format ${format}: the changed value is a change`);
        assert.deepEqual(leaks(diff.out + diff.err, [secret, domain, older]), [], `diff --format ${format}`);
      }
    } finally {
      removeTree(dir);
    }
  });
}

test('a finding about a sensitive value reads the same whatever the value: which numbers are masked does not tell it', async () => {
  // 2000 is inside the maximum 120000, 1234 in nothing: the bounds and the default, which the schema
  // states, are shown for both, and nothing else differs.
  const messages: string[] = [];
  for (const value of [1234, 2000, 4999]) {
    const dir = tempTree({
      'main.tf': `variable "t" {\n  type      = number\n  sensitive = true\n  default   = ${value}\n}\n\nresource "vendor_search" "a" {\n  search_user_config {\n    search_dashboards {\n      search_request_timeout = var.t\n    }\n  }\n}\n`,
    });
    try {
      const r = await runCli(['lint', '--format', 'json', 'main.tf'], { cwd: dir });
      messages.push(
        ...(JSON.parse(r.out) as Array<{ messages: Array<{ message: string }> }>).flatMap((f) => f.messages.map((m) => m.message)),
      );
    } finally {
      removeTree(dir);
    }
  }
  const expected =
    'vendor_search.a: search_dashboards.search_request_timeout is (a hidden sensitive value), below the minimum of 5000 ms (5 s). Allowed: 5000 to 120000 ms. Raise the value; its default is 30000 ms (30 s). (the value of var.t, from main.tf:4)';
  assert.deepEqual(messages, [expected, expected, expected]);
});

test('a dry-run diff of a .tf file masks every expression of a secret field, every sensitive() call and every sensitive default', async () => {
  const c = ['Call', 'Tpl', 'Cond', 'Here', 'Dflt', 'Else'].map(canary);
  // Each secret stands next to a member a fix changes (the misspelt client_idd), so that it is a context line.
  const text = [
    'variable "p" {',
    `  sensitive = true`,
    `  default   = "${c[4]}"`,
    '}',
    '',
    'resource "vendor_search" "a" {',
    '  search_user_config {',
    '    openid {',
    `      client_secret = sensitive("${c[0]}")`,
    '      client_idd    = "abc"',
    '    }',
    '  }',
    '}',
    '',
    'resource "vendor_search" "b" {',
    '  search_user_config {',
    '    openid {',
    `      client_secret = "${c[1]}\${var.p}"`,
    '      client_idd    = "abc"',
    '    }',
    '  }',
    '}',
    '',
    'resource "vendor_search" "c" {',
    '  search_user_config {',
    '    openid {',
    `      client_secret = var.p == "" ? "${c[2]}" : "x"`,
    '      client_idd    = "abc"',
    '    }',
    `    custom_domain = sensitive("${c[5]}")`,
    '  }',
    '}',
    '',
  ].join('\n');
  const dir = tempTree({ 'main.tf': text });
  try {
    const dry = await runCli(['lint', '--fix-dry-run', 'main.tf'], { cwd: dir });
    assert.match(dry.out, /^ {7}client_secret = "\*\*\*"$/m, 'the secrets are context lines of the diff');
    assert.match(dry.out, /^ {5}custom_domain = "\*\*\*"$/m, 'a sensitive() call outside a secret field is a context line too');
    assert.deepEqual(leaks(dry.out + dry.err, c), []);
    // The variable's default, a few lines above a fix.
    assert.deepEqual(leaks(maskSecrets(text, 'main.tf'), c), []);
  } finally {
    removeTree(dir);
  }
});

/** A plan changing one resource: the same custom_domain before and after, marked sensitive only after. */
function planNewlySensitive(value: string, after = value): string {
  const side = (v: string) => ({ search_user_config: [{ custom_domain: v, search_version: '2.19' }] });
  return JSON.stringify(
    {
      format_version: '1.2',
      resource_changes: [
        {
          address: 'vendor_search.a',
          type: 'vendor_search',
          name: 'a',
          change: {
            actions: ['update'],
            before: side(value),
            after: side(after),
            after_unknown: {},
            before_sensitive: {},
            after_sensitive: { search_user_config: [{ custom_domain: true }] },
          },
        },
      ],
    },
    null,
    2,
  );
}

test('diff of a plan: a value only after_sensitive marks is never shown, and the same value is no change', async () => {
  const value = canary('Plan');
  const dir = tempTree({
    'same.json': planNewlySensitive(`${value}.example.com`),
    'changed.json': planNewlySensitive(`${value}.example.com`, `${value}2.example.com`),
  });
  try {
    for (const format of ['text', 'markdown', 'json']) {
      const same = await runCli(['diff', 'same.json', '--format', format], { cwd: dir });
      assert.equal(same.code, 0, same.err);
      assert.deepEqual(leaks(same.out + same.err, [value]), [], `diff --format ${format}`);
      if (format === 'json')
        assert.equal((JSON.parse(same.out) as { summary: { total: number } }).summary.total, 0, 'only the sensitivity changed');
      else assert.doesNotMatch(same.out, /custom_domain/, `diff --format ${format}: the value did not change`);
      const changed = await runCli(['diff', 'changed.json', '--format', format], { cwd: dir });
      assert.match(changed.out, /custom_domain/, `diff --format ${format}: a changed sensitive value is a change`);
      assert.deepEqual(leaks(changed.out + changed.err, [value]), [], `diff --format ${format}`);
    }
    // Lint reads the state before the plan as the baseline: it is as sensitive there.
    assert.deepEqual(await lintEveryFormat(dir, ['same.json', 'changed.json'], [value]), []);
  } finally {
    removeTree(dir);
  }
});

test('lint of a plan judges a value marked sensitive, as it judges one from a sensitive variable, and never prints it', async () => {
  // The API refuses a header size of 77 bytes whether or not the plan hides it.
  const plan = JSON.parse(planNewlySensitive('search.example.com')) as {
    resource_changes: Array<{ change: { after: { search_user_config: Array<Record<string, unknown>> }; after_sensitive: unknown } }>;
  };
  const change = plan.resource_changes[0].change;
  change.after.search_user_config[0].search = [{ http_max_header_size: 77, thread_pool_search_size: 4097 }];
  change.after_sensitive = { search_user_config: [{ search: [{ http_max_header_size: true, thread_pool_search_size: true }] }] };
  const dir = tempTree({ 'plan.json': JSON.stringify(plan, null, 2) });
  try {
    const r = await runCli(['lint', '--format', 'json', 'plan.json'], { cwd: dir });
    const messages = (JSON.parse(r.out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>).flatMap((f) => f.messages);
    assert.deepEqual(
      messages.map((m) => `${m.ruleId}: ${m.message}`),
      [
        'unit-mismatch: vendor_search.a: search.http_max_header_size is *** bytes, outside the allowed range (1024 to 262144 bytes); read in KiB, *** is *** bytes (*** KiB). The field takes an integer in bytes: write ***.',
        'invalid-value: vendor_search.a: search.thread_pool_search_size is (a hidden sensitive value), above the maximum of 128. Allowed: 1 to 128. Lower the value.',
      ],
      r.out,
    );
    for (const format of FORMATS) {
      const out = await runCli(['lint', '--format', format, 'plan.json'], { cwd: dir });
      assert.doesNotMatch(out.out + out.err, /\b77\b|4097|78848|77 KiB/, `lint --format ${format}`);
    }
  } finally {
    removeTree(dir);
  }
});

test('a YAML alias of a secret is as secret in the field it is copied to', async () => {
  const value = canary('Alias');
  const text = [
    'apiVersion: vendor.io/v1alpha1',
    'kind: Search',
    'metadata:',
    '  name: logs',
    'spec:',
    '  userConfig:',
    '    openid:',
    `      client_secret: &secret ${value} x`,
    '    custom_domain: *secret',
    '',
  ].join('\n');
  const dir = tempTree({ 'search.yaml': text });
  try {
    const r = await runCli(['lint', '--format', 'json', 'search.yaml'], { cwd: dir });
    assert.match(r.out, /custom_domain is \(a hidden sensitive value\), which contains blanks/, 'the copy is still checked');
    assert.deepEqual(await lintEveryFormat(dir, ['search.yaml'], [value]), []);
  } finally {
    removeTree(dir);
  }
});

test('masking a multi-line secret keeps every line of the file in its place', async () => {
  const value = canary('Multi');
  const yaml = [
    'apiVersion: vendor.io/v1alpha1',
    'kind: Search',
    'metadata:',
    '  name: logs',
    'spec:',
    '  userConfig:',
    '    openid:',
    '      client_secret: |',
    `        ${value}`,
    '        second line',
    '      client_idd: abc',
    '    custom_domain: example.com',
    '',
  ].join('\n');
  const hcl = [
    'resource "vendor_search" "a" {',
    '  search_user_config {',
    '    openid {',
    '      client_secret = <<-EOT',
    `        ${value}`,
    '        second line',
    '      EOT',
    '      client_idd = "abc"',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
  for (const [name, text] of [
    ['search.yaml', yaml],
    ['main.tf', hcl],
    ['main.tf', hcl.replace(/\n/g, '\r\n')],
  ]) {
    const masked = maskSecrets(text, name);
    assert.deepEqual(leaks(masked, [value]), []);
    const before = text.split(/\r?\n/),
      after = masked.split(/\r?\n/);
    assert.equal(after.length, before.length, `${name}: as many lines after masking`);
    // Every line outside the secret stays as it was (the misspelt key is masked as an unknown key's value).
    const secretLines = new Set(
      before.flatMap((l, i) =>
        l.includes(value) || l.includes('client_secret') || l.includes('second line') || /^\s*EOT$/.test(l) ? [i] : [],
      ),
    );
    before.forEach((line, i) => {
      if (!secretLines.has(i) && !line.includes('client_idd')) assert.equal(after[i], line, `${name} line ${i + 1}`);
    });
  }
  // A block scalar anchored in a field that is no secret and named by an alias in a secret field.
  const anchored = [
    'apiVersion: vendor.io/v1alpha1',
    'kind: Search',
    'metadata:',
    '  name: logs',
    'spec:',
    '  userConfig:',
    '    saml:',
    '      sp_entity_id: &shared |',
    `        ${value}`,
    '',
    '        second line',
    '    openid:',
    '      client_secret: *shared',
    '    custom_domain: example.com',
    '',
  ].join('\n');
  const maskedAnchor = maskSecrets(anchored, 'search.yaml');
  assert.deepEqual(leaks(maskedAnchor, [value]), []);
  assert.doesNotMatch(maskedAnchor, /second line/);
  assert.equal(maskedAnchor.split('\n').length, anchored.split('\n').length, 'as many lines after masking');
  assert.deepEqual(maskedAnchor.split('\n').slice(11, 12), ['    openid:'], 'the next key keeps its line');
  assert.deepEqual(maskedAnchor.split('\n').slice(13), anchored.split('\n').slice(13), 'the lines after the block are kept in place');
  // The dry-run diff's line numbers are those of the file.
  const dir = tempTree({ 'search.yaml': yaml, 'main.tf': hcl });
  try {
    for (const [name, text] of [
      ['search.yaml', yaml],
      ['main.tf', hcl],
    ]) {
      const dry = await runCli(['lint', '--fix-dry-run', name], { cwd: dir });
      assert.deepEqual(leaks(dry.out, [value]), []);
      const hunk = /^@@ -(\d+),\d+ \+\d+,\d+ @@\n((?:[ \-+].*\n)*)/m.exec(dry.out);
      assert.ok(hunk, `${name}: a diff\n${dry.out}`);
      const lines = text.split('\n');
      let at = Number(hunk[1]) - 1;
      for (const line of hunk[2].split('\n').filter(Boolean)) {
        if (line[0] === '+') continue;
        const original = lines[at++];
        if (line[0] === ' ' && !/client_secret|client_idd/.test(line) && line.trim())
          assert.equal(line.slice(1), original, `${name}: line ${at} of the diff\n${dry.out}`);
      }
    }
  } finally {
    removeTree(dir);
  }
});
