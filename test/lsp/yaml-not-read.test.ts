import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, TestClient, uriOf } from './harness';
import { analyze } from '../../server/src/core';

// An editor opens every YAML file of a workspace: a file that clearly tries to be a manifest of ours gets
// the info the CLI gives when it is named (what was not read, and why); every other YAML file gets nothing.

const lines = (...l: string[]): string => `${l.join('\n')}\n`;
const CASES: Record<string, { text: string; info?: RegExp }> = {
  'wrapper.yaml': {
    text: lines('apiVersion: platform.example.com/v1', 'kind: Search', 'metadata:', '  name: wrapper', 'spec:', '  tier: gold'),
    info: /^Search\/wrapper: apiVersion is "platform\.example\.com\/v1": this kind: Search belongs to another API group than the operator's \(vendor\.io\), so it was not read\.$/,
  },
  'no-config.yaml': {
    text: lines('apiVersion: vendor.io/v1alpha1', 'kind: Search', 'metadata:', '  name: bare', 'spec:', '  cloudName: google-europe-west1'),
    info: /^Search\/bare has no spec\.userConfig: there is no configuration in it to check\.$/,
  },
  'template.yaml': {
    text: lines('apiVersion: vendor.io/v1alpha1', 'kind: Search', 'metadata:', '  name: {{ .Release.Name }}', 'spec:', '  userConfig: {}'),
    info: /^This document is a template \(\{\{ \}\} at line 4/,
  },
  'deployment.yaml': { text: lines('apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: web', 'spec:', '  replicas: 2') },
  // A kind: Search line nested in another file's values makes it no manifest.
  'compose.yml': { text: lines('services:', '  search:', '    image: search:2', '    environment:', '      kind: Search') },
  'plain.yaml': { text: lines('apiVersion: apps/v1', 'kind: ConfigMap', 'data:', '  config: "{}"') },
};

describe('YAML files that are not read, in the language server', () => {
  const dir = tempDir('yaml-not-read');
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ folders: [dir], settings: { baseline: 'none' } });
  });
  after(() => client.shutdown());

  for (const [name, { text, info }] of Object.entries(CASES)) {
    it(`${name}: ${info ? 'the info the CLI gives when it is named' : 'nothing'}`, async () => {
      const uri = uriOf(path.join(dir, name));
      await client.open(uri, text, 'yaml');
      const ds = await client.until(`diagnostics of ${uri}`, () => client.published.get(uri)?.at(-1)?.diagnostics);
      if (!info) {
        assert.deepEqual(ds, []);
        return;
      }
      assert.deepEqual(
        ds.map((d) => [d.code, d.severity]),
        [['input-limit', 3]],
        JSON.stringify(ds),
      );
      assert.match(ds[0].message, info);
      // The same as the CLI's for the file named.
      const cli = analyze(text, { fileName: name, named: true }).findings;
      assert.deepEqual(
        cli.map((f) => [f.message, f.range]),
        ds.map((d) => [d.message, d.range]),
      );
    });
  }
});
