// Preloaded into vsce when it packs the .vsix (scripts/package-vsix.mjs): its zip writer (yazl) deflates each
// file at zlib's default level; at the best level the extension's download is smaller and the files in it
// the same. Only the level changes: options a caller gives are kept.
'use strict';
const zlib = require('node:zlib');

const BEST = { level: zlib.constants.Z_BEST_COMPRESSION, memLevel: 9 };
const deflateRaw = zlib.deflateRaw;
zlib.deflateRaw = function deflateRawBest(buffer, options, callback) {
  return typeof options === 'function'
    ? deflateRaw.call(this, buffer, BEST, options)
    : deflateRaw.call(this, buffer, { ...BEST, ...options }, callback);
};
const DeflateRaw = zlib.DeflateRaw;
zlib.DeflateRaw = class DeflateRawBest extends DeflateRaw {
  constructor(options) {
    super({ ...BEST, ...options });
  }
};
