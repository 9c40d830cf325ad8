import { asc, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { paginationQuerySchema } from '~/shared/schema-kit';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/helpers/database';
import { paginate } from './paginate';
import { users } from './schema';

describe.each(testEngines)('paginate on %s', (engine) => {
  let t: TestDatabase;
  afterEach(async () => t?.cleanup());

  async function seed(count: number, prefix: string) {
    const rows = Array.from({ length: count }, (_, i) => ({
      username: `${prefix}${String(i).padStart(2, '0')}`,
      passwordHash: 'x',
    }));
    await t.database.db.insert(users).values(rows);
  }

  it('returns one page of a filtered, ordered query with the total of the whole query', async () => {
    t = await createTestDatabase(engine);
    const prefix = `page${Math.random().toString(36).slice(2, 8)}`;
    await seed(23, prefix);
    await seed(5, 'other');
    const db = t.database.db;
    const query = () =>
      db
        .select({ username: users.username })
        .from(users)
        .where(like(users.username, `${prefix}%`))
        .orderBy(asc(users.username))
        .$dynamic();

    const second = await paginate(db, query(), paginationQuerySchema.parse({ page: '2', pageSize: '10' }));
    expect(second).toEqual({
      items: Array.from({ length: 10 }, (_, i) => ({ username: `${prefix}${10 + i}` })),
      page: 2,
      pageSize: 10,
      total: 23,
      pageCount: 3,
    });
    const last = await paginate(db, query(), { page: 3, pageSize: 10 });
    expect(last.items.map((u) => u.username)).toEqual([20, 21, 22].map((n) => `${prefix}${n}`));
    const beyond = await paginate(db, query(), { page: 9, pageSize: 10 });
    expect(beyond).toMatchObject({ items: [], total: 23, pageCount: 3 });
  });

  it('an empty result is page 1 of 0', async () => {
    t = await createTestDatabase(engine);
    const db = t.database.db;
    const none = db.select().from(users).where(like(users.username, 'nobody-has-this%')).orderBy(asc(users.id));
    const result = await paginate(db, none.$dynamic(), {
      page: 1,
      pageSize: 25,
    });
    expect(result).toEqual({ items: [], page: 1, pageSize: 25, total: 0, pageCount: 0 });
  });
});
