import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '~/server/db/migrate';
import { VALUATION_REFERENCE_PATTERN } from '~/shared/valuation-reference';
import { testEngines } from '../helpers/database';
import { databaseBeforeMigration } from '../helpers/migrations';

/**
 * Issue 31's migration on a database that already holds valuations: each existing row gets its
 * own reference in the stored format, and the column is then required and unique.
 */

const MIGRATION_TAG = '0013_valuation_reference';
const EXISTING_ROWS = 3_000;

describe.each(testEngines)('the valuation reference migration on %s', (engine) => {
  const migration = databaseBeforeMigration(engine, MIGRATION_TAG);

  it('gives every existing valuation a unique reference, then requires one', async () => {
    const database = await migration.open();
    const { db } = database;
    await db.execute(sql`
      insert into car_valuations (registration, mileage, first_name, last_name, postcode, email, phone,
        agree_to_contact)
      select 'AB' || n || 'CDE', n, 'Jo', 'Seller', 'LN11 0LQ', 'jo' || n || '@example.com', '07911 123456', true
      from generate_series(1, ${EXISTING_ROWS}) as n`);

    await runMigrations(database);

    const rows = await db.execute<{ reference: string }>(sql`select reference from car_valuations`);
    const references = rows.rows.map((row) => row.reference);
    expect(references).toHaveLength(EXISTING_ROWS);
    expect(new Set(references).size).toBe(EXISTING_ROWS);
    const malformed = references.filter((reference) => !VALUATION_REFERENCE_PATTERN.test(reference));
    expect(malformed).toEqual([]);

    const columns = await db.execute<{ nullable: string }>(
      sql`select is_nullable as nullable from information_schema.columns
          where table_name = 'car_valuations' and column_name = 'reference'`,
    );
    expect(columns.rows).toEqual([{ nullable: 'NO' }]);
  });
});
