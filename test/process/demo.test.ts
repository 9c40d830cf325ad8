import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getFreePort } from '../../scripts/lib/start-app.mjs';

/**
 * `npm run demo` as someone runs it (issue 31): the friendly start-up output is for people, so the
 * app's warnings in it read as sentences, not as JSON log lines. Slow: it seeds, starts the fakes
 * and the app (building first when the build is stale).
 */

const READY = 'Press Ctrl-C to stop.';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Runs the demo until its start-up output is complete, fetches `paths` from it, then stops it with
 * Ctrl-C: all it printed, how it ended, and the pages.
 */
async function demoStartUp(paths: string[]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-demo-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await getFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DEMO_DATA_DIR: dataDir };
  delete env.NODE_ENV;
  delete env.LOG_LEVEL;
  const child = spawn(process.execPath, ['scripts/demo.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const ready = new Promise<void>((resolve) => {
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes(READY)) resolve();
      });
    }
    void exited.then(() => resolve());
  });
  await ready;
  const pages = await Promise.all(
    paths.map(async (pagePath) => (await fetch(`http://localhost:${port}${pagePath}`)).text()),
  );
  child.kill('SIGINT');
  return { output, exitCode: await exited, pages };
}

describe('npm run demo', () => {
  it('prints the business details it leaves unset as a sentence, with no JSON log line', async () => {
    const { output, exitCode, pages } = await demoStartUp(['/contact']);
    expect(output).toContain(READY);
    expect(exitCode).toBe(0);
    const lines = output.split('\n');
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    const unset = lines.find((line) => line.startsWith('Warning: Business details not set'));
    expect(unset).toMatch(/^Warning: Business details not set, so the site leaves them out: SITE_COMPANY_NAME, .*\.$/);

    // It sets made-up contact details, and the contact page says they are made up.
    expect(unset).not.toMatch(/SITE_PHONE|SITE_EMAIL/);
    const [contact] = pages;
    expect(contact).toMatch(/href="tel:\+4420794600\d\d"/);
    expect(contact).toMatch(/href="mailto:[a-z]+@[a-z-]+\.example"/);
    expect(contact).toContain('these contact details are made up');
  }, 300_000);
});
