// Mutation testing of the YAML reader's body (`npm run test:mutation:yaml`): the plain block reader that
// builds a manifest's nodes without the `yaml` package, and the reading of those nodes into configurations
// (aliases, merge keys, repeated keys, ranges). The plain reader is judged by the tests that compare its
// nodes with the `yaml` package's for the same text; the reading, by the YAML tests and the rules'
// fixtures of every format. Mutate one file at a time (`--mutate`) to keep a run under an hour.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['server/src/core/formats/yaml/plain-reader.ts', 'server/src/core/formats/yaml/read.ts'],
  tap: {
    ...base.tap,
    testFiles: [
      'dist/test/core/formats/yaml/{read,plain-reader,plain-start,parity,yaml,manifest-aliases,manifest-documents,incremental}.test.js',
      'dist/test/core/rules/rules.test.js',
    ],
  },
  jsonReporter: { fileName: 'reports/mutation/yaml.json' },
};
