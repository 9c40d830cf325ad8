import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures';

test('[ADMIN][BUNDLE]: the browser bundle holds no credentials', async () => {
  const password = process.env.E2E_ADMIN_PASSWORD;
  expect(password, 'scripts/e2e.mjs sets E2E_ADMIN_PASSWORD').toBeTruthy();
  const dir = 'dist/client/assets';
  const files = readdirSync(dir);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    expect(text.includes(password!), file).toBe(false);
    expect(text, file).not.toMatch(/ADMIN_PASSWORD|scrypt\$/);
  }
});
