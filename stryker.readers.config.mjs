// Mutation testing of the Terraform readers (`npm run test:mutation:readers`): Terraform's scalar conversion,
// the module's variables, the expressions they are read from and the reading of a file's resources. Every
// reading of a Terraform file runs this code, so each surviving mutant would run the whole rule suite of
// stryker.config.mjs (about 30 files): the tests here are the ones that read Terraform (its fixtures, the
// conversions checked with `terraform console`, variables and tfvars, modules, Terraform's JSON syntax and
// plans), which keeps a run under an hour. Two kinds of tests are left out: the CLI's, which run the command in
// a process of its own whose coverage the choice of tests for a mutant does not see, and incremental.test.js
// (an open document's blocks read again from the memo), whose random edits take too long to run for each
// mutant: the memo's code shows as not covered.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: [
    'server/src/core/formats/conversion.ts',
    'server/src/core/formats/terraform/variables.ts',
    'server/src/core/formats/terraform/variable-types.ts',
    'server/src/core/formats/terraform/expressions.ts',
    'server/src/core/formats/terraform/read.ts',
  ],
  tap: {
    ...base.tap,
    testFiles: [
      'dist/test/core/formats/terraform/{read,variables,conversion,provider-names,parity,reading-work,terraform,numbers,variable-types,module}.test.js',
      'dist/test/core/formats/terraform-json/terraform-json.test.js',
      'dist/test/core/formats/terraform-plan/terraform-plan.test.js',
      'dist/test/core/rules/{rules,sensitive-sources}.test.js',
      'dist/test/cli/{terraform,terraform-json}.test.js',
    ],
  },
  jsonReporter: { fileName: 'reports/mutation/readers.json' },
};
