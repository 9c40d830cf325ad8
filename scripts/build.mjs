// Builds everything `npm start` serves: the browser bundle (dist/client), the
// server-rendering bundle (dist/ssr) and the server itself (dist/server).
import { randomBytes } from 'node:crypto';
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
  const canary = await withSecretCanary(async () => {
    await viteBuild({ root, logLevel: 'warn', build: { outDir: path.join(dist, 'client'), emptyOutDir: true } });
    await viteBuild({
      root,
      logLevel: 'warn',
      build: { ssr: 'src/client/entry-server.tsx', outDir: path.join(dist, 'ssr'), emptyOutDir: true, manifest: false },
    });
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
    // main.ts loads the server with import() after setting NODE_ENV; splitting keeps that code, and
    // the packages it imports (React), out of the entry file, so they load only then.
    splitting: true,
    sourcemap: true,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  await writeFile(path.join(dist, 'build-info.json'), JSON.stringify({ builtAt: new Date().toISOString(), canary }));
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Runs the Vite builds with a made-up secret in the environment, as
 * `E2E_BUILD_CANARY` and (when unset) `ADMIN_PASSWORD`, and returns it.
 * e2e/admin/bundle.spec.ts checks that the browser bundle does not contain it,
 * so a config that inlines environment variables into browser code is caught.
 * The environment is restored afterwards: `npm start` builds in the process that
 * then runs the server, which must not see the made-up password.
 */
async function withSecretCanary(build) {
  const canary = `build-canary-${randomBytes(12).toString('hex')}`;
  const names = ['E2E_BUILD_CANARY', ...(process.env.ADMIN_PASSWORD ? [] : ['ADMIN_PASSWORD'])];
  const before = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  for (const name of names) process.env[name] = canary;
  try {
    await build();
  } finally {
    for (const name of names) {
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
    }
  }
  return canary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
