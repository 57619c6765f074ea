/**
 * The CLI reads configuration files in one native call when their text is plain UTF-8; whatever it
 * reads must be exactly what decoding the bytes gives (the text, or the encoding finding).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { decodeConfigBytes } from '../../server/src/core';
import { LARGE_FILE_BYTES, readConfigFile } from '../../server/src/cli/read-config';
import { removeTree, tempTree } from './support';

/** Seeded bytes that mix ASCII, NUL, byte order marks, well-formed and broken multi-byte sequences. */
function* samples(): Generator<Buffer> {
  let a = 20261125;
  const next = (n: number): number => {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    return (a >>> 8) % n;
  };
  const pieces = [
    [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x31, 0x7d],
    [0x00],
    [0x00, 0x00],
    [0xff, 0xfe],
    [0xfe, 0xff],
    [0xef, 0xbb, 0xbf],
    [0xc3, 0xa9],
    [0xe2, 0x82, 0xac],
    [0xf0, 0x9f, 0x98, 0x80],
    [0xef, 0xbf, 0xbd],
    [0xc3],
    [0xe2, 0x82],
    [0x80],
    [0xed, 0xa0, 0x80],
    [0xc0, 0xaf],
    [0xf4, 0x90, 0x80, 0x80],
    [0x0a],
    [0x20],
    [0xe9],
  ];
  for (let i = 0; i < 3000; i++) {
    const parts: number[] = [];
    for (let n = next(8); n >= 0; n--) parts.push(...pieces[next(pieces.length)]);
    yield Buffer.from(parts);
  }
  const text = '{\n  "static_ips": true\n}\n';
  yield Buffer.from(text, 'utf16le');
  yield Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  yield Buffer.concat([Buffer.from(text), Buffer.from([0xe9])]);
  yield Buffer.concat([Buffer.from('{'), Buffer.alloc(64)]);
  yield Buffer.from(`\uFEFF${text}`);
  yield Buffer.alloc(0);
}

test('reading a file gives what decoding its bytes gives, for well-formed and broken UTF-8, UTF-16 and NUL bytes', () => {
  const dir = tempTree({});
  try {
    const file = path.join(dir, 'sample.search.json');
    let plain = 0;
    for (const bytes of samples()) {
      fs.writeFileSync(file, bytes);
      const expected = decodeConfigBytes(bytes);
      assert.deepEqual(readConfigFile(file), expected, `bytes ${bytes.toString('hex')}`);
      assert.deepEqual(readConfigFile(file, LARGE_FILE_BYTES), expected, `bytes ${bytes.toString('hex')}, read as a large file`);
      if (expected.ok) plain++;
    }
    assert.ok(plain > 100, 'the samples include many well-formed texts');
  } finally {
    removeTree(dir);
  }
});
