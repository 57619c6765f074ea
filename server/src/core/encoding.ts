import { LineIndex } from './lines';
import type { Finding } from './types';

/**
 * Reading a configuration from its bytes. The service API takes UTF-8 JSON, but files written on
 * Windows are often UTF-16 (Windows PowerShell 5.1 writes it with `>` and `Out-File`) or in a legacy
 * code page. Decoding those as UTF-8 would turn them into text that fails to parse for a reason
 * nobody can see, so they are told apart first and reported by their encoding.
 */
export type DecodedBytes = { ok: true; text: string } | { ok: false; encoding: string; offset: number; detail: string; finding: Finding };

const HOW_TO_SAVE =
  'Save the file as UTF-8 (in VS Code: "Save with Encoding" > UTF-8; in PowerShell: `Get-Content FILE | Set-Content -Encoding utf8 FILE`, or `Out-File -Encoding utf8`), then lint it again.';

/** Byte order marks and the NUL pattern of ASCII text (RFC 4627, section 3) that name a wide encoding. */
function wideEncoding(b: Uint8Array): { encoding: string; why: string } | undefined {
  const bom = (...xs: number[]): boolean => xs.every((x, i) => b[i] === x);
  if (b.length >= 4 && bom(0xff, 0xfe, 0, 0))
    return { encoding: 'UTF-32LE', why: 'it starts with the UTF-32LE byte order mark FF FE 00 00' };
  if (b.length >= 4 && bom(0, 0, 0xfe, 0xff))
    return { encoding: 'UTF-32BE', why: 'it starts with the UTF-32BE byte order mark 00 00 FE FF' };
  if (b.length >= 2 && bom(0xff, 0xfe)) return { encoding: 'UTF-16LE', why: 'it starts with the UTF-16LE byte order mark FF FE' };
  if (b.length >= 2 && bom(0xfe, 0xff)) return { encoding: 'UTF-16BE', why: 'it starts with the UTF-16BE byte order mark FE FF' };
  // Without a mark: JSON starts with ASCII characters, which UTF-16 and UTF-32 write next to NUL bytes.
  // The pattern must hold for the first few characters, so that a file of one character followed by
  // NUL bytes (a truncated or sparse file) is not taken for one.
  const units = (size: number, at: number): boolean => {
    const n = Math.min(4, Math.floor(b.length / size));
    if (n === 0 || b.length % size !== 0) return false;
    for (let u = 0; u < n; u++) for (let k = 0; k < size; k++) if ((b[u * size + k] !== 0) !== (k === at)) return false;
    return true;
  };
  if (units(4, 3)) return { encoding: 'UTF-32BE', why: 'each of its first characters is preceded by three NUL bytes' };
  if (units(4, 0)) return { encoding: 'UTF-32LE', why: 'each of its first characters is followed by three NUL bytes' };
  if (units(2, 1))
    return { encoding: 'UTF-16BE', why: 'each of its first characters is preceded by a NUL byte, as UTF-16BE writes ASCII text' };
  if (units(2, 0))
    return { encoding: 'UTF-16LE', why: 'each of its first characters is followed by a NUL byte, as UTF-16LE writes ASCII text' };
  return undefined;
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629), or -1. */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) {
      n = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      min = 0x10000;
    } else return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return i;
    i += n + 1;
  }
  return -1;
}

function encodingFinding(message: string, line: number, character: number, offset: number): Finding {
  const at = { line, character };
  return { ruleId: 'invalid-json', severity: 'error', message, path: '', offset, length: 0, range: { start: at, end: at } };
}

/**
 * The text of a configuration file from its bytes: UTF-8, with or without a byte order mark (kept in
 * the text, as the hosts expect). Anything else is an encoding problem with an `invalid-json` finding
 * that names the encoding and the byte offset; the bytes are never rewritten.
 */
export function decodeConfigBytes(bytes: Uint8Array): DecodedBytes {
  const wide = wideEncoding(bytes);
  if (wide) {
    const message = `The file is encoded as ${wide.encoding} (${wide.why}, at byte offset 0), but the service API takes UTF-8 JSON, so it cannot be read. ${HOW_TO_SAVE}`;
    return { ok: false, encoding: wide.encoding, offset: 0, detail: wide.why, finding: encodingFinding(message, 0, 0, 0) };
  }
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  // A replacement character is rare in a configuration: only then are the bytes checked one by one.
  if (!text.includes('\uFFFD')) return { ok: true, text };
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return { ok: true, text };
  const before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, bad));
  const pos = new LineIndex(before).positionAt(before.length);
  // The byte's value is not shown: it may be part of a secret.
  const detail = `the byte at byte offset ${bad} (line ${pos.line + 1}, column ${pos.character + 1}) does not start or continue a UTF-8 character`;
  const message = `The file is not valid UTF-8: ${detail}. It was probably saved in a legacy code page such as Windows-1252 or Latin-1; the service API takes UTF-8 JSON. ${HOW_TO_SAVE}`;
  return {
    ok: false,
    encoding: 'not UTF-8',
    offset: bad,
    detail,
    finding: encodingFinding(message, pos.line, pos.character, before.length),
  };
}
