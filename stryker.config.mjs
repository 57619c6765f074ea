// Mutation testing (StrykerJS): `npm run test:mutation`. Each mutant of the rules and the output formatters is
// switched on in turn while the tests that run its code (found per test file, the tap runner's coverage) run
// again; a mutant that no test notices is a place where a wrong answer would pass. The score and the
// surviving mutants judged harmless are in CONTRIBUTING.md ("Mutation testing").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  mutate: ['server/src/core/rules/**/*.ts', 'server/src/cli/formatters/**/*.ts', '!**/index.ts'],
  // The tests run from their bundles, built from the sandbox's sources with every mutant in them.
  buildCommand: 'node scripts/build.mjs --tests',
  testRunner: 'tap',
  tap: {
    // The tests that judge answers, the quickest to catch a wrong one first (a mutant stops at the first
    // failing file): the rule fixtures of every format, the rules' own tests, the output formats. Growth,
    // scale, fuzz and layout tests measure other things and would only slow every mutant down.
    testFiles: [
      'dist/test/core/rules/rules.test.js',
      'dist/test/cli/{golden,formatter-output,formats,sarif,habits,exit-codes,fix}.test.js',
      'dist/test/core/rules/{invalid-json-messages,unknown-field-moves,rule-examples,rule-suggestions,one-finding,removed-field,min-severity,suppress,semver-caret,cidr-fast-path,credentials,sensitive-sources,deep-equal,thread-pool-capped}.test.js',
      'dist/test/core/formats/terraform/{terraform,conversion,provider-names,numbers}.test.js',
      'dist/test/core/formats/yaml/{yaml,plain-scalars}.test.js',
      'dist/test/core/formats/unnamed.test.js',
      'dist/test/core/formats/terraform-plan/terraform-plan.test.js',
      'dist/test/core/formats/terraform-json/terraform-json.test.js',
      'dist/test/core/formats/json/damaged.test.js',
      // Request files (.http, console, curl in scripts and runbooks): how requests are matched. (Their
      // suppressions are judged by the rule fixtures; the request files' suppression test also lints the
      // whole repository, which the sandbox holds only part of.)
      'dist/test/core/request-files/match.test.js',
      // The rules' documentation, rendered from their metadata (summaries and examples some rules build in
      // functions, which are not static): the committed docs/rules.md is the expected text.
      'dist/test/project/docs.test.js',
    ],
    forceBail: true,
  },
  coverageAnalysis: 'perTest',
  // A static mutant (in code that runs as a module loads: a rule's metadata, its documented examples) would
  // need every test file run again for each; the generated documentation's staleness test (test/project/docs)
  // and the rule-examples test judge that text instead.
  ignoreStatic: true,
  concurrency: 2,
  // A mutant that loops for ever is caught by the timeout: a few seconds more than the test's own time.
  timeoutMS: 4000,
  // The build reads these; the rest of the repository (the benchmark, the built output) stays out of the sandbox.
  ignorePatterns: ['dist', 'bench', '.ci', 'reports', '*.vsix'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
