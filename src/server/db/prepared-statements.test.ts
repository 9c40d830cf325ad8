import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/helpers/database';
import { sqlState } from './database-errors';
import { createStatementNames, enumLiteral, PREPARE_AFTER_RUNS } from './prepared-statements';
import { users } from './schema';

describe('statement names', () => {
  it('names a text on its third run and keeps the name', () => {
    const names = createStatementNames();
    const runs = Array.from({ length: 5 }, () => names.nameFor('select 1'));
    expect(runs.slice(0, PREPARE_AFTER_RUNS - 1)).toEqual([undefined, undefined]);
    expect(new Set(runs.slice(PREPARE_AFTER_RUNS - 1)).size).toBe(1);
    expect(runs[PREPARE_AFTER_RUNS - 1]).toMatch(/^carbuy_\d+$/);
    expect(names.nameFor('select 2')).toBeUndefined();
  });

  it('names no more than its maximum, and keeps the names already given', () => {
    const names = createStatementNames({ prepareAfterRuns: 1, maxPrepared: 2 });
    const first = names.nameFor('select 1');
    const second = names.nameFor('select 2');
    expect(first).not.toBe(second);
    expect(names.nameFor('select 3')).toBeUndefined();
    expect(names.nameFor('select 1')).toBe(first);
  });
});

describe('enum literals', () => {
  it('write an allowed word into the text, and refuse any other', () => {
    const stages = ['new', 'contacted'] as const;
    expect(enumLiteral('new', stages).queryChunks).toEqual(sql.raw("'new'").queryChunks);
    expect(() => enumLiteral("new' or true --" as 'new', stages)).toThrow(TypeError);
  });
});

describe.each(testEngines)('prepared statements on %s', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(engine);
  });
  afterEach(() => t.cleanup());

  const userById = (id: number) => t.database.db.select().from(users).where(eq(users.id, id));
  const prepared = async () =>
    (
      await t.database.db.execute<{ statement: string }>(
        sql`select statement from pg_prepared_statements where name like 'carbuy\\_%'`,
      )
    ).rows.map((row) => row.statement);

  async function insertUser() {
    const [user] = await t.database.db
      .insert(users)
      .values({ username: 'priya', passwordHash: 'x', firstName: 'Priya', lastName: null })
      .returning();
    return user!;
  }

  it('runs a habitual query as a named statement and answers it as the first run did', async () => {
    const user = await insertUser();
    const first = await userById(user.id);
    for (let run = 1; run < PREPARE_AFTER_RUNS + 3; run += 1) {
      expect(await userById(user.id)).toEqual(first);
    }
    expect(first[0]).toMatchObject({ username: 'priya', lastName: null, createdAt: expect.any(Date) });
    expect(await prepared()).toContainEqual(expect.stringContaining('from "users" where "users"."id" = $1'));
    // A parameter of another value gets its own answer from the same statement.
    expect(await userById(user.id + 1)).toEqual([]);
  });

  it('rejects a bad parameter with its SQLSTATE and answers the next query', async () => {
    const byText = (id: string) => t.database.db.execute(sql`select ${id}::uuid as id`);
    for (let run = 0; run < PREPARE_AFTER_RUNS; run += 1) await byText('7c9e6679-7425-40de-944b-e07fc1f90ae7');
    const refused = await byText('not-a-uuid').catch((error: unknown) => error);
    expect(sqlState(refused)).toBe('22P02');
    expect((await byText('7c9e6679-7425-40de-944b-e07fc1f90ae7')).rows).toEqual([
      { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
    ]);
  });

  it('leaves transactions as they were: a rolled-back write is gone, a committed one stays', async () => {
    const user = await insertUser();
    for (let run = 0; run < PREPARE_AFTER_RUNS; run += 1) await userById(user.id);
    const rename = (firstName: string) => t.database.db.update(users).set({ firstName }).where(eq(users.id, user.id));
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Rolled back' }).where(eq(users.id, user.id));
        throw new Error('give up');
      })
      .catch(() => {});
    expect((await userById(user.id))[0]?.firstName).toBe('Priya');
    await t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Asha' }).where(eq(users.id, user.id));
    });
    expect((await userById(user.id))[0]?.firstName).toBe('Asha');
    for (let run = 0; run < PREPARE_AFTER_RUNS + 1; run += 1) await rename(`Asha ${run}`);
    expect((await userById(user.id))[0]?.firstName).toBe(`Asha ${PREPARE_AFTER_RUNS}`);
  });

  it.runIf(engine === 'pglite')('prepares a statement again when the session has dropped it', async () => {
    const user = await insertUser();
    for (let run = 0; run < PREPARE_AFTER_RUNS; run += 1) await userById(user.id);
    if (t.database.engine === 'pglite') await t.database.client.exec('discard all');
    expect(await prepared()).toEqual([]);
    expect((await userById(user.id))[0]?.username).toBe('priya');
  });
});
