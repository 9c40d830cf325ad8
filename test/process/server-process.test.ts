import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { startApp } from '../../scripts/lib/start-app.mjs';
import { testEngines } from '../helpers/database';

/**
 * The built server as `npm start` runs it: a real process, real signals, real
 * files. Slow-ish (each start boots the database), so only what needs a process.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshStorage(
  engine: 'pglite' | 'postgres',
): Promise<{ env: Record<string, string>; databaseUrl?: string; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-process-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (engine === 'pglite') return { env: { DATA_DIR: dataDir }, dataDir };
  const name = `test_process_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, databaseUrl: url.toString(), dataDir };
}

describe('the server process', () => {
  it('refuses to start with a bad PORT, naming the variable', () => {
    const result = spawnSync('node', ['scripts/start.mjs'], {
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('PORT: must be a whole number from 1 to 65535 (got "abc")');
  });

  it('refuses TRUST_PROXY=true in one line that says what to write instead', () => {
    const result = spawnSync('node', ['scripts/start.mjs'], {
      env: { ...process.env, TRUST_PROXY: 'true' },
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(result.status).toBe(78);
    const line = result.stderr.split('\n').find((l) => l.includes('TRUST_PROXY'));
    expect(line).toMatch(/^\s*TRUST_PROXY: .*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/);
  });

  it.each(testEngines)(
    'on %s: stops cleanly on SIGTERM and keeps its data across a restart',
    async (engine) => {
      const storage = await freshStorage(engine);
      const first = await startApp({ env: { ...storage.env, LOG_LEVEL: 'info' } });
      expect(await (await fetch(`${first.baseUrl}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'ok' });
      // The home page renders, as `npm start` serves it (React's production build, whoever built it).
      const home = await fetch(`${first.baseUrl}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Sell your car');
      await first.stop();
      expect(await first.exited).toEqual({ code: 0, signal: null });
      expect(first.output()).toContain('SIGTERM received');

      // Write a row while the server is stopped (the embedded engine allows one process at a time).
      const direct = await openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
      await direct.db.insert(users).values({ username: 'persisted', passwordHash: 'x' });
      await direct.close();

      const second = await startApp({ env: storage.env });
      expect((await fetch(`${second.baseUrl}/api/health`)).status).toBe(200);
      await second.stop();

      const reopened = await openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
      const rows = await reopened.db.select({ username: users.username }).from(users).orderBy(users.username);
      await reopened.close();
      // The first start created the first admin; the restart kept both rows and added nothing.
      expect(rows).toEqual([{ username: 'admin' }, { username: 'persisted' }]);
      // Three starts of the built server, two of them booting PGlite: 25 s on a quiet machine, and past
      // the default 30 s in a loaded CI run.
    },
    120_000,
  );
});

describe('the built entry point', () => {
  it('sets NODE_ENV before any package loads, so React renders with its production build', async () => {
    const { ensureBuilt, root } = await import('../../scripts/lib/ensure-build.mjs');
    await ensureBuilt();
    const { readFile } = await import('node:fs/promises');
    const entry = await readFile(path.join(root, 'dist', 'server', 'main.js'), 'utf8');
    // Static imports run before any line of the file: only Node's own modules may be imported so.
    const staticImports = [...entry.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(
      staticImports.every((name) => name!.startsWith('node:')),
      staticImports.join(', '),
    ).toBe(true);
    expect(entry.indexOf('process.env.NODE_ENV ??= "production"')).toBeGreaterThan(-1);
    expect(entry.indexOf('process.env.NODE_ENV ??= "production"')).toBeLessThan(entry.indexOf('await import('));
  });
});
