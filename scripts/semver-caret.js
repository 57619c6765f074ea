'use strict';
// A stand-in for the two semver functions vscode-languageclient calls in its check of the VS Code
// version (a caret range against the running editor's version), bundled into the desktop client instead
// of the semver package. The extension's manifest (`engines.vscode`) already keeps it from older
// editors; this keeps the client's own check as it was, for the only kind of range it is given.
const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function parse(version) {
  const m = typeof version === 'string' ? VERSION.exec(version.trim()) : null;
  return m ? { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), prerelease: m[4] ? m[4].split('.') : [] } : null;
}

/** Whether a parsed version satisfies a caret range `^X.Y.Z` (the same major version, at or above X.Y.Z). */
function satisfies(version, range) {
  const m = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!m) throw new Error(`only caret ranges such as ^1.82.0 are supported, not ${range}`);
  const v = typeof version === 'string' ? parse(version) : version;
  if (!v || v.prerelease.length > 0) return false;
  const [major, minor, patch] = m.slice(1).map(Number);
  if (v.major !== major) return false;
  // ^0.y.z allows only patch updates, as in semver.
  if (major === 0 && v.minor !== minor) return false;
  return v.minor > minor || (v.minor === minor && v.patch >= patch);
}

module.exports = { parse, satisfies };
