import fs from 'node:fs';
import { decodeConfigBytes, type DecodedBytes } from '../core';

/**
 * Reads a configuration file as decodeConfigBytes would decode its bytes, in one native call for the
 * common case. Node reads a file straight into a string when asked for UTF-8 (one call, no Buffer),
 * which in a run over a thousand small files costs a fraction of opening, sizing, reading and closing
 * each from JavaScript and then decoding the Buffer. That string is the decoder's answer whenever it
 * holds no U+FFFD (so every byte was well-formed UTF-8) and no NUL among its first four characters
 * (UTF-16 and UTF-32 text has one there; their byte order marks are not UTF-8 and come out as U+FFFD).
 * Anything else, rare in a configuration, is decoded again from the bytes.
 */
export function readConfigFile(file: string): DecodedBytes {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes('\uFFFD') && !text.slice(0, 4).includes('\0')) return { ok: true, text };
  return decodeConfigBytes(fs.readFileSync(file));
}
