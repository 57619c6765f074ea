// Mutation testing of the formats' small decisions (`npm run test:mutation:formats`): which text a nameless input
// is (standard input without --stdin-filename), which manifests are the operator's, the members kubectl reads
// through aliases and merge keys, the scalars of the plain YAML reader, and the provider's spellings of dotted
// keys. The tests are the rules' fixtures of every format, each format's own tests and the CLI's tests of
// standard input, manifests and Terraform.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: [
    'server/src/core/formats/unnamed.ts',
    'server/src/core/formats/yaml/names.ts',
    'server/src/core/formats/yaml/manifest-members.ts',
    'server/src/core/formats/yaml/plain-scalars.ts',
    'server/src/core/formats/terraform/names.ts',
  ],
  tap: {
    ...base.tap,
    testFiles: [
      'dist/test/core/rules/rules.test.js',
      'dist/test/core/formats/unnamed.test.js',
      'dist/test/core/formats/yaml/{yaml,plain-scalars,manifest-aliases,manifest-documents,plain-reader,plain-start,parity}.test.js',
      'dist/test/core/formats/terraform/{terraform,provider-names,parity}.test.js',
      'dist/test/core/formats/registry.test.js',
      'dist/test/cli/{yaml,terraform,terraform-json,not-configuration,bin}.test.js',
    ],
  },
  jsonReporter: { fileName: 'reports/mutation/formats.json' },
};
