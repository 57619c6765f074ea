import fs from 'node:fs';
import { decodeConfigBytes, type DecodedBytes } from '../core';

/** From this size on, a file is read into a Buffer and decoded, which is faster for large texts. */
export const LARGE_FILE_BYTES = 64 * 1024;

/**
 * Reads a configuration file as decodeConfigBytes would decode its bytes, in one native call for the
 * common case. Node reads a file straight into a string when asked for UTF-8 (one call, no Buffer),
 * which in a run over a thousand small files costs a fraction of opening, sizing, reading and closing
 * each from JavaScript and then decoding the Buffer. That string is the decoder's answer whenever it
 * holds no U+FFFD (so every byte was well-formed UTF-8) and no NUL among its first four characters
 * (UTF-16 and UTF-32 text has one there; their byte order marks are not UTF-8 and come out as U+FFFD).
 * Anything else, rare in a configuration, is decoded again from the bytes. Node's own UTF-8 string
 * conversion is slower than the decoder on large texts (about 28 against 15 ms for 10 MB), so a file
 * whose size is known to be large is decoded from its bytes at once.
 */
export function readConfigFile(file: string, knownSize?: number): DecodedBytes {
  if (knownSize !== undefined && knownSize >= LARGE_FILE_BYTES) return decodeConfigBytes(fs.readFileSync(file));
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes('\uFFFD') && !text.slice(0, 4).includes('\0')) return { ok: true, text };
  return decodeConfigBytes(fs.readFileSync(file));
}
