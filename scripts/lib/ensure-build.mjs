// Builds the app when the build is missing or older than the sources.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const buildInfo = path.join(root, 'dist', 'build-info.json');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

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
  console.error('Building the app (the build is missing or older than the sources)...');
  const { buildAll } = await import('../build.mjs');
  await buildAll();
}
