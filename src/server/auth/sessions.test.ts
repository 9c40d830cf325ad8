import { afterEach, describe, expect, it } from 'vitest';
import { sessions } from '~/server/db/schema';
import { cheapHasher, hours, seedUser, testClock } from '../../../test/helpers/auth';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database';
import { createSessionStore } from './sessions';

describe('session storage', () => {
  let t: TestDatabase;
  afterEach(async () => t?.cleanup());

  it('stores only a hash of the cookie token, and clean-up removes expired rows', async () => {
    t = await createTestDatabase();
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
});
