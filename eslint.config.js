import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint rules, including the boundaries between parts of the code (STYLE 21),
 * checked on resolved paths, so `~/` and relative imports alike:
 *
 * - browser code (src/client) never imports server code (src/server);
 * - src/shared, imported by both sides, imports neither;
 * - public code never imports admin code (it would load on public pages); the
 *   route table reaches admin screens only through lazy `import()`;
 * - a feature (a folder under src/server/features, src/client/features/public or
 *   src/client/features/admin) reaches another only through that one's
 *   `index.ts`, the module meant for other features. Folders in `sharedFolders`
 *   (admin's layout and helpers) are for every feature of their side.
 *
 * test/lint/boundaries.test.ts proves each zone still reports.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const sharedFolders = new Set(['lib', 'layout', 'components']);

/** The entries of a folder under the project, as paths relative to the root. */
const entries = (folder, keep = () => true) =>
  fs
    .readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter(keep)
    .map((entry) => `${folder}/${entry.name}`);

const featureFolders = (folder) => entries(folder, (entry) => entry.isDirectory() && !sharedFolders.has(entry.name));

/** Each feature in `folder` may import the others (and those of `alsoFrom`) only through their index.ts. */
const featureZones = (folder, alsoFrom = []) =>
  featureFolders(folder).map((feature) => ({
    target: feature,
    from: [...featureFolders(folder).filter((other) => other !== feature), ...alsoFrom],
    except: ['./index.ts'],
    message: 'Import another feature through its index.ts, the module meant for other features.',
  }));

const adminFolder = 'src/client/features/admin';
const publicFolder = 'src/client/features/public';
const routeTable = 'src/client/routes.tsx';

/** Browser code outside admin, except the route table (it may lazy-load admin screens). */
const publicClientCode = [
  ...entries('src/client', (entry) => entry.name !== 'features' && entry.name !== 'routes.tsx'),
  ...entries('src/client/features', (entry) => entry.name !== 'admin'),
];

const zones = [
  { target: 'src/client', from: 'src/server', message: 'Browser code must not import server code.' },
  {
    target: 'src/shared',
    from: ['src/server', 'src/client'],
    message: 'src/shared is imported by both sides and imports neither.',
  },
  {
    target: publicClientCode,
    from: adminFolder,
    message: 'Public code must not import admin code (it would load on public pages). Use a lazy route.',
  },
  {
    // tailwind-merge (inside cn) would add about 8.5 KB gzipped to every public page.
    target: [
      'src/client/features/public/**',
      'src/client/components/*.tsx',
      'src/client/components/ui/button.tsx',
      'src/client/components/ui/container.tsx',
    ],
    from: 'src/client/lib/cn.ts',
    message: 'Public pages and the primitives they use join classes with cx (~/client/lib/cx), not cn.',
  },
  ...featureZones('src/server/features'),
  ...featureZones(publicFolder),
  ...featureZones(adminFolder, featureFolders(publicFolder)),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'drizzle/**',
      'data/**',
      'data-demo/**',
    ],
  },
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
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
  {
    // The route table may reach admin screens only lazily: `lazy: () => import(...)`.
    files: [routeTable],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/client/features/admin/*', './features/admin/*'],
              message: 'Load admin screens with a lazy import() so they never reach public pages.',
            },
          ],
        },
      ],
    },
  },
);
