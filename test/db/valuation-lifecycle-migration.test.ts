import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '~/server/db/migrate';
import { testEngines } from '../helpers/database';
import { databaseBeforeMigration } from '../helpers/migrations';

/**
 * Issue 34's migration on a database that already holds valuations in SPEC's three statuses: new
 * and completed keep their meaning, a contacted request with an offer on record becomes
 * "offer_made", and from then on a lost request must say why (and only a lost one may).
 */

const MIGRATION_TAG = '0014_valuation_lifecycle';

describe.each(testEngines)('the valuation lifecycle migration on %s', (engine) => {
  const migration = databaseBeforeMigration(engine, MIGRATION_TAG);

  it('maps today’s statuses onto the stages, then requires a reason exactly when lost', async () => {
    const database = await migration.open();
    const { db } = database;
    const insert = (n: number, status: string) =>
      db.execute(sql`
        insert into car_valuations (reference, registration, mileage, first_name, last_name, postcode, email, phone,
          agree_to_contact, status)
        values (${`CB-222-22${n}`}, ${`AB${n}CDE`}, 1000, 'Jo', 'Seller', 'LN11 0LQ', 'jo@example.com',
          '07911 123456', true, ${status}::valuation_status)
        returning id`);
    const ids: Record<string, string> = {};
    for (const [n, name, status] of [
      [2, 'new', 'new'],
      [3, 'contactedWithOffer', 'contacted'],
      [4, 'contactedOnly', 'contacted'],
      [6, 'completed', 'completed'],
    ] as const) {
      ids[name] = (await insert(n, status)).rows[0]!.id as string;
    }
    await db.execute(sql`
      insert into valuation_offers (valuation_id, amount_pence, send_method)
      values (${ids.contactedWithOffer}, 425000, 'email')`);

    await runMigrations(database);

    const rows = await db.execute<{ id: string; status: string; lost_reason: string | null }>(
      sql`select id, status, lost_reason from car_valuations`,
    );
    const stageOf = (id: string) => rows.rows.find((row) => row.id === id)!.status;
    expect(stageOf(ids.new!)).toBe('new');
    expect(stageOf(ids.contactedWithOffer!)).toBe('offer_made');
    expect(stageOf(ids.contactedOnly!)).toBe('contacted');
    expect(stageOf(ids.completed!)).toBe('completed');
    expect(rows.rows.every((row) => row.lost_reason === null)).toBe(true);

    const setStage = (stage: string, reason: string | null) =>
      db.execute(sql`update car_valuations set status = ${stage}::valuation_status, lost_reason = ${reason}
        where id = ${ids.contactedOnly}`);
    // The database's own words, under drizzle's "Failed query" wrapper.
    const refusal = (update: Promise<unknown>) =>
      update.then(
        () => 'accepted',
        (error: Error) => String(error.cause ?? error),
      );
    expect(await refusal(setStage('lost', null))).toMatch(/car_valuations_lost_has_reason/);
    expect(await refusal(setStage('contacted', 'no_response'))).toMatch(/car_valuations_lost_has_reason/);
    expect(await refusal(setStage('lost', 'bored'))).toMatch(/car_valuations_lost_reason/);
    await setStage('lost', 'sold_elsewhere');
    const stored = await db.execute<{ status: string; lost_reason: string }>(
      sql`select status, lost_reason from car_valuations where id = ${ids.contactedOnly}`,
    );
    expect(stored.rows).toEqual([{ status: 'lost', lost_reason: 'sold_elsewhere' }]);
  });
});
