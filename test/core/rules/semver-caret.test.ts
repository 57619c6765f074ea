/**
 * The desktop client is bundled with scripts/semver-caret.js in place of the semver package (see
 * scripts/build.mjs): for the versions VS Code reports and the caret ranges vscode-languageclient
 * checks them against, it must answer as semver does.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { REPO } from '../../support/repo';

interface Parsed {
  major: number;
  minor: number;
  patch: number;
  prerelease: Array<string | number>;
}
type Parse = (v: string) => Parsed | null;
type Satisfies = (v: Parsed, range: string) => boolean;
const root = REPO;
// The modules the build puts in place of semver/functions/parse and semver/functions/satisfies: each is
// the function itself, as semver's are (the client calls the module).
const caret = {
  parse: require(path.join(root, 'scripts', 'semver-caret', 'parse.js')) as Parse,
  satisfies: require(path.join(root, 'scripts', 'semver-caret', 'satisfies.js')) as Satisfies,
};
const parse = require('semver/functions/parse') as Parse;
const satisfies = require('semver/functions/satisfies') as Satisfies;

const VERSIONS = [
  '1.82.0',
  '1.81.9',
  '1.100.0',
  '1.106.2',
  '2.0.0',
  '0.9.0',
  '0.9.3',
  '1.82.0-insider',
  '1.99.3-insider',
  '1.82',
  'x',
  '',
  '1.82.1+build.5',
  'v1.90.0',
];
const RANGES = ['^1.82.0', '^1.100.0', '^0.9.0', '^0.9.1'];

test('the caret stand-in parses VS Code versions and checks caret ranges as semver does', () => {
  for (const v of VERSIONS) {
    const ours = caret.parse(v),
      theirs = parse(v);
    assert.deepEqual(
      ours && [ours.major, ours.minor, ours.patch, ours.prerelease.join('.')],
      theirs && [theirs.major, theirs.minor, theirs.patch, theirs.prerelease.join('.')],
      `parse(${JSON.stringify(v)})`,
    );
    if (!ours || !theirs) continue;
    for (const range of RANGES) {
      for (const withoutPrerelease of [false, true]) {
        // vscode-languageclient empties an insider build's prerelease before the check.
        const a = caret.parse(v)!,
          b = parse(v)!;
        if (withoutPrerelease) {
          a.prerelease = [];
          b.prerelease = [];
        }
        assert.equal(
          caret.satisfies(a, range),
          satisfies(b, range),
          `satisfies(${v}${withoutPrerelease ? ' without prerelease' : ''}, ${range})`,
        );
      }
    }
  }
  assert.throws(() => caret.satisfies(caret.parse('1.82.0')!, '>=1.82.0'), /only caret ranges/);
});
