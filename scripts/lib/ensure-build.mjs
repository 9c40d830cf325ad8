// Builds the app when the build is missing or older than the sources.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const buildInfo = path.join(root, 'dist', 'build-info.json');
const sources = [
  'src',
  'public',
  'index.html',
  'public.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  // The build itself and its Vite plugins.
  'scripts/build.mjs',
  'scripts/lib/island-words-plugin.ts',
  'scripts/lib/uk-phone-metadata-plugin.ts',
];

async function newestChange(target) {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestChange(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

export async function buildIsStale() {
  const built = await stat(buildInfo).catch(() => null);
  if (!built) return true;
  const changes = await Promise.all(sources.map((s) => newestChange(path.join(root, s))));
  return Math.max(...changes) > built.mtimeMs;
}

export async function ensureBuilt() {
  if (!(await buildIsStale())) return;
  // Several processes may start at once (the test files that start servers run in parallel): one
  // builds while the others wait, then find the build fresh. Without this, one build would delete
  // dist/ while another process loads from it.
  await withBuildLock(async () => {
    if (!(await buildIsStale())) return;
    console.error('Building the app (the build is missing or older than the sources)...');
    const { buildAll } = await import('../build.mjs');
    await buildAll();
  });
}

const lockDir = path.join(root, 'node_modules', '.cache', 'carbuy-direct-build.lock');
/** A lock left by a build that was killed is taken over after this long (a build takes seconds). */
const STALE_LOCK_MS = 5 * 60 * 1000;

async function withBuildLock(action) {
  await mkdir(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      await mkdir(lockDir); // atomic: fails while another process holds the lock
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const held = await stat(lockDir).catch(() => null);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await rm(lockDir, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    return await action();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}
