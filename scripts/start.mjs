// `npm start`: builds when the build is missing or older than the sources,
// then runs the built server in this process.
import { stat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

if (await buildIsStale()) {
  console.log('Building the app (the build is missing or older than the sources)...');
  const { buildAll } = await import('./build.mjs');
  await buildAll();
}
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
