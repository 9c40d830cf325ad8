import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/server/db/client';
import { valuationListQuerySchema, type ValuationListQuery } from '~/shared/admin-valuations';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { referenceFor } from '../../../../test/helpers/valuation';
import { addDays } from '~/shared/calendar-date';
import { promiseAlertsDueQuery } from '../pipeline';
import { listQueries, stageCountsQuery } from './admin-valuations-service';
import { planSearch, searchInStatement } from './valuation-search';
import { liveTallyQuery, settledUntil, tallyQuery } from './daily-tallies';
import { statsQueries } from './stats';

/**
 * The dashboard's queries are served by indexes (DESIGN 6), checked on the plans PostgreSQL
 * chooses for a table of a few thousand analysed rows, where reading the whole table already costs
 * more than the right index. Plans at 1M rows are in the issue's bench notes.
 */

const ROWS = 20_000;

describe.each(testEngines)('the admin valuation queries’ plans on %s', (engine) => {
  let t: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    db = t.database.db;
    await db.execute(sql`
      insert into car_valuations (reference, registration, mileage, make, model, first_name, last_name, postcode,
        email, phone, agree_to_contact, status, is_archived, created_at)
      select ${referenceFor(sql`n`)}, 'PL' || n, n,
        (array['FORD','VAUXHALL','BMW','AUDI','KIA','TOYOTA','NISSAN','HONDA'])[1 + n % 8],
        (array['Focus','Corsa','3 Series','A3','Ceed','Yaris','Qashqai','Civic'])[1 + n % 8],
        (array['Jane','Tom','Ravi','Aisha','Owen','Mia'])[1 + n % 6] || n,
        (array['Smith','Jones','Patel','Khan','Evans','Brown'])[1 + n % 5] || n,
        'LN11 0LQ', 'seller' || n || '@example.com', '07700 900123', true,
        (array['new','contacted','completed'])[1 + n % 3]::valuation_status,
        n % 10 = 0,
        timestamptz '2024-01-01T00:00:00Z' + n * interval '1 hour'
      from generate_series(1, ${ROWS}) as n`);
    await db.execute(sql`vacuum analyze car_valuations, valuation_search_words`);
  }, 60_000);
  afterAll(() => t?.cleanup());

  /** The plan PostgreSQL picks; `usable` forbids reading the whole table, to see an index can serve it. */
  async function planOf(query: SQLWrapper, options: { usable?: boolean } = {}): Promise<string> {
    const plan = await db.transaction(async (tx) => {
      if (options.usable) await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
    });
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  const filters = (query: ValuationListQuery) => valuationListQuerySchema.parse(query);

  /** An index read newest first: the archived/created_at one, or created_at alone filtered on is_archived. */
  const NEWEST_FIRST = /Index (Only )?Scan (Backward )?using car_valuations_(archived_)?created_at(_id)?_idx/;
  /** The valuations read whole: what no list may do (users, a few rows, may be). */
  const WHOLE_TABLE = /Seq Scan on car_valuations/;

  it('reads the newest of either list, and of one status, from an index, and counts from one', async () => {
    for (const [archived, query] of [
      [false, {}],
      [false, { page: '500' }],
      [true, {}],
    ] as const) {
      const { page, count } = listQueries(db, archived, filters(query));
      const plan = await planOf(page);
      expect(plan).toMatch(NEWEST_FIRST);
      // The page carries its capped count, which here (half the table) reads the table: as below.
      expect(await planOf(page, { usable: true })).not.toMatch(WHOLE_TABLE);
      // The deferred join: a page's ids from the index alone, however deep the page (vacuumed table).
      expect(plan).toMatch(/Index Only Scan using car_valuations_archived_created_at_id_idx/);
      // Here the cap is half the table, so reading it is cheaper; at 1M rows PostgreSQL picks this itself.
      expect(await planOf(count, { usable: true })).toMatch(
        /Index Only Scan using car_valuations_archived_(status_)?created_at_id_idx/,
      );
    }
    // One status of three: its own index, or the newest-first one until 20 match (1M rows: its own).
    const contacted = await planOf(listQueries(db, false, filters({ status: 'contacted' })).page);
    expect(contacted).toMatch(
      /Index (Only )?Scan (Backward )?using car_valuations_(archived_status_|archived_)?created_at(_id)?_idx/,
    );
    expect(contacted).not.toMatch(WHOLE_TABLE);
  });

  /** The search's page and count as listValuations runs them: planned first (planSearch). */
  async function searchQueries(q: string) {
    const search = await planSearch(db, q);
    return { search, ...listQueries(db, false, filters({ q }), { search }) };
  }
  const WORD_INDEX = 'valuation_search_words_word_archived_created_at_id_idx';

  it('pages and counts a search from the word index, never the whole table', async () => {
    for (const q of ['pl1234', 'ravi1234', 'smith99', 'ford focus', 'jane1234 smith1', 'seller12@example']) {
      const { search, page, count } = await searchQueries(q);
      expect(search.kind, q).toBe('indexed');
      for (const plan of [await planOf(page), await planOf(count)]) {
        expect(plan, q).toMatch(new RegExp(`Index Only Scan (Backward )?using ${WORD_INDEX}`));
        expect(plan, q).not.toMatch(/Seq Scan on (car_valuations|valuation_search_words)/);
      }
    }
    // One word on the active list: counted from the index alone, no request read.
    expect(await planOf((await searchQueries('smith99')).count)).not.toContain('car_valuations');
    // Another filter, or another word typed: each match's row is read by its id to check it.
    const contacted = filters({ q: 'smith99', status: 'contacted' });
    const filtered = listQueries(db, false, contacted, { search: await planSearch(db, 'smith99') });
    expect(await planOf(filtered.count)).toContain('Index Scan using car_valuations_pkey');
    expect(await planOf((await searchQueries('ford focus')).count)).toContain('Index Scan using car_valuations_pkey');
    // The words beginning with a term come from the index too, one probe each.
    const words = await planOf(
      sql`select word from valuation_search_words where word > 'smith99' order by word limit 1`,
    );
    expect(words).toContain(WORD_INDEX);
  });

  it('reads the words in the page’s own statement as well, from the word index, and finds nothing for too many', async () => {
    for (const q of ['smith99', 'ford focus', 'seller12@example']) {
      const { page, count } = listQueries(db, false, filters({ q }), { search: searchInStatement(q) });
      for (const plan of [await planOf(page), await planOf(count)]) {
        expect(plan, q).toMatch(new RegExp(`Index Only Scan (Backward )?using ${WORD_INDEX}`));
        expect(plan, q).not.toMatch(/Seq Scan on (car_valuations|valuation_search_words)/);
      }
      expect((await page).length, q).toBeGreaterThan(0);
    }
    // "j" begins thousands of words: the statement finds nothing, so listValuations plans a walk.
    expect(await listQueries(db, false, filters({ q: 'j' }), { search: searchInStatement('j') }).page).toEqual([]);
  });

  it('walks the list newest first for a letter or two, which begin too many words to read each', async () => {
    const { search, page } = await searchQueries('j');
    expect(search.kind).toBe('walk');
    expect(await planOf(page)).toMatch(NEWEST_FIRST);
    // Its capped count may read the table here (half of it matches), but an index can serve it.
    expect(await planOf(page, { usable: true })).not.toMatch(WHOLE_TABLE);
  });

  it('finds a whole registration through its own index, newest first, counted in the page', async () => {
    const { page, count } = listQueries(db, false, filters({ q: 'ab12 cde' }));
    for (const plan of [await planOf(page), await planOf(count)]) {
      // Index only: whether a request is archived is in the index, so no row is read to count it.
      expect(plan).toContain('Index Only Scan using car_valuations_registration_created_at_id_archived_idx');
      expect(plan).not.toContain(WORD_INDEX);
      expect(plan).not.toMatch(WHOLE_TABLE);
    }
  });

  it('finds a reference through its unique index, beside the word index, never by reading the table', async () => {
    const { search, page, count } = await searchQueries('cb 7k3 9qx');
    expect(search).toMatchObject({ kind: 'indexed', reference: 'CB-7K3-9QX' });
    for (const plan of [await planOf(count), await planOf(page)]) {
      expect(plan).toContain('car_valuations_reference_key');
      expect(plan).not.toMatch(WHOLE_TABLE);
    }
  });

  it('tallies the stats’ and the promise’s days from the created_at index and every make from the make index', async () => {
    // The last row is 2026-04-13; "now" a day later, the snapshot an hour before.
    const now = new Date('2026-04-14T12:00:00Z');
    // Either index that leads with created_at serves a range of days: the plain one, or the promise
    // figure's (created_at, first_answered_at), which also answers the tally from the index alone.
    const byCreatedAt = /car_valuations_created_at(_first_answered_at)?_idx/;
    const settled = settledUntil(now);
    const days = Array.from({ length: 29 }, (_, i) => addDays('2026-03-16', i)); // to 2026-04-13
    for (const tally of [tallyQuery(days, settled), liveTallyQuery(['2026-04-13', '2026-04-14'], settled, now)]) {
      const plan = await planOf(tally);
      expect(plan).toMatch(byCreatedAt);
      expect(plan).not.toContain('Seq Scan');
    }
    const queries = statsQueries(new Date('2026-04-14T11:00:00Z'));
    expect(await planOf(queries.recentMakes)).toMatch(byCreatedAt);
    const byMake = await planOf(queries.byMake);
    expect(byMake).toContain('Index Only Scan using car_valuations_make_idx');
    expect(byMake).toMatch(byCreatedAt);
  });

  it('counts each stage, and the offers that ended, from the stage index, never the whole table', async () => {
    const plan = await planOf(stageCountsQuery(new Date('2026-04-14T12:00:00Z')).query);
    expect(plan).toContain('car_valuations_archived_status_created_at_id_idx');
    expect(plan).not.toMatch(WHOLE_TABLE);
  });

  it('finds the requests due a promise alert in the partial index of those not yet alerted', async () => {
    // A day after the newest row, every unanswered one is past both 20 and 24 hours: the index
    // holds them all, and the job reads them oldest first from it, never the table.
    const now = new Date('2026-04-15T12:00:00Z');
    for (const kind of ['breach', 'warning'] as const) {
      const plan = await planOf(promiseAlertsDueQuery(db, kind, now));
      expect(plan, kind).toContain('car_valuations_promise_alert_due_idx');
      expect(plan, kind).not.toMatch(WHOLE_TABLE);
    }
  });
});
