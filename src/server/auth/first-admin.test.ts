import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { users } from '~/server/db/schema';
import { cheapHasher, seedUser } from '../../../test/helpers/auth';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database';
import { ensureFirstAdmin, FIRST_ADMIN_PASSWORD_FILE } from './first-admin';

describe('the first admin', () => {
  let t: TestDatabase;
  const hasher = cheapHasher();
  const log = pino({ level: 'silent' });
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await t?.cleanup();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('is created from ADMIN_USERNAME / ADMIN_PASSWORD when there is no user', async () => {
    t = await createTestDatabase();
    await ensureFirstAdmin({
      db: t.database.db,
      hasher,
      log,
      dataDir: '/nonexistent-test-data-dir',
      firstAdmin: { username: 'owner', password: 'Lighthouse keeper at dawn' },
    });
    const [admin] = await t.database.db.select().from(users);
    expect(admin).toMatchObject({ username: 'owner', isAdmin: true, mustChangePassword: false });
    expect(await hasher.verify('Lighthouse keeper at dawn', admin!.passwordHash)).toBe(true);
  });

  it('otherwise gets a random password, written to an owner-only file and never logged', async () => {
    t = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-first-admin-unit-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const lines: string[] = [];
    const capture = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const announced: string[] = [];
    await ensureFirstAdmin({
      db: t.database.db,
      hasher,
      log: capture,
      firstAdmin: undefined,
      dataDir,
      announce: (text) => announced.push(text),
    });
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = /Password: (\S+)/.exec(await readFile(file, 'utf8'))?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const [admin] = await t.database.db.select().from(users);
    expect(admin).toMatchObject({ username: 'admin', isAdmin: true, mustChangePassword: true });
    expect(await hasher.verify(password, admin!.passwordHash)).toBe(true);
    // The log says where to look, never what the password is.
    expect(lines.join('')).toContain(file);
    expect(lines.join('')).not.toContain(password);
    // A person at a terminal is also shown it there (announce stands in for stderr).
    expect(announced.join('')).toContain(password);
  });

  it('shows the password on nothing but the file when no one is at a terminal', async () => {
    t = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-first-admin-unit-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const stdout = vi.spyOn(process.stdout, 'write');
    const stderr = vi.spyOn(process.stderr, 'write');
    const wasTty = process.stderr.isTTY;
    process.stderr.isTTY = false;
    try {
      await ensureFirstAdmin({ db: t.database.db, hasher, log, firstAdmin: undefined, dataDir });
    } finally {
      process.stderr.isTTY = wasTty;
    }
    const password = /Password: (\S+)/.exec(await readFile(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE), 'utf8'))?.[1];
    expect(password).toBeDefined();
    const written = [...stdout.mock.calls, ...stderr.mock.calls].map((c) => String(c[0])).join('');
    stdout.mockRestore();
    stderr.mockRestore();
    expect(written).not.toContain(password);
  });

  it('removes the password file once the generated password has been replaced', async () => {
    t = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-first-admin-unit-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const start = () =>
      ensureFirstAdmin({ db: t.database.db, hasher, log, firstAdmin: undefined, dataDir, announce: () => {} });
    await start();
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    await start(); // still not changed: the file stays
    expect((await stat(file)).isFile()).toBe(true);
    await t.database.db.update(users).set({ mustChangePassword: false });
    await start();
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
  });

  it('is not created when any user exists', async () => {
    t = await createTestDatabase();
    await seedUser(t.database.db, hasher, { username: 'existing' });
    await ensureFirstAdmin({
      db: t.database.db,
      hasher,
      log,
      dataDir: '/nonexistent-test-data-dir',
      firstAdmin: { username: 'owner', password: 'Lighthouse keeper at dawn' },
    });
    expect((await t.database.db.select().from(users)).map((u) => u.username)).toEqual(['existing']);
  });

  it('refuses a common ADMIN_PASSWORD', async () => {
    t = await createTestDatabase();
    await expect(
      ensureFirstAdmin({
        db: t.database.db,
        hasher,
        log,
        dataDir: '/nonexistent-test-data-dir',
        firstAdmin: { username: 'owner', password: 'password1234' },
      }),
    ).rejects.toThrow('ADMIN_PASSWORD: This password is too common. Choose another.');
    expect(await t.database.db.select().from(users)).toEqual([]);
  });
});
