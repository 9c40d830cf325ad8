import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/server/db/client';
import { carValuations, users, type NewCarValuation } from '~/server/db/schema';
import { adminValuationMessages } from '~/shared/admin-valuations';
import {
  BOARD_COLUMN_SIZE,
  BOARD_COUNT_CAP,
  boardMessages,
  boardMoveFor,
  boardQuerySchema,
  boardStages,
  wayForward,
  type Board,
  type BoardQuery,
} from '~/shared/board';
import { staffStageChoices, stageChoiceMessages, lifecycleMessages } from '~/shared/valuation-lifecycle';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { referenceFor } from '../../../../test/helpers/valuation';
import { boardQueries } from './board-service';
import { newValuationReference } from './valuation-reference';

/**
 * The board (issue 37): the open requests by stage with capped counts, newest first, "Show more"
 * by keyset, the owner and search filters, and the moves it offers, checked against the lifecycle.
 */

const BOARD = '/api/admin/valuations/board';

let minute = 0;
/** A stored valuation, one minute after the one before (from 09:01 on 1 March) unless told. */
function aValuation(overrides: Partial<NewCarValuation> = {}): NewCarValuation {
  minute += 1;
  return {
    reference: newValuationReference(),
    registration: 'AB12CDE',
    mileage: 42_000,
    make: 'FORD',
    model: 'Focus',
    year: 2018,
    firstName: 'Jane',
    lastName: 'Smith',
    postcode: 'LN11 0LQ',
    email: 'jane@example.co.uk',
    phone: '07700 900123',
    contactPreference: ['call'],
    agreeToContact: true,
    createdAt: new Date(Date.UTC(2026, 2, 1, 9, minute)),
    ...overrides,
  };
}

describe.each(testEngines)('the board API on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let cookie: string;
  let admin: Awaited<ReturnType<typeof seedUser>>;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup() {
    minute = 0;
    t = await createTestApp(engine, { deps: { passwordHasher: hasher, clock: testClock() } });
    admin = await seedUser(db(), hasher, { firstName: 'Priya', lastName: 'Shah' });
    cookie = await signedInCookie(t.app, admin);
  }

  const db = () => t!.db.database.db;
  const get = (url: string, headers: Record<string, string> = { cookie }) =>
    t!.app.inject({ method: 'GET', url, headers });

  async function board(query = ''): Promise<Board> {
    const response = await get(`${BOARD}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json();
  }
  const column = (answer: Board, stage: string) => answer.columns.find((c) => c.stage === stage)!;
  const registrations = (answer: Board, stage: string) => column(answer, stage).cards.map((c) => c.registration);

  async function insert(...rows: Partial<NewCarValuation>[]) {
    return db()
      .insert(carValuations)
      .values(rows.map((row) => aValuation(row)))
      .returning();
  }

  function expectRefused(response: LightMyRequestResponse, message: string) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message });
  }

  it('answers every open stage in order, newest first, with counts, cards and owners; never closed or archived', async () => {
    await setup();
    const other = await seedUser(db(), hasher, { username: 'tomstaff' });
    await db().update(users).set({ firstName: null, lastName: null }).where(eq(users.id, other.id));
    const [older, newer] = await insert(
      { registration: 'NEW1', assignedUserId: admin.id },
      { registration: 'NEW2', make: null, model: null, year: null, firstName: 'Olu', lastName: 'Ade' },
    );
    await insert(
      { registration: 'CON1', status: 'contacted', assignedUserId: other.id },
      { registration: 'OFF1', status: 'offer_made' },
      { registration: 'ACC1', status: 'offer_accepted' },
      { registration: 'BOK1', status: 'collection_booked' },
      { registration: 'COL1', status: 'collected' },
      { registration: 'DONE1', status: 'completed' },
      { registration: 'LOST1', status: 'lost', lostReason: 'withdrawn' },
      { registration: 'ARC1', isArchived: true, archivedAt: new Date('2026-03-01T12:00:00Z') },
      { registration: 'ARC2', status: 'contacted', isArchived: true, archivedAt: new Date('2026-03-01T12:00:00Z') },
    );

    const answer = await board();
    expect(answer.columns.map((c) => c.stage)).toEqual([...boardStages]);
    expect(answer.columns.map((c) => [c.stage, c.count, c.capped, c.next])).toEqual([
      ['new', 2, false, null],
      ['contacted', 1, false, null],
      ['offer_made', 1, false, null],
      ['offer_accepted', 1, false, null],
      ['collection_booked', 1, false, null],
      ['collected', 1, false, null],
    ]);
    expect(registrations(answer, 'new')).toEqual(['NEW2', 'NEW1']);
    const seen = answer.columns.flatMap((c) => c.cards.map((card) => card.registration));
    for (const hidden of ['DONE1', 'LOST1', 'ARC1', 'ARC2']) expect(seen).not.toContain(hidden);

    expect(column(answer, 'new').cards).toEqual([
      {
        id: newer!.id,
        reference: newer!.reference,
        registration: 'NEW2',
        make: null,
        model: null,
        year: null,
        firstName: 'Olu',
        lastName: 'Ade',
        status: 'new',
        createdAt: newer!.createdAt.toISOString(),
        owner: null,
      },
      {
        id: older!.id,
        reference: older!.reference,
        registration: 'NEW1',
        make: 'FORD',
        model: 'Focus',
        year: 2018,
        firstName: 'Jane',
        lastName: 'Smith',
        status: 'new',
        createdAt: older!.createdAt.toISOString(),
        owner: { id: admin.id, name: 'Priya Shah' },
      },
    ]);
    // A member of staff without a name is shown by their username.
    expect(column(answer, 'contacted').cards[0]!.owner).toEqual({ id: other.id, name: 'tomstaff' });
  });

  it('filters by owner ("Mine", "Unassigned") and by the list’s search', async () => {
    await setup();
    const other = await seedUser(db(), hasher);
    await insert(
      { registration: 'MINE1', assignedUserId: admin.id },
      { registration: 'MINE2', status: 'offer_made', assignedUserId: admin.id, lastName: 'Quillfeather' },
      { registration: 'THEIRS1', assignedUserId: other.id, lastName: 'Quillfeather' },
      { registration: 'NOBODY1' },
      { registration: 'NOBODY2', status: 'collected' },
    );
    const mine = await board('?owner=mine');
    expect(mine.columns.map((c) => c.count)).toEqual([1, 0, 1, 0, 0, 0]);
    expect(registrations(mine, 'new')).toEqual(['MINE1']);
    expect(registrations(mine, 'offer_made')).toEqual(['MINE2']);

    const nobody = await board('?owner=unassigned');
    expect(registrations(nobody, 'new')).toEqual(['NOBODY1']);
    expect(registrations(nobody, 'collected')).toEqual(['NOBODY2']);
    expect(nobody.columns.map((c) => c.count)).toEqual([1, 0, 0, 0, 0, 1]);

    const searched = await board('?q=quillfeather');
    expect(registrations(searched, 'new')).toEqual(['THEIRS1']);
    expect(registrations(searched, 'offer_made')).toEqual(['MINE2']);
    expect(searched.columns.map((c) => c.count)).toEqual([1, 0, 1, 0, 0, 0]);
    // Both at once, and an empty filter is no filter (as the list's "Everyone" sends it).
    expect(registrations(await board('?q=quillfeather&owner=mine'), 'new')).toEqual([]);
    expect((await board('?q=&owner=')).columns.map((c) => c.count)).toEqual([3, 0, 1, 0, 0, 1]);
  });

  it('shows a column’s first cards and the rest after the last one shown, ties in a stable order', async () => {
    await setup();
    const sameTime = new Date('2026-03-01T10:00:00.123Z');
    const rows = await insert(
      ...Array.from({ length: BOARD_COLUMN_SIZE + 7 }, (_, i) => ({
        registration: `P${i}`,
        // Ten share one time, to the microsecond: the id orders them.
        ...(i >= 10 && i < 20 ? { createdAt: sameTime } : {}),
      })),
    );
    await insert({ registration: 'C1', status: 'contacted' });
    // Microseconds a JavaScript cursor would round away.
    await db().execute(sql`update car_valuations set created_at = created_at + interval '456 microseconds'
      where registration in ('P3', 'P4')`);

    const first = await board();
    const news = column(first, 'new');
    expect(news.count).toBe(BOARD_COLUMN_SIZE + 7);
    expect(news.cards).toHaveLength(BOARD_COLUMN_SIZE);
    expect(news.next).toBe(news.cards.at(-1)!.id);
    expect(column(first, 'contacted').next).toBeNull();

    const more = await board(`?stage=new&after=${news.next}`);
    expect(more.columns.map((c) => c.stage)).toEqual(['new']);
    const rest = more.columns[0]!;
    expect(rest.count).toBe(BOARD_COLUMN_SIZE + 7);
    expect(rest.cards).toHaveLength(7);
    expect(rest.next).toBeNull();

    // Every card once, newest first, ties by id (descending).
    const all = [...news.cards, ...rest.cards];
    expect(new Set(all.map((c) => c.id)).size).toBe(rows.length);
    const sorted = [...all].sort(
      (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    // P3 and P4 differ from their neighbours by microseconds only: sorted by the database, not by ms.
    expect(all.filter((c) => !['P3', 'P4'].includes(c.registration))).toEqual(
      sorted.filter((c) => !['P3', 'P4'].includes(c.registration)),
    );

    // A card that moved to another column still marks where its old column goes on.
    await db().execute(sql`update car_valuations set status = 'lost', lost_reason = 'withdrawn'
      where id = ${news.next}`);
    expect((await board(`?stage=new&after=${news.next}`)).columns[0]!.cards).toHaveLength(7);
  });

  it('caps each column’s count', async () => {
    await setup();
    await db().execute(sql`
      insert into car_valuations (reference, registration, mileage, first_name, last_name, postcode, email, phone,
        agree_to_contact, status, created_at)
      select ${referenceFor(sql`n`)}, 'CAP' || n, 1000, 'Cap', 'Ped', 'LN11 0LQ', 'c@example.com', '07700 900123',
        true, 'contacted', timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
      from generate_series(1, ${BOARD_COUNT_CAP + 5}) as n`);
    await insert({ registration: 'ONE1' });
    const answer = await board();
    expect(column(answer, 'contacted')).toMatchObject({ count: BOARD_COUNT_CAP, capped: true });
    expect(column(answer, 'contacted').cards[0]!.registration).toBe(`CAP${BOARD_COUNT_CAP + 5}`);
    expect(column(answer, 'new')).toMatchObject({ count: 1, capped: false });
    // A search matching more than the cap walks the stage newest first (the same cards), and a
    // column it does not match is empty.
    const searched = await board('?q=cap%20ped');
    expect(column(searched, 'contacted')).toMatchObject({ count: BOARD_COUNT_CAP, capped: true });
    expect(column(searched, 'contacted').cards.map((c) => c.id)).toEqual(
      column(answer, 'contacted').cards.map((c) => c.id),
    );
    expect(column(searched, 'new')).toMatchObject({ count: 0, cards: [], next: null });
    // Exactly the cap is not past it.
    await db().execute(sql`delete from car_valuations where registration in ('CAP1', 'CAP2', 'CAP3', 'CAP4', 'CAP5')`);
    expect(column(await board(), 'contacted')).toMatchObject({ count: BOARD_COUNT_CAP, capped: false });
  });

  it('refuses bad filters with the shared messages, and anyone not signed in', async () => {
    await setup();
    expectRefused(await get(`${BOARD}?stage=completed`), boardMessages.invalidStage);
    expectRefused(await get(`${BOARD}?stage=new&after=nope`), boardMessages.invalidAfter);
    expectRefused(await get(`${BOARD}?after=00000000-0000-4000-8000-000000000000`), boardMessages.afterNeedsStage);
    expectRefused(await get(`${BOARD}?owner=everyone`), adminValuationMessages.invalidOwnerFilter);
    expectRefused(await get(`${BOARD}?q=${'x'.repeat(101)}`), adminValuationMessages.searchTooLong);
    expect((await get(BOARD, {})).statusCode).toBe(401);
    const staff = await seedUser(db(), hasher, { isAdmin: false });
    expect((await get(BOARD, { cookie: await signedInCookie(t!.app, staff) })).statusCode).toBe(403);
    // A card to continue after that no longer exists: the column simply ends.
    expect((await board(`?stage=new&after=00000000-0000-4000-8000-000000000000`)).columns[0]!.cards).toEqual([]);
  });
});

describe('the moves the board offers', () => {
  it('allows exactly the staff moves the detail page’s control offers, and says why for the others', () => {
    for (const from of boardStages) {
      const allowed = [...boardStages, 'lost' as const].filter((to) => {
        const kind = boardMoveFor(from, to).kind;
        return kind !== 'refused' && kind !== 'none';
      });
      expect(allowed, from).toEqual(staffStageChoices(from));
    }
    expect(boardMoveFor('new', 'contacted')).toEqual({ kind: 'contact' });
    expect(boardMoveFor('offer_made', 'lost')).toEqual({ kind: 'lost' });
    expect(boardMoveFor('new', 'new')).toEqual({ kind: 'none' });
    expect(boardMoveFor('new', 'offer_made')).toEqual({ kind: 'refused', reason: stageChoiceMessages.offer_made });
    expect(boardMoveFor('contacted', 'new')).toEqual({ kind: 'refused', reason: stageChoiceMessages.new });
    expect(boardMoveFor('offer_made', 'contacted')).toEqual({
      kind: 'refused',
      reason: lifecycleMessages.contactOnlyNew,
    });
    expect(boardMoveFor('offer_accepted', 'collection_booked')).toEqual({
      kind: 'refused',
      reason: stageChoiceMessages.collection_booked,
    });
  });

  it('names the way forward from each column', () => {
    expect(boardStages.map(wayForward)).toEqual([
      stageChoiceMessages.offer_made,
      stageChoiceMessages.offer_made,
      stageChoiceMessages.offer_accepted,
      stageChoiceMessages.collection_booked,
      stageChoiceMessages.collected,
      stageChoiceMessages.completed,
    ]);
  });
});

/**
 * The board's statements are served by the list's indexes (DESIGN 6), on a table of analysed rows
 * where reading it whole already costs more than the right index.
 */
describe.each(testEngines)('the board’s plans on %s', (engine) => {
  const ROWS = 20_000;
  let t: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    db = t.database.db;
    await db.execute(sql`
      insert into car_valuations (reference, registration, mileage, make, model, first_name, last_name, postcode,
        email, phone, agree_to_contact, status, lost_reason, is_archived, assigned_user_id, created_at)
      select ${referenceFor(sql`n`)}, 'PL' || n, n, 'FORD', 'Focus',
        (array['Jane','Tom','Ravi','Aisha','Owen','Mia'])[1 + n % 6] || n,
        (array['Smith','Jones','Patel','Khan','Evans','Brown'])[1 + n % 5] || n,
        'LN11 0LQ', 'seller' || n || '@example.com', '07700 900123', true,
        (array['new','contacted','completed','lost','offer_made'])[1 + n % 5]::valuation_status,
        case when n % 5 = 3 then 'withdrawn' end,
        n % 10 = 0, null, timestamptz '2024-01-01T00:00:00Z' + n * interval '1 hour'
      from generate_series(1, ${ROWS}) as n`);
    await db.execute(sql`vacuum analyze car_valuations`);
  }, 60_000);
  afterAll(() => t?.cleanup());

  async function planOf(query: SQLWrapper): Promise<string> {
    const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  const queries = (query: BoardQuery) => boardQueries(boardQuerySchema.parse(query), { viewerUserId: 1 });

  /** Each column an index read newest first (its stage's range, or the newest-first walk at this size). */
  const NEWEST_FIRST =
    /Index (Only )?Scan (Backward )?using car_valuations_(archived_status_created_at_id|archived_created_at_id|created_at|assigned_archived_created_at_id)_idx/g;

  it('reads each column’s newest cards and its capped count from an index, never the table', async () => {
    const { counts, cards } = queries({});
    const cardsPlan = await planOf(cards);
    expect(cardsPlan).not.toContain('Seq Scan on car_valuations');
    expect(cardsPlan.match(NEWEST_FIRST)).toHaveLength(boardStages.length);
    // Each column's ids from its stage's range of the index alone, its rows by id after: walking the
    // newest-first index instead read every entry for a stage of no rows once the table was in
    // arrival order (the bench's million: seconds a board).
    const stageRanges = cardsPlan.match(/Index Only Scan using car_valuations_archived_status_created_at_id_idx/g);
    expect(stageRanges).toHaveLength(boardStages.length);
    const countsPlan = await planOf(counts);
    expect(countsPlan).not.toContain('Seq Scan on car_valuations');
    expect(countsPlan).toMatch(/Index Only Scan using car_valuations_archived_status_created_at_id_idx/);
  });

  it('goes on after a card from where it was in the index, not from the start', async () => {
    const [row] = (
      await db.execute<{ id: string }>(sql`select id from car_valuations where status = 'new' and not is_archived
        order by created_at desc limit 1 offset 1000`)
    ).rows;
    const plan = await planOf(queries({ stage: 'new', after: row!.id }).cards);
    expect(plan).not.toContain('Seq Scan on car_valuations');
    // The last card's time bounds the index scan (an Index Cond), rather than a filter on every entry before it.
    expect(plan).toMatch(/Index Cond: .*(ROW\(created_at, id\) <|created_at <= (\$0|\(InitPlan 1\)))/);
  });

  it('reads "Mine" from the owner’s index', async () => {
    const plan = await planOf(queries({ owner: 'mine' }).cards);
    expect(plan).not.toContain('Seq Scan on car_valuations');
    expect(plan.match(NEWEST_FIRST)).toHaveLength(boardStages.length);
  });
});
