/**
 * Files with many configurations: a Terraform plan with many resource changes, a manifest of many
 * `kind: Search` documents, a `.tf` file of many resources. Whatever a rule or helper needs from the
 * whole text is worked out once per file, so checking n configurations costs about n times one;
 * a scan of the whole text per configuration makes it grow with n², which this test would see.
 * Each file is analysed with x1, x4 and x16 its configurations, as the CLI does (lintText) and as
 * the language server does (analyze with the file's parse and its DocumentState), and the CPU
 * times are compared: linear work grows 16 times, work per configuration over the whole file 256
 * times. CPU time, the least of a few runs, and a generous bound, so that a busy machine does not
 * make the test fail (see test/support/growth.ts); speed itself is the benchmark's business.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyze, type AnalyzeOptions } from '../../server/src/core';
import { DocumentState } from '../../server/src/core/document-state';
import { parseFor } from '../../server/src/core/engine';
import { lintText } from '../../server/src/cli/lint-file';
import { loadTerraformFromDisk } from '../../server/src/node/terraform-wasm';
import { assertLinear } from '../support/growth';

before(() => loadTerraformFromDisk());

/** A resource change of a plan, as `terraform show -json` writes it (every block a list). */
const planChange = (i: number): string =>
  JSON.stringify(
    {
      address: `vendor_search.s${i}`,
      mode: 'managed',
      type: 'vendor_search',
      name: `s${i}`,
      change: {
        actions: ['update'],
        before: { project: 'p', search_user_config: [{ static_ips: false, search: [{ http_max_content_length: 104857600 }] }] },
        after: {
          project: 'p',
          search_user_config: [
            { static_ips: 'yes', static_ipz: true, search: [{ http_max_content_length: 104857600 }], ip_filter_string: ['0.0.0.0/0'] },
          ],
        },
        after_unknown: {},
        before_sensitive: {},
        after_sensitive: {},
      },
    },
    null,
    2,
  );
const plan = (n: number): string =>
  `{\n"format_version": "1.2", "terraform_version": "1.9.5",\n"resource_changes": [\n${Array.from({ length: n }, (_, i) => planChange(i)).join(',\n')}\n]\n}\n`;

/** A manifest of `n` Search documents, each with a finding, a suppression comment and a trap. */
const manifest = (n: number): string =>
  Array.from({ length: n }, (_, i) =>
    [
      'apiVersion: vendor.io/v1alpha1',
      'kind: Search',
      'metadata:',
      `  name: s${i}`,
      'spec:',
      '  userConfig:',
      '    static_ips: yes',
      '    # search-config-disable-next-line unknown-field',
      '    static_ipz: true',
      '    max_index_cont: 5',
      '    search:',
      '      http_max_content_length: 104857600',
      '    ip_filter:',
      '      - 0.0.0.0/0',
    ].join('\n'),
  ).join('\n---\n') + '\n';

/**
 * A `.tf` file of `n` resources, each with a search_user_config block holding findings and a
 * suppression comment, written short: the file stays under the HCL parser's size limit with
 * thousands of them.
 */
const terraform = (n: number): string =>
  Array.from({ length: n }, (_, i) =>
    [
      `resource "vendor_search" "s${i}" {`,
      '  search_user_config {',
      '    static_ips = "yes"',
      '    # search-config-disable-next-line unknown-field',
      '    static_ipz = true',
      '    ip_filter  = ["0.0.0.0/0"]',
      '  }',
      '}',
    ].join('\n'),
  ).join('\n') + '\n';

const cli = (text: string, fileName: string) =>
  lintText({ file: `/nowhere/${fileName}`, displayPath: fileName, raw: text, options: { fileName }, minSeverity: 'info', mode: 'check' })
    .findings;
const server = (text: string, fileName: string) => {
  const options: AnalyzeOptions = { fileName };
  return analyze(text, options, parseFor(text, options), new DocumentState()).findings;
};

/** [what, file name, the file with n configurations, configurations of the x1 file] */
const FILES: Array<[string, string, (n: number) => string, number]> = [
  ['a Terraform plan', 'plan.json', plan, 250],
  ['a multi-document manifest', 'deploy.yaml', manifest, 250],
  ['a .tf file', 'main.tf', terraform, 250],
];
const HOSTS: Array<[string, typeof cli]> = [
  ['the CLI', cli],
  ['the language server', server],
];

for (const [what, fileName, make, unit] of FILES) {
  for (const [host, lint] of HOSTS) {
    test(`${host}: ${what} with x1, x4, x16 configurations takes linear CPU time`, () => {
      // Below a few hundred configurations the time per configuration still falls as the code warms
      // up; the x1 file is past that. A scan of the whole file per configuration would be quadratic.
      let perConfiguration = 0;
      assertLinear(`${host}: ${what}`, (k, s) => {
        const configurations = unit * k * s;
        const text = make(configurations);
        // Each configuration is checked: the same findings in each, so that no work was skipped.
        const findings = lint(text, fileName).length;
        assert.ok(findings > 0, `${what}: findings expected`);
        perConfiguration ||= findings / configurations;
        assert.equal(findings, perConfiguration * configurations, `${what}: findings for ${configurations} configurations`);
        return () => lint(text, fileName);
      });
    });
  }
}
