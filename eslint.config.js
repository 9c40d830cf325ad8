import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint rules, including the feature boundaries (STYLE 21): shared code imports
 * nothing of ours, the browser never imports server code, and public pages never
 * import admin code (which would put it in the public bundle).
 */
const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'drizzle/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['~/server/*', '~/client/*'], message: 'src/shared is imported by both sides and imports neither.' },
      ]),
    },
  },
  {
    files: ['src/client/**'],
    ignores: ['src/client/features/admin/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['~/server/*'], message: 'Browser code must not import server code.' },
        {
          group: ['~/client/features/admin/*'],
          message: 'Public code must not import admin code (it would load on public pages). Use a lazy route.',
        },
      ]),
    },
  },
  {
    files: ['src/client/features/admin/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['~/server/*'], message: 'Browser code must not import server code.' },
      ]),
    },
  },
);
