import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder, runMigrations } from '~/server/db/migrate';
import { VALUATION_REFERENCE_PATTERN } from '~/shared/valuation-reference';
import { createTestDatabase, testEngines, type TestDatabase } from '../helpers/database';

/**
 * Issue 31's migration on a database that already holds valuations: each existing row gets its
 * own reference in the stored format, and the column is then required and unique.
 */

const MIGRATION_TAG = '0013_valuation_reference';
const EXISTING_ROWS = 3_000;

type Journal = { entries: { tag: string }[] };

/** A copy of the migrations folder that stops just before the one under test. */
function migrationsBefore(tag: string): string {
  const source = defaultMigrationsFolder();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-migrations-before-'));
  fs.cpSync(source, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`No migration ${tag} in ${source}`);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

describe.each(testEngines)('the valuation reference migration on %s', (engine) => {
  let t: TestDatabase | undefined;
  let folder: string | undefined;

  afterEach(async () => {
    await t?.cleanup();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    t = undefined;
    folder = undefined;
  });

  it('gives every existing valuation a unique reference, then requires one', async () => {
    t = await createTestDatabase(engine, { migrate: false });
    const { db } = t.database;
    folder = migrationsBefore(MIGRATION_TAG);
    await runMigrations(t.database, { migrationsFolder: folder });
    await db.execute(sql`
      insert into car_valuations (registration, mileage, first_name, last_name, postcode, email, phone,
        agree_to_contact)
      select 'AB' || n || 'CDE', n, 'Jo', 'Seller', 'LN11 0LQ', 'jo' || n || '@example.com', '07911 123456', true
      from generate_series(1, ${EXISTING_ROWS}) as n`);

    await runMigrations(t.database);

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
