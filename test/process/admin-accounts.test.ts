import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp } from '../../scripts/lib/start-app.mjs';

/** First sign-in on a fresh installation, as a new business would do it. */
describe('admin accounts from the command line and at first start', () => {
  let dataDir: string;
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  const login = (baseUrl: string, username: string, password: string) =>
    fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });

  it('a fresh start writes a one-time admin password to an owner-only file, never to the log', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-first-admin-'));
    const app = await startApp({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } });
    stop = app.stop;
    const file = path.join(dataDir, 'first-admin-password.txt');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = /Password: (\S+)/.exec(await readFile(file, 'utf8'))?.[1];
    expect(password).toBeDefined();
    // Standard output and error are not a terminal here: the log only says where to look.
    expect(app.output()).toContain(file);
    expect(app.output()).not.toContain(password);
    const response = await login(app.baseUrl, 'admin', password!);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: 'admin', isAdmin: true, mustChangePassword: true });
    expect(app.output()).not.toContain(password);
  });

  it('npm run admin:create makes an admin that can sign in, and resets a password', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-admin-create-'));
    const create = (username: string, password: string) =>
      spawnSync('npm', ['run', '--silent', 'admin:create', '--', '--username', username, '--password-stdin'], {
        input: `${password}\n`,
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const created = create('Owner', 'Lighthouse keeper at dawn');
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('Admin "Owner" created.');
    const weak = create('owner', 'password1234');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('This password is too common. Choose another.');
    const reset = create('owner', 'Harbour lights in November');
    expect(reset.stdout).toContain('Password reset for "Owner"');

    const app = await startApp({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
    stop = app.stop;
    expect(app.output()).not.toContain('FIRST ADMIN ACCOUNT CREATED');
    expect((await login(app.baseUrl, 'owner', 'Lighthouse keeper at dawn')).status).toBe(401);
    const ok = await login(app.baseUrl, 'OWNER', 'Harbour lights in November');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ username: 'Owner', isAdmin: true, mustChangePassword: false });
  }, 180_000); // three runs of the CLI and a server start: slow on a busy machine
});
