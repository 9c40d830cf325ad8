/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { islandWords } from './scripts/lib/island-words-plugin.ts';
import { islandWake } from './src/client/island-wake.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

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
    if (REACT.test(id)) return 'react';
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
export default defineConfig({
  resolve: { alias: { '~': src } },
  plugins: [react(), tailwindcss(), islandWords(src, Object.keys(islandWake))],
  build: {
    // The server reads the manifest to add the route's own chunks as
    // <link rel="modulepreload"> and to prove no admin chunk reaches a public page.
    manifest: true,
    sourcemap: false,
    // Every browser the site supports preloads modules itself; the polyfill would be one more script.
    modulePreload: { polyfill: false },
    // Two frames: public pages are documents with islands (public.html), the back office an app.
    rollupOptions: {
      // islands-boot is an entry of its own: public.html names it for entry-public to load late.
      input: { app: 'index.html', public: 'public.html', islands: 'src/client/islands-boot.tsx' },
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
