// ESLint flat config for the whole monorepo (run from the root: `eslint .`).
// Syntax-only typescript-eslint (no type information) so it stays fast; `tsc` does the typing.
// Architectural boundaries (which part may import which) live in .dependency-cruiser.cjs.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Workspaces import each other by package name (@stormline/<name>/<file>), never by a relative path. */
const crossWorkspaceMessage =
  'Import another workspace by package name (@stormline/<name>/<file>), not by a relative path out of this one.';

export default defineConfig(
  {
    name: 'stormline/ignores',
    ignores: [
      '**/node_modules/',
      'web/dist/',
      '**/dist/',
      '.local/',
      '**/cdk.out/',
      '.build/',
      'docs/api/',
      'bench/results/',
      'test/artifacts/',
      'coverage/',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: 'stormline/files',
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
  },

  {
    name: 'stormline/all',
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // '../../packages/domain/...', '../functions/src/...', '../../../web/src/...', '../local/...'
              regex: '^(\\.\\./)+(packages|functions|local|web|infra)(/|$)',
              message: crossWorkspaceMessage,
            },
            {
              // from packages/<a>/src/...: '../../domain/src/roles'
              regex: '^(\\.\\./)+(contract|domain|data|local)/src(/|$)',
              message: crossWorkspaceMessage,
            },
          ],
        },
      ],
    },
  },

  {
    name: 'stormline/web',
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'stormline/react-hooks',
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },

  {
    name: 'stormline/console-allowed',
    files: ['local/**', 'bench/**', 'scripts/**', '**/scripts/**'],
    rules: { 'no-console': 'off' },
  },

  {
    name: 'stormline/commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
