// Builds everything `npm start` serves: the browser bundle (dist/client), the
// server-rendering bundle (dist/ssr) and the server itself (dist/server).
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

export async function buildAll() {
  const started = Date.now();
  await rm(dist, { recursive: true, force: true });
  const canary = await withSecretCanary(() =>
    // Always a production build, whoever asks: a build made inside the test runner (NODE_ENV=test)
    // would otherwise use React's development JSX, which the production server cannot render.
    withEnvironment({ NODE_ENV: 'production' }, async () => {
      const mode = 'production';
      // Four parts (vite.config.ts reads BUILD_PART): the back office on React, and the public
      // pages' islands on Preact, each with a manifest of its own in dist/client; the server's
      // renderers of pages (React) and of islands (Preact, as the browser runs them).
      const part = (name, build) =>
        withEnvironment({ BUILD_PART: name }, () => viteBuild({ root, mode, logLevel: 'warn', build }));
      await part('admin', { outDir: path.join(dist, 'client'), emptyOutDir: true });
      await part('public', {
        outDir: path.join(dist, 'client'),
        emptyOutDir: false,
        manifest: '.vite/public-manifest.json',
      });
      for (const [name, entry, outDir] of [
        ['ssr-pages', 'src/client/entry-server.tsx', 'ssr'],
        ['ssr-islands', 'src/client/render-island.tsx', 'ssr-islands'],
      ]) {
        await part(name, { ssr: entry, outDir: path.join(dist, outDir), emptyOutDir: true, manifest: false });
      }
    }),
  );
  await esbuild({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'create-admin': path.join(root, 'src/server/cli/create-admin.ts'),
      'seed-demo': path.join(root, 'src/server/cli/seed-demo.ts'),
      'storage-copy': path.join(root, 'src/server/cli/storage-copy.ts'),
      // Started as a worker thread by media/uploaded-document.ts, from beside the chunk that holds it.
      'pdf-worker': path.join(root, 'src/server/media/pdf-worker.ts'),
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
  await precompress(path.join(dist, 'client'));
  await writeFile(path.join(dist, 'build-info.json'), JSON.stringify({ builtAt: new Date().toISOString(), canary }));
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Files worth compressing: text. Images, fonts and audio are compressed in their own formats already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico']);
/** As @fastify/compress's threshold: smaller files are sent as they are. */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the client build, at the
 * formats' highest levels, for @fastify/static to send as they are (`preCompressed`): a browser
 * gets smaller files than on-the-fly compression gives, and the server spends no CPU on them per
 * request. A variant no smaller than the file is not written.
 */
async function precompress(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const variants = [
        ['.br', await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
        ['.gz', await gzip(content, { level: 9 })],
      ];
      for (const [extension, compressed] of variants) {
        if (compressed.length < content.length) await writeFile(file + extension, compressed);
      }
    }),
  );
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
  await withEnvironment(Object.fromEntries(names.map((name) => [name, canary])), build);
  return canary;
}

/** Runs `action` with these environment variables set, then puts the environment back as it was. */
async function withEnvironment(values, action) {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  try {
    return await action();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
