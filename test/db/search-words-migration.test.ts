import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '~/server/db/migrate';
import { testEngines } from '../helpers/database';
import { databaseBeforeMigration } from '../helpers/migrations';
import { referenceFor } from '../helpers/valuation';

/**
 * Issue 37's search index on a database that already holds valuations: migration 0029 gives every
 * existing request its words, and from then on the triggers keep them.
 */

const MIGRATION_TAG = '0028_search_words';
const EXISTING_ROWS = 2_000;

describe.each(testEngines)('the search words migration on %s', (engine) => {
  const migration = databaseBeforeMigration(engine, MIGRATION_TAG);

  it('indexes the words of every request already stored, archived ones marked', async () => {
    const database = await migration.open();
    const { db } = database;
    await db.execute(sql`
      insert into car_valuations (reference, registration, mileage, make, model, first_name, last_name, postcode,
        email, phone, agree_to_contact, is_archived)
      select ${referenceFor(sql`n`)}, 'AB' || n || 'CDE', n, 'FORD', 'Focus', 'Jo', 'Smith' || n,
        'LN11 0LQ', 'jo' || n || '@example.com', '07911 123456', true, n % 4 = 0
      from generate_series(1, ${EXISTING_ROWS}) as n`);

    await runMigrations(database);

    const counts = await db.execute<{ words: number; requests: number; archived: number }>(sql`
      select count(*)::int as words, count(distinct valuation_id)::int as requests,
        count(*) filter (where is_archived)::int as archived
      from valuation_search_words`);
    // jo, smith<n>, ford, focus, the registration and the address: six words each.
    expect(counts.rows[0]).toEqual({
      words: EXISTING_ROWS * 6,
      requests: EXISTING_ROWS,
      archived: EXISTING_ROWS * 1.5,
    });
    const one = await db.execute<{ word: string }>(sql`
      select w.word from valuation_search_words w join car_valuations v on v.id = w.valuation_id
      where v.registration = 'AB7CDE' order by 1`);
    expect(one.rows.map((row) => row.word)).toEqual(['@jo7@example.com', 'ab7cde', 'focus', 'ford', 'jo', 'smith7']);
  });
});
