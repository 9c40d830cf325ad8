/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { islandWords } from './scripts/lib/island-words-plugin.ts';
import { ukPhoneMetadataOnly } from './scripts/lib/uk-phone-metadata-plugin.ts';
import { islandWake } from './src/client/island-wake.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Which part `npm run build` (scripts/build.mjs) is making; unset for the dev server and Vitest,
 * which see the whole app on React.
 *  - `admin`: the back office, a React app (index.html).
 *  - `public`: the public pages' loader and islands (public.html, islands-boot.tsx), on Preact.
 *  - `ssr-pages`: the server's renderer of pages (entry-server.tsx), on React.
 *  - `ssr-islands`: the server's renderer of islands (render-island.tsx), on Preact, so an island's
 *    HTML is exactly what the browser's Preact hydrates.
 */
type BuildPart = 'admin' | 'public' | 'ssr-pages' | 'ssr-islands';
const buildPart = process.env.BUILD_PART as BuildPart | undefined;
const onPreact = buildPart === 'public' || buildPart === 'ssr-islands';

/**
 * The public islands run on Preact (issue 33: a phone fetches about 10 KB for it instead of React's
 * 65 KB), written as React code: `react` and `react-dom` resolve to preact/compat, through our own
 * modules under src/client/preact/ where React's useId prefix must be kept (island.tsx).
 */
const preactAliases = [
  { find: /^react$/, replacement: `${src}/client/preact/react.ts` },
  { find: /^react-dom\/client$/, replacement: `${src}/client/preact/react-dom-client.ts` },
  { find: /^react-dom\/server$/, replacement: `${src}/client/preact/react-dom-server.ts` },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|preact)[\\/]/;

/**
 * Chunks for public pages: React in one (shared with the back office), and everything else the
 * islands' boot module imports statically (the small islands and what they use) in another, so a
 * public page loads four scripts, not sixteen (Rollup would otherwise split each module the back office
 * shares into a chunk of its own). Lazily loaded islands (the wizard) keep their own chunks.
 */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

function publicPageChunks() {
  let publicModules: Set<string> | undefined;
  return (id: string, graph: ModuleGraph) => {
    if (REACT.test(id)) return onPreact ? 'preact' : 'react';
    if (id.endsWith('.css')) return null; // each entry keeps its own stylesheet
    if (!publicModules) {
      publicModules = new Set();
      const entry = [...(graph.getModuleInfo(`${src}/client/islands-boot.tsx`)?.importedIds ?? [])];
      for (let next = entry.pop(); next !== undefined; next = entry.pop()) {
        if (publicModules.has(next) || REACT.test(next)) continue;
        publicModules.add(next);
        entry.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return publicModules.has(id) ? 'public-islands' : null;
  };
}

// One config for the client build (`vite build`), the server-rendering bundle
// (`vite build --ssr`), the dev middleware and Vitest.
const inputs = {
  admin: { app: 'index.html' },
  // islands-boot is an entry of its own: public.html names it for entry-public to load late.
  public: { public: 'public.html', islands: 'src/client/islands-boot.tsx' },
};

export default defineConfig({
  resolve: { alias: [{ find: /^~\//, replacement: `${src}/` }, ...(onPreact ? preactAliases : [])] },
  plugins: [
    react(),
    tailwindcss(),
    ...(buildPart === undefined || buildPart === 'public' ? [islandWords(src, Object.keys(islandWake))] : []),
    ...(onPreact ? [ukPhoneMetadataOnly()] : []),
  ],
  // The islands' server renderer bundles the libraries they use (Radix, react-hook-form…): left
  // outside, Node would load those with React's hooks, not Preact's.
  ...(buildPart === 'ssr-islands' ? { ssr: { noExternal: true } } : {}),
  build: {
    // The server reads the manifest to add the route's own chunks as
    // <link rel="modulepreload"> and to prove no admin chunk reaches a public page.
    manifest: true,
    sourcemap: false,
    // Every browser the site supports preloads modules itself; the polyfill would be one more script.
    modulePreload: { polyfill: false },
    // Two frames: public pages are documents with islands (public.html), the back office an app.
    rollupOptions: {
      input:
        buildPart === 'admin'
          ? inputs.admin
          : buildPart === 'public'
            ? inputs.public
            : { ...inputs.admin, ...inputs.public },
      output: { codeSplitting: { groups: [{ debugName: 'public pages', name: publicPageChunks() }] } },
    },
    target: 'es2022',
  },
  test: {
    // `npm run test:chaos` (VITEST_CHAOS=1) runs only the slow fault-injection suites, one file at a time.
    include: process.env.VITEST_CHAOS
      ? ['test/**/*.chaos.test.ts']
      : ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.VITEST_CHAOS ? [] : ['**/*.chaos.test.ts'])],
    environment: 'node',
    // Makes the migrated PGlite snapshot and names the run, so test databases are reused and dropped at the end.
    globalSetup: ['test/global-setup.ts'],
    // Log hygiene (issue 17): every log line an API test captures is JSON and holds no canary.
    setupFiles: ['test/log-hygiene-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers suit the 2-core machine.
    maxWorkers: process.env.VITEST_CHAOS ? 1 : 2,
  },
});
