import { afterEach, describe, expect, it } from 'vitest';
import { loginAttempts, sessions } from '~/server/db/schema';
import { cheapHasher, hours, seedUser, testClock } from '../../../test/helpers/auth';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/helpers/database';
import { createLoginThrottle } from './login-throttle';
import { createSessionStore } from './sessions';

describe.each(testEngines)('session storage on %s', (engine) => {
  let t: TestDatabase;
  afterEach(async () => t?.cleanup());

  it('stores only a hash of the cookie token, and clean-up removes expired rows', async () => {
    t = await createTestDatabase(engine);
    const clock = testClock();
    const store = createSessionStore(t.database.db, clock);
    const user = await seedUser(t.database.db, cheapHasher());
    const token = await store.create(user.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const [row] = await t.database.db.select().from(sessions);
    expect(row!.sid).not.toContain(token);
    expect(row!.sid).toMatch(/^[0-9a-f]{64}$/);

    const fresh = await store.create(user.id);
    clock.advance(hours(2) + 1);
    await store.find(fresh).catch(() => null); // expired too by now
    expect(await store.deleteExpired()).toBe(2);
    expect(await t.database.db.select().from(sessions)).toEqual([]);
  });

  class Rollback extends Error {}

  it('the session store works inside a caller’s transaction, and rolls back with it', async () => {
    t = await createTestDatabase(engine);
    const { db } = t.database;
    const store = createSessionStore(db, testClock());
    const user = await seedUser(db, cheapHasher());
    const kept = await store.create(user.id);
    await expect(
      db.transaction(async (tx) => {
        const token = await store.create(user.id, tx);
        expect(await store.find(token, tx)).toMatchObject({ user: { id: user.id } });
        await store.destroyAllForUser(user.id, undefined, tx);
        expect(await tx.select().from(sessions)).toEqual([]);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    const rows = await db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(await store.find(kept)).not.toBeNull();
  });

  it('the sign-in throttle works inside a caller’s transaction, and rolls back with it', async () => {
    t = await createTestDatabase(engine);
    const { db } = t.database;
    const throttle = createLoginThrottle(db, testClock());
    await expect(
      db.transaction(async (tx) => {
        for (let i = 0; i < 5; i++) await throttle.record('alice', '203.0.113.1', false, tx);
        expect(await throttle.check('alice', '203.0.113.1', tx)).toMatchObject({ allowed: false });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await db.select().from(loginAttempts)).toEqual([]);
    expect(await throttle.check('alice', '203.0.113.1')).toEqual({ allowed: true });
  });

  it('clean-up removes failed sign-in attempts after a day, successful ones after 30 days', async () => {
    t = await createTestDatabase(engine);
    const { db } = t.database;
    const clock = testClock();
    const throttle = createLoginThrottle(db, clock);
    await throttle.record('alice', '203.0.113.1', false);
    await throttle.record('alice', '203.0.113.1', true);
    clock.advance(hours(24) + 1);
    await throttle.deleteOld();
    expect((await db.select().from(loginAttempts)).map((a) => a.succeeded)).toEqual([true]);
    clock.advance(hours(29 * 24));
    await throttle.deleteOld();
    expect(await db.select().from(loginAttempts)).toEqual([]);
  });
});
