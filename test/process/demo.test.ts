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

/** Runs the demo until its start-up output is complete, then stops it with Ctrl-C; all it printed. */
async function demoStartUp(): Promise<{ output: string; exitCode: number | string | null }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-demo-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(await getFreePort()), DEMO_DATA_DIR: dataDir };
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
  child.kill('SIGINT');
  return { output, exitCode: await exited };
}

describe('npm run demo', () => {
  it('prints the business details it leaves unset as a sentence, with no JSON log line', async () => {
    const { output, exitCode } = await demoStartUp();
    expect(output).toContain(READY);
    expect(exitCode).toBe(0);
    const lines = output.split('\n');
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^Warning: Business details not set, so the site leaves them out: SITE_COMPANY_NAME, .*\.$/,
      ),
    );
  }, 300_000);
});
