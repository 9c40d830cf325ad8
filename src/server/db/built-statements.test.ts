import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/helpers/database';
import { builtStatementCount, MAX_BUILT_STATEMENTS, runBuilt } from './built-statements';
import { sessions, users } from './schema';

describe.each(testEngines)('built statements on %s', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(engine);
  });
  afterEach(() => t.cleanup());

  const addUser = (username: string) =>
    t.database.db.insert(users).values({ username, passwordHash: 'x', firstName: null, lastName: null });
  const usernames = () => t.database.db.select({ username: users.username }).from(users).orderBy(users.username);

  it('builds a query once per key, and every run reads the rows as they are then', async () => {
    const db = t.database.db;
    let builds = 0;
    const build = () => {
      builds += 1;
      return usernames();
    };
    expect(await runBuilt(db, 'users', build)).toEqual([]);
    await addUser('priya');
    expect(await runBuilt(db, 'users', build)).toEqual([{ username: 'priya' }]);
    await addUser('amir');
    expect(await runBuilt(db, 'users', build)).toEqual([{ username: 'amir' }, { username: 'priya' }]);
    expect(builds).toBe(1);
  });

  it('keeps a query of other values apart under its own key, and none without a key', async () => {
    const db = t.database.db;
    await addUser('priya');
    await addUser('amir');
    const keptBefore = builtStatementCount(db); // a test database may be shared by this file's tests
    const named = (username: string) => () =>
      db.select({ username: users.username }).from(users).where(eq(users.username, username));
    expect(await runBuilt(db, 'amir', named('amir'))).toEqual([{ username: 'amir' }]);
    expect(await runBuilt(db, 'priya', named('priya'))).toEqual([{ username: 'priya' }]);
    expect(await runBuilt(db, 'amir', named('priya'))).toEqual([{ username: 'amir' }]);
    expect(await runBuilt(db, undefined, named('priya'))).toEqual([{ username: 'priya' }]);
    expect(builtStatementCount(db)).toBe(keptBefore + 2);
  });

  it('runs a kept query with the values of each run in its placeholders', async () => {
    const db = t.database.db;
    await addUser('priya');
    await addUser('amir');
    const byName = () =>
      db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.username, sql.placeholder('name')));
    expect(await runBuilt(db, 'by name', byName, { name: 'amir' })).toEqual([{ username: 'amir' }]);
    expect(await runBuilt(db, 'by name', byName, { name: 'priya' })).toEqual([{ username: 'priya' }]);
    expect(await runBuilt(db, undefined, byName, { name: 'nobody' })).toEqual([]);
  });

  it('keeps at most its maximum, dropping the least recently run', async () => {
    const db = t.database.db;
    let builds = 0;
    const build = () => {
      builds += 1;
      return db.select({ one: sql<number>`1` }).from(users);
    };
    await runBuilt(db, 'first', build);
    for (let key = 0; key < MAX_BUILT_STATEMENTS - 1; key += 1) await runBuilt(db, `key ${key}`, build);
    await runBuilt(db, 'first', build); // now the most recent
    await runBuilt(db, 'one more', build); // drops "key 0"
    expect(builtStatementCount(db)).toBe(MAX_BUILT_STATEMENTS);
    const before = builds;
    await runBuilt(db, 'first', build);
    expect(builds).toBe(before);
    await runBuilt(db, 'key 0', build);
    expect(builds).toBe(before + 1);
  });

  it('maps rows as drizzle itself does: nested objects, decoders, left joins that found nothing', async () => {
    const db = t.database.db;
    await db.delete(sessions);
    const [user] = await db
      .insert(users)
      .values({ username: 'priya-map', passwordHash: 'x', firstName: 'Priya', lastName: null })
      .returning();
    const expire = new Date('2026-12-02T10:00:00.123Z');
    await db.insert(sessions).values([
      { sid: 'a-with-user', sess: { n: 1 }, expire, userId: user!.id },
      { sid: 'b-without', sess: { n: 2 }, expire, userId: null },
    ]);
    const build = () =>
      db
        .select({
          sid: sessions.sid,
          at: { expire: sessions.expire, hour: sql<number>`extract(hour from ${sessions.expire})`.mapWith(Number) },
          sess: sessions.sess,
          user: { id: users.id, firstName: users.firstName, lastName: users.lastName, admin: users.isAdmin },
          mixed: { username: users.username, sid: sessions.sid },
        })
        .from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId))
        .orderBy(sessions.sid);
    const byDrizzle = await build();
    const kept = await runBuilt(db, 'mapping', build);
    expect(await runBuilt(db, 'mapping', build)).toEqual(kept); // and again, from the kept statement
    expect(kept).toEqual(byDrizzle);
    expect(kept).toEqual([
      {
        sid: 'a-with-user',
        at: { expire, hour: 10 },
        sess: { n: 1 },
        user: { id: user!.id, firstName: 'Priya', lastName: null, admin: false },
        mixed: { username: 'priya-map', sid: 'a-with-user' },
      },
      {
        sid: 'b-without',
        at: { expire, hour: 10 },
        sess: { n: 2 },
        user: null,
        mixed: { username: null, sid: 'b-without' },
      },
    ]);
  });
});
