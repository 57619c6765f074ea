// Lint of the source code (not of search configurations): every regular expression that can see user
// text must run in linear time, so the regexp plugin's backtracking checks are errors. The boundaries of
// the server's folders are errors too (see "Boundaries" below).
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// Boundaries. The core (server/src/core) is the analyzer: no I/O, no platform. It imports no Node
// built-in, nothing of the editor or the language server protocol, and no host; it reads no environment
// and loads no code (a module of its own, required lazily, is not I/O). The hosts (the CLI, the language
// server and its Node and web worker entries, the Action, the Node file code they share) import the core
// through its public entries only: core/index.ts, and core/explain.ts, which the CLI's bundle carries
// itself. The language server and the CLI never import each other.
const HOSTS = ['action', 'browser', 'cli', 'lsp', 'node'];
const DEEP_CORE = {
  regex: '^(\\.\\./)+core/(?!explain$)',
  message: 'A host imports the core through its public index (core/index.ts) only: export what is needed from there.',
};
const hostImports = (...more) => ({
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [DEEP_CORE, ...more] }],
});
const DEEP_CORE_SELECTOR = `Literal[value=/^(\\.\\.\\/)+core\\/(?!explain$)/]`;
const hostSyntax = [
  'error',
  { selector: `CallExpression[callee.name='require'] > ${DEEP_CORE_SELECTOR}`, message: DEEP_CORE.message },
  { selector: `TSImportType ${DEEP_CORE_SELECTOR}`, message: DEEP_CORE.message },
];
const NODE_BUILTINS = `^(node:.*|(${builtinModules
  .filter((m) => !m.startsWith('_'))
  .map(escape)
  .join('|')})(/.*)?)$`;
const CORE_MESSAGE =
  'The core does no I/O and knows no platform: the hosts hand it what it needs (server/src/lsp/runtime.ts, core/index.ts).';

/**
 * Who reads which format is the registry's business (core/formats/registry.ts): the engine, the fixer
 * and the hosts' analysis paths ask `formatOf(name)` for its handler instead of testing the name.
 */
const NO_FORMAT_BRANCH = {
  selector: 'ImportSpecifier[imported.name=/^is(Terraform|TerraformJson|Yaml|SearchYaml)Name$/]',
  message: "Ask the format's handler (formatOf(fileName) in core/formats/registry.ts) instead of testing the file name.",
};
const CORE_SYNTAX = [
  {
    selector: "CallExpression[callee.name='require']:not(:has(> Literal.arguments[value=/^\\.\\.?\\//]))",
    message: `${CORE_MESSAGE} (The core requires only modules of its own.)`,
  },
  { selector: 'ImportExpression', message: `${CORE_MESSAGE} (The core loads no code.)` },
];
export default tseslint.config(
  {
    ignores: [
      'test/**',
      'bench/**',
      'dist/**',
      'node_modules/**',
      // Mutation testing's sandboxes and reports (npm run test:mutation).
      '.stryker-tmp/**',
      'reports/**',
      'server/src/generated/**',
      'test/fixtures/**',
      'test/editors/**',
      '**/*.d.ts',
    ],
  },
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    extends: [tseslint.configs.recommended],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // Node built-ins and optional modules are required lazily on purpose (start-up time, browser builds).
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: NODE_BUILTINS, message: CORE_MESSAGE },
            { regex: '^vscode(-.*)?$', message: `${CORE_MESSAGE} (No editor API, no language server connection.)` },
            { regex: `^(\\.\\./)+(${HOSTS.join('|')})(/|$)`, message: 'The core imports no host: hosts import the core.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', '__dirname', '__filename', 'global', 'importScripts'].map((name) => ({ name, message: CORE_MESSAGE })),
      ],
      'no-restricted-properties': [
        'error',
        ...['process', 'Buffer', 'require', 'importScripts'].flatMap((property) => [
          { object: 'globalThis', property, message: CORE_MESSAGE },
          { object: 'self', property, message: CORE_MESSAGE },
        ]),
      ],
      'no-restricted-syntax': ['error', ...CORE_SYNTAX],
    },
  },
  {
    files: ['server/src/cli/**/*.ts'],
    rules: {
      ...hostImports({
        regex: '^(\\.\\./)+lsp(/|$)',
        message: 'The CLI and the language server never import each other: share through the core.',
      }),
      'no-restricted-syntax': hostSyntax,
    },
  },
  {
    files: ['server/src/lsp/**/*.ts'],
    rules: {
      ...hostImports({
        regex: '^(\\.\\./)+cli(/|$)',
        message: 'The CLI and the language server never import each other: share through the core.',
      }),
      'no-restricted-syntax': hostSyntax,
    },
  },
  {
    files: HOSTS.filter((h) => h !== 'cli' && h !== 'lsp').map((h) => `server/src/${h}/**/*.ts`),
    rules: { ...hostImports(), 'no-restricted-syntax': hostSyntax },
  },
  {
    files: ['server/src/core/engine.ts', 'server/src/core/fix.ts', 'server/src/core/changes/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CORE_SYNTAX, NO_FORMAT_BRANCH] },
  },
  {
    files: [
      'server/src/lsp/features.ts',
      'server/src/lsp/server.ts',
      'server/src/lsp/workspace.ts',
      'server/src/cli/lint-file.ts',
      'server/src/cli/files.ts',
      'server/src/cli/unified-diff.ts',
      'server/src/cli/commands/lint.ts',
      'server/src/cli/commands/diff.ts',
    ],
    rules: { 'no-restricted-syntax': [...hostSyntax, NO_FORMAT_BRANCH] },
  },
);
