// Lint of the source code (not of search configurations): every regular expression that can see user
// text must run in linear time, so the regexp plugin's backtracking checks are errors.
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  { ignores: ['test/**', 'bench/**', 'dist/**', 'node_modules/**', 'server/src/generated/**', 'test/fixtures/**', 'test/editors/**', '**/*.d.ts'] },
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
);
