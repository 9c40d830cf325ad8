/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));

// One config for the client build (`vite build`), the server-rendering bundle
// (`vite build --ssr`), the dev middleware and Vitest.
export default defineConfig({
  resolve: { alias: { '~': src } },
  plugins: [react(), tailwindcss()],
  build: {
    // The server reads the manifest to add the route's own chunks as
    // <link rel="modulepreload"> and to prove no admin chunk reaches a public page.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Makes the migrated PGlite snapshot and names the run, so test databases are reused and dropped at the end.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers suit the 2-core machine.
    maxWorkers: 2,
  },
});
