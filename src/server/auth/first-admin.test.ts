import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { users } from '~/server/db/schema';
import { cheapHasher, seedUser } from '../../../test/helpers/auth';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database';
import { ensureFirstAdmin } from './first-admin';

describe('the first admin', () => {
  let t: TestDatabase;
  const hasher = cheapHasher();
  const log = pino({ level: 'silent' });
  afterEach(async () => t?.cleanup());

  it('is created from ADMIN_USERNAME / ADMIN_PASSWORD when there is no user', async () => {
    t = await createTestDatabase();
    await ensureFirstAdmin({
      db: t.database.db,
      hasher,
      log,
      firstAdmin: { username: 'owner', password: 'Lighthouse keeper at dawn' },
    });
    const [admin] = await t.database.db.select().from(users);
    expect(admin).toMatchObject({ username: 'owner', isAdmin: true, mustChangePassword: false });
    expect(await hasher.verify('Lighthouse keeper at dawn', admin!.passwordHash)).toBe(true);
  });

  it('otherwise gets a random password, shown once, that must be changed at first sign-in', async () => {
    t = await createTestDatabase();
    let announced = '';
    await ensureFirstAdmin({
      db: t.database.db,
      hasher,
      log,
      firstAdmin: undefined,
      announce: (text) => (announced = text),
    });
    const password = /Password: (\S+)/.exec(announced)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const [admin] = await t.database.db.select().from(users);
    expect(admin).toMatchObject({ username: 'admin', isAdmin: true, mustChangePassword: true });
    expect(await hasher.verify(password, admin!.passwordHash)).toBe(true);
  });

  it('is not created when any user exists', async () => {
    t = await createTestDatabase();
    await seedUser(t.database.db, hasher, { username: 'existing' });
    await ensureFirstAdmin({
      db: t.database.db,
      hasher,
      log,
      firstAdmin: { username: 'owner', password: 'Lighthouse keeper at dawn' },
    });
    expect((await t.database.db.select().from(users)).map((u) => u.username)).toEqual(['existing']);
  });

  it('refuses a common ADMIN_PASSWORD', async () => {
    t = await createTestDatabase();
    await expect(
      ensureFirstAdmin({ db: t.database.db, hasher, log, firstAdmin: { username: 'owner', password: 'password1234' } }),
    ).rejects.toThrow('ADMIN_PASSWORD: This password is too common. Choose another.');
    expect(await t.database.db.select().from(users)).toEqual([]);
  });
});
