import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAttempts, sessions, users } from '~/server/db/schema';
import { cheapHasher, hours, seedUser, testClock } from '../../../test/helpers/auth';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/helpers/database';
import { createLoginThrottle } from './login-throttle';
import { createSessionStore, SESSION_CACHE_MS } from './sessions';

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

/**
 * Each process keeps the sessions it checked for a few seconds (decision 005, point 18). Two stores
 * on one database stand for two app processes.
 */
describe.each(testEngines)('sessions kept in memory on %s', (engine) => {
  let t: TestDatabase;
  let stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops) await stop();
    stops = [];
    await t?.cleanup();
  });

  async function twoProcesses() {
    t = await createTestDatabase(engine);
    const clock = testClock();
    const here = createSessionStore(t.database.db, clock);
    const there = createSessionStore(t.database.db, clock);
    stops.push(await here.listen(t.database), await there.listen(t.database));
    const user = await seedUser(t.database.db, cheapHasher());
    return { db: t.database.db, clock, here, there, user };
  }

  it('a kept session is believed without the database for at most SESSION_CACHE_MS, and only while listening', async () => {
    const { db, clock, here, user } = await twoProcesses();
    const notListening = createSessionStore(db, clock);
    const token = await here.create(user.id);
    expect(await here.find(token)).toMatchObject({ user: { id: user.id } });
    expect(await notListening.find(token)).not.toBeNull();
    // Deleted behind the triggers' back, as a lost notification would be.
    await db.execute(sql`alter table sessions disable trigger session_changed`);
    await db.delete(sessions);
    await db.execute(sql`alter table sessions enable trigger session_changed`);
    expect(await notListening.find(token)).toBeNull();
    expect(await here.find(token)).not.toBeNull();
    clock.advance(SESSION_CACHE_MS);
    expect(await here.find(token)).toBeNull();
  });

  it('signing out, or a password change, refuses the session at once in this process', async () => {
    const { here, user } = await twoProcesses();
    const signedOut = await here.create(user.id);
    const other = await here.create(user.id);
    const current = await here.create(user.id);
    for (const token of [signedOut, other, current]) expect(await here.find(token)).not.toBeNull();
    await here.destroy(signedOut);
    expect(await here.find(signedOut)).toBeNull();
    const { id: currentId } = (await here.find(current))!;
    await here.destroyAllForUser(user.id, currentId);
    expect(await here.find(other)).toBeNull();
    expect(await here.find(current)).not.toBeNull();
  });

  it('a session ended, or its user changed or deleted, anywhere is refused in every process', async () => {
    const { db, here, there, user } = await twoProcesses();
    const signedOutThere = await here.create(user.id);
    const kept = await here.create(user.id);
    expect(await here.find(signedOutThere)).not.toBeNull();
    expect((await here.find(kept))?.user.isAdmin).toBe(true);

    // The clock stands still, so only the database's word can make this process read them again.
    await there.destroy(signedOutThere);
    await vi.waitFor(async () => expect(await here.find(signedOutThere)).toBeNull());

    await db.update(users).set({ isAdmin: false }).where(eq(users.id, user.id)); // as an admin's edit, or psql
    await vi.waitFor(async () => expect((await here.find(kept))?.user.isAdmin).toBe(false));

    await db.delete(users).where(eq(users.id, user.id)); // its sessions go by the foreign key's cascade
    await vi.waitFor(async () => expect(await here.find(kept)).toBeNull());
  });

  it('a session read inside a transaction is read there, not from memory', async () => {
    const { db, here, user } = await twoProcesses();
    const token = await here.create(user.id);
    expect(await here.find(token)).not.toBeNull();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`alter table sessions disable trigger session_changed`);
        await tx.delete(sessions);
        expect(await here.find(token, tx)).toBeNull();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
  });
});
