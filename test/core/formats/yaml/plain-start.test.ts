/**
 * A lint of a manifest written in plain block YAML reads it without loading the `yaml` package: its
 * code is neither compiled nor run, which is what makes such a run start fast. (A process of its
 * own: node --test runs each test file apart, so nothing else here has loaded the package.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { analyze } from '../../../../server/src/core';
import { plainReading } from '../../../../server/src/core/formats/yaml/plain-reader';
import { yamlLoaded } from '../../../../server/src/core/formats/yaml/read';
import { REPO } from '../../../support/repo';

const MANIFEST = path.join(REPO, 'test/fixtures/plain-yaml/deploy.yaml');

/** A deployment whose quotes the line patterns do not show closed: the plain block reader does. */
const DEPLOYMENT =
  'apiVersion: apps/v1\nkind: Deployment\nspec:\n  containers:\n    - name: "app" # it\'s the app\n      args: ["--port", \'9200\']\n---\n';

test('a manifest of plain block YAML is analysed without loading the yaml package, and gives the same findings as with it', () => {
  const text = DEPLOYMENT + fs.readFileSync(MANIFEST, 'utf8');
  const plain = analyze(text, { fileName: 'deploy.yaml' });
  assert.equal(yamlLoaded(), false);
  assert.ok(
    plain.findings.some((f) => f.message.startsWith('Search/')),
    plain.findings.map((f) => f.message).join('\n'),
  );
  plainReading.enabled = false;
  try {
    const reference = analyze(text, { fileName: 'deploy.yaml' });
    // The check above can fail: without the plain reader the package is loaded.
    assert.equal(yamlLoaded(), true);
    assert.deepStrictEqual(plain.findings, reference.findings);
  } finally {
    plainReading.enabled = true;
  }
});
