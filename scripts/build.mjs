// Builds everything `npm start` serves: the browser bundle (dist/client), the
// server-rendering bundle (dist/ssr) and the server itself (dist/server).
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

export async function buildAll() {
  const started = Date.now();
  await rm(dist, { recursive: true, force: true });
  await viteBuild({ root, logLevel: 'warn', build: { outDir: path.join(dist, 'client'), emptyOutDir: true } });
  await viteBuild({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/client/entry-server.tsx', outDir: path.join(dist, 'ssr'), emptyOutDir: true, manifest: false },
  });
  await esbuild({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'create-admin': path.join(root, 'src/server/cli/create-admin.ts'),
    },
    outdir: path.join(dist, 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  await writeFile(path.join(dist, 'build-info.json'), JSON.stringify({ builtAt: new Date().toISOString() }));
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
