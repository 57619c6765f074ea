/**
 * Files saved on Windows in UTF-16 (PowerShell 5.1's `>` and `Out-File`) or in a legacy code page are
 * reported by their encoding and byte offset, with how to save them as UTF-8, and never rewritten.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { decodeConfigBytes } from '../../server/src/core';
import { firstInvalidUtf8 } from '../../server/src/core/encoding';
import { removeTree, runCli, tempTree } from './support';

const CONFIG = '{\n  "static_ips": true,\n  "max_index_count": 5\n}\n';
const SECRET = 'Sécret-canary-7f3a';
const utf16be = (s: string): Buffer => {
  const b = Buffer.from(s, 'utf16le');
  for (let i = 0; i < b.length; i += 2) [b[i], b[i + 1]] = [b[i + 1], b[i]];
  return b;
};

const CASES: Array<{ name: string; bytes: Buffer; encoding: RegExp; offset: number; line: number }> = [
  {
    name: 'UTF-16LE with a byte order mark (PowerShell 5.1 `>`)',
    bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CONFIG, 'utf16le')]),
    encoding: /UTF-16LE \(it starts with the UTF-16LE byte order mark FF FE/,
    offset: 0,
    line: 1,
  },
  {
    name: 'UTF-16LE without a mark',
    bytes: Buffer.from(CONFIG, 'utf16le'),
    encoding: /UTF-16LE \(each of its first characters is followed by a NUL byte/,
    offset: 0,
    line: 1,
  },
  {
    name: 'UTF-16BE with a mark',
    bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CONFIG)]),
    encoding: /UTF-16BE \(it starts with the UTF-16BE byte order mark FE FF/,
    offset: 0,
    line: 1,
  },
  {
    name: 'UTF-16BE without a mark',
    bytes: utf16be(CONFIG),
    encoding: /UTF-16BE \(each of its first characters is preceded by a NUL byte/,
    offset: 0,
    line: 1,
  },
  {
    name: 'Windows-1252 text (a secret with an accented letter)',
    bytes: Buffer.from(`{\n  "openid": { "client_secret": "${SECRET}" }\n}\n`, 'latin1'),
    encoding: /not valid UTF-8: the byte at byte offset 35 \(line 2, column 34\)/,
    offset: 35,
    line: 2,
  },
];

for (const c of CASES) {
  test(`lint reports a file in ${c.name} as invalid-json by its encoding, and --fix leaves its bytes alone`, async () => {
    const dir = tempTree({});
    try {
      const file = path.join(dir, 'prod.search.json');
      fs.writeFileSync(file, c.bytes);
      const r = await runCli(['lint', '--format', 'json', 'prod.search.json'], { cwd: dir });
      assert.equal(r.code, 1, r.err);
      const [report] = JSON.parse(r.out);
      assert.equal(report.messages.length, 1, JSON.stringify(report.messages));
      const [m] = report.messages;
      assert.equal(m.ruleId, 'invalid-json');
      assert.equal(m.severity, 'error');
      assert.equal(m.line, c.line);
      assert.match(m.message, c.encoding);
      assert.match(m.message, new RegExp(`byte offset ${c.offset}\\b`));
      assert.match(m.message, /Save the file as UTF-8/);
      assert.ok(!r.out.includes('canary') && !r.err.includes('canary'), 'no part of a secret is printed');

      const fixed = await runCli(['lint', '--fix', 'prod.search.json'], { cwd: dir });
      assert.equal(fixed.code, 1);
      assert.deepEqual(fs.readFileSync(file), c.bytes, '--fix does not rewrite a file in another encoding');
    } finally {
      removeTree(dir);
    }
  });
}

test('UTF-8 with or without a byte order mark, and a literal U+FFFD, decode as text', () => {
  const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CONFIG)]);
  assert.deepEqual(decodeConfigBytes(withBom), { ok: true, text: `\uFEFF${CONFIG}` });
  assert.deepEqual(decodeConfigBytes(Buffer.from(CONFIG)), { ok: true, text: CONFIG });
  const replacement = '{ "custom_domain": "\uFFFD" }';
  assert.deepEqual(decodeConfigBytes(Buffer.from(replacement)), { ok: true, text: replacement });
  assert.deepEqual(decodeConfigBytes(new Uint8Array()), { ok: true, text: '' });
  // One character and then NUL bytes (a truncated or sparse file) is not UTF-16: it is read as it is.
  const sparse = Buffer.concat([Buffer.from('{'), Buffer.alloc(64)]);
  assert.equal(decodeConfigBytes(sparse).ok, true);
});

test('the UTF-8 check finds the first byte of every kind of malformed sequence', () => {
  const table: Array<[number[], number]> = [
    [[0x41, 0xe2, 0x82, 0xac], -1], // A€
    [[0xf0, 0x9f, 0x98, 0x80], -1], // an emoji: four bytes
    [[0x41, 0x80], 1], // a lone continuation byte
    [[0x41, 0xc0, 0xaf], 1], // an overlong form of '/'
    [[0xe0, 0x80, 0xaf], 0], // another overlong form
    [[0xed, 0xa0, 0x80], 0], // a UTF-16 surrogate
    [[0xf4, 0x90, 0x80, 0x80], 0], // past U+10FFFF
    [[0x41, 0x42, 0xe2, 0x82], 2], // cut off at the end
    [[0xe9, 0x41], 0], // Latin-1 é
  ];
  for (const [bytes, expected] of table)
    assert.equal(firstInvalidUtf8(Uint8Array.from(bytes)), expected, bytes.map((b) => b.toString(16)).join(' '));
});
