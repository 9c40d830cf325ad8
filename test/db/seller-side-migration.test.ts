import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '~/server/db/migrate';
import { hashSellerSecret, valuationForSecret } from '~/server/features/valuations';
import { testEngines } from '../helpers/database';
import { databaseBeforeMigration } from '../helpers/migrations';

/**
 * Issue 34's second migration on a database with requests, offers and upload tokens as they were:
 * an upload token keeps opening its request (it becomes the seller's first secret), offers get the
 * default 7 days to 23:59:59 UK time and the declarations they rested on, and only the newest offer
 * of a request at "Offer made" stays open.
 */

const MIGRATION_TAG = '0015_seller_side';

describe.each(testEngines)('the seller-side migration on %s', (engine) => {
  const migration = databaseBeforeMigration(engine, MIGRATION_TAG);

  it('keeps upload tokens working and gives old offers an end, conditions and a status', async () => {
    const database = await migration.open();
    const { db } = database;
    const token = 'A'.repeat(43);
    const insert = (n: number, status: string) =>
      db.execute(sql`
        insert into car_valuations (reference, registration, mileage, first_name, last_name, postcode, email, phone,
          agree_to_contact, status, overall_condition, upload_token_hash)
        values (${`CB-222-22${n}`}, ${`AB${n}CDE`}, 41000, 'Jo', 'Seller', 'LN11 0LQ', 'jo@example.com',
          '07911 123456', true, ${status}::valuation_status, 'great', ${hashSellerSecret(n === 2 ? token : `${n}`.repeat(43))})
        returning id`);
    const offered = (await insert(2, 'offer_made')).rows[0]!.id as string;
    const completed = (await insert(3, 'completed')).rows[0]!.id as string;
    const offer = (valuationId: string, at: string) =>
      db.execute(sql`
        insert into valuation_offers (valuation_id, amount_pence, send_method, created_at)
        values (${valuationId}, 425000, 'email', ${at}::timestamptz) returning id`);
    const older = (await offer(offered, '2026-03-20T10:00:00Z')).rows[0]!.id as string;
    // Sent in GMT; seven UK days later the clocks have gone forward (29 March 2026).
    const newer = (await offer(offered, '2026-03-25T10:00:00Z')).rows[0]!.id as string;
    const sold = (await offer(completed, '2026-03-25T10:00:00Z')).rows[0]!.id as string;

    await runMigrations(database);

    const offers = await db.execute<{ id: string; status: string; valid_until: Date | string; conditions: unknown }>(
      sql`select id, status, valid_until, conditions from valuation_offers`,
    );
    const byId = (id: string) => offers.rows.find((row) => row.id === id)!;
    expect(byId(older).status).toBe('superseded');
    expect(byId(newer).status).toBe('open');
    expect(byId(sold).status).toBe('accepted');
    // 23:59:59 BST on Wednesday 1 April is 22:59:59 UTC.
    expect(new Date(byId(newer).valid_until).toISOString()).toBe('2026-04-01T22:59:59.000Z');
    expect(byId(newer).conditions).toMatchObject({ mileage: 41000, overallCondition: 'great' });

    const now = new Date('2026-03-26T09:00:00Z');
    expect(await valuationForSecret(db, token, { now, daysAfterClose: 30 })).toEqual({ valuationId: offered });
    expect(await valuationForSecret(db, 'B'.repeat(43), { now, daysAfterClose: 30 })).toBeNull();
  });
});
