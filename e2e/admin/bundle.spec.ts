import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures';

/** Every file under a folder, as paths. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

test('[ADMIN][BUNDLE]: the browser bundle holds no secret that was in the environment when it was built', async () => {
  // scripts/build.mjs puts a made-up secret in the environment while Vite builds
  // (as E2E_BUILD_CANARY and ADMIN_PASSWORD) and records it here.
  const { canary } = JSON.parse(readFileSync('dist/build-info.json', 'utf8')) as { canary?: string };
  expect(canary, 'dist/build-info.json names the canary: rebuild with `npm run build`').toMatch(/^build-canary-/);
  const files = filesUnder('dist/client');
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  for (const file of files) {
    const text = readFileSync(file, 'latin1');
    expect(text.includes(canary!), `${file} contains the build-time secret`).toBe(false);
    expect(text, file).not.toMatch(/ADMIN_PASSWORD|E2E_BUILD_CANARY|scrypt\$/);
  }
});
