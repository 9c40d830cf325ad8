import { and, asc, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { enumLiteral, integerLiteral } from '~/server/db/prepared-statements';
import { carValuations, users, valuationEvents, valuationOffers, type CarValuation } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import type { FileStore } from '~/server/storage/file-store';
import {
  adminValuationMessages as m,
  OFFER_EXPIRED_FILTER,
  VALUATION_LIST_COUNT_CAP,
  valuationListStatusFilters,
  valuationStatusValues,
  type ValuationListFilters,
  type ValuationStats,
  type ValuationListItem,
  type ValuationListResponse,
  type ValuationStatusValue,
} from '~/shared/admin-valuations';
import { parseValuationReference } from '~/shared/valuation-reference';
import { wholeRegistration } from '~/shared/registration';
import { promiseDueAt } from '~/shared/staff-pipeline';
import { staffEventFor, type LostReason } from '~/shared/valuation-lifecycle';
import { deleteValuationRows, removeValuationFiles } from './valuation-deletion';
import { moveValuation } from './lifecycle';
import { runBuilt } from '~/server/db/built-statements';
import { planSearch, searchCandidates, searchCondition, searchInStatement, type SearchPlan } from './valuation-search';
import { plausibilityListColumns, plausibilityListFlagsOf, plausibilityRow as v } from '../plausibility';

/**
 * The back office's valuation lists and archive actions (issue 11): thin routes in
 * admin-valuations-routes.ts call these.
 */

/** The list's columns only: never the upload token's hash, never whole rows of a million. */
function listColumnsOf(t: typeof carValuations | typeof v) {
  return {
    id: t.id,
    reference: t.reference,
    registration: t.registration,
    make: t.make,
    model: t.model,
    year: t.year,
    mileage: t.mileage,
    firstName: t.firstName,
    lastName: t.lastName,
    email: t.email,
    phone: t.phone,
    postcode: t.postcode,
    overallCondition: t.overallCondition,
    scuffedWheels: t.scuffedWheels,
    tyresNeedReplacing: t.tyresNeedReplacing,
    outstandingFinance: t.outstandingFinance,
    status: t.status,
    createdAt: t.createdAt,
    archivedAt: t.archivedAt,
    documentsCompletedAt: t.documentsCompletedAt,
    assignedUserId: t.assignedUserId,
    firstAnsweredAt: t.firstAnsweredAt,
  };
}
const listColumns = listColumnsOf(carValuations);
export type ListRow = Pick<CarValuation, keyof typeof listColumns>;

/**
 * A list row as the API gives it, with its owner's name (`owners`: from staffNamesFor) and, in the
 * lists' pages, its flags. Written out field by field rather than spread: a page is 20 of these, and
 * copying each row's ~25 fields through object rest and spread was a twentieth of the app's thread
 * on a list page (docs/decisions/005, point 19).
 */
export function toListItem(
  row: ListRow,
  owners: ReadonlyMap<number, string> = new Map(),
  flags?: ValuationListItem['flags'],
): ValuationListItem {
  const { assignedUserId } = row;
  const item: ValuationListItem = {
    id: row.id,
    reference: row.reference,
    registration: row.registration,
    make: row.make,
    model: row.model,
    year: row.year,
    mileage: row.mileage,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    postcode: row.postcode,
    overallCondition: row.overallCondition,
    scuffedWheels: row.scuffedWheels,
    tyresNeedReplacing: row.tyresNeedReplacing,
    outstandingFinance: row.outstandingFinance,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    documentsCompletedAt: row.documentsCompletedAt?.toISOString() ?? null,
    owner:
      assignedUserId === null
        ? null
        : { id: assignedUserId, name: owners.get(assignedUserId) ?? 'A former member of staff' },
    firstAnsweredAt: row.firstAnsweredAt?.toISOString() ?? null,
    promiseDueAt: promiseDueAt(row.createdAt).toISOString(),
  };
  if (flags) item.flags = flags;
  return item;
}

/**
 * The names of the staff who own `rows` (one small query on the users table, none when nobody owns
 * any): "Priya Shah", or the username of someone who gave no name.
 */
export async function staffNamesFor(
  db: Db,
  rows: readonly Pick<ListRow, 'assignedUserId'>[],
): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((row) => row.assignedUserId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((user) => [user.id, staffName(user)]));
}

/** How staff are named to each other: their full name, or their username when they gave none. */
export function staffName(user: { username: string; firstName: string | null; lastName: string | null }): string {
  const name = [user.firstName, user.lastName]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  return name || user.username;
}

/** One row as the list shows it, owner named: the answer of the calls that change one. */
export async function listItemOf(db: Db, row: ListRow): Promise<ValuationListItem> {
  return toListItem(row, await staffNamesFor(db, [row]));
}

/** One valuation as a list row, or 404. */
export async function listRowById(db: Db, id: string): Promise<ListRow> {
  const [row] = await db.select(listColumns).from(carValuations).where(eq(carValuations.id, id));
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return row;
}

/**
 * One page of the active or the archived valuations, newest first, filtered in SQL.
 *
 * Order and indexes: `is_archived, created_at DESC` (and `is_archived, status, created_at DESC` for
 * a status filter) give the first page by reading 20 index entries; the id breaks ties of equal
 * times (an incremental sort over those few rows). A search ORs the trigram indexes' expressions,
 * so PostgreSQL combines the GIN indexes (BitmapOr) rather than reading the table.
 *
 * A search's page is where planners go wrong: LIKE '%…%' estimates are rough, and when PostgreSQL
 * guesses hundreds of matches it walks the newest-first index until 20 match; with 23 real
 * matches that read 57,000 rows (330 ms on PGlite at 100k rows), while a common name fetched and
 * sorted all its 14,000 matches. The capped count, run first, tells how many there are: up to
 * VALUATION_LIST_COUNT_CAP, the page is sorted from all the matches (found through the trigram indexes);
 * past it, matches are common enough that walking newest first finds 20 soon.
 *
 * The total is counted up to VALUATION_LIST_COUNT_CAP + 1 matches (`totalCapped` past the cap),
 * never to the end: an exact count of the active list reads ~1M index entries on every page view
 * (tens of milliseconds on PostgreSQL, far more on PGlite), while the capped count stops after
 * 1,001, filtered or not. Pages stay reachable beyond the cap (up to MAX_PAGE); only the pager's
 * last page is then "1,000+". The Messages list counts exactly (paginate()); it holds far fewer
 * rows, so it does not need this yet.
 */
export async function listValuations(
  db: Db,
  archived: boolean,
  filters: ValuationListFilters,
  context: { now: Date; viewerUserId?: number },
): Promise<ValuationListResponse> {
  const { page, pageSize } = filters;
  // A search reads which words of the index begin with what was typed in the page's statement
  // (valuation-search.ts); a page that comes back empty is planned apart, to tell no matches from
  // a term that begins too many words to read each (walked instead).
  const pageOf = (search: SearchPlan | undefined) => {
    const listContext = { ...context, search };
    const queries = () => listQueries(db, archived, filters, listContext);
    // Built once per shape (built-statements.ts): the statement, not its answer, is kept.
    const rows = () => runBuilt(db, pageStatementKey(archived, filters, listContext), () => queries().page);
    const count = async () => Number((await db.execute<{ total: number }>(queries().count)).rows[0]?.total ?? 0);
    return { rows, count };
  };
  let list = pageOf(searchesText(filters) ? searchInStatement(filters.q!) : undefined);
  let rows = await list.rows();
  if (rows.length === 0 && searchesText(filters)) {
    const planned = await planSearch(db, filters.q!);
    list = pageOf(planned);
    if (planned.kind === 'walk') rows = await list.rows();
  }
  const matches = await matchesOf(rows, (page - 1) * pageSize, list.count);
  const total = Math.min(matches, VALUATION_LIST_COUNT_CAP);
  const owners = new Map(
    rows.flatMap(({ row, owner }) =>
      row.assignedUserId !== null && owner ? [[row.assignedUserId, staffName(owner)]] : [],
    ),
  );
  return {
    items: rows.map(({ row, plausibility }) =>
      toListItem(row, owners, plausibilityListFlagsOf(plausibility, context.now)),
    ),
    page,
    pageSize,
    total,
    totalCapped: matches > VALUATION_LIST_COUNT_CAP,
    pageCount: Math.ceil(total / pageSize),
    now: context.now.toISOString(),
  };
}

/**
 * The dashboard's counts by stage (issue 34): for each choice of the list's status filter, the
 * count the list itself gives for it (its capped count, so the figure beside a stage and the list's
 * "N matching" agree, and a stage of a million rows costs VALUATION_LIST_COUNT_CAP index entries,
 * not a million: an index range of `car_valuations_archived_status_created_at_id_idx` each).
 *
 * A select of one row, joined into the stats' one statement: the stages' counts in the JSON column
 * "stageCounts" from one subquery run for each stage (planned once, not eight times: PostgreSQL
 * plans a statement with parameters afresh at every run while that looks cheaper, and planning
 * eight copies was a third of a stats view on PGlite), and the expired offers' count beside it.
 */
export function stageCountsQuery(now: Date): {
  query: SQL;
  countsOf(row: Record<string, unknown> | undefined): ValuationStats['byStage'];
} {
  const unfiltered = { q: undefined, offer: undefined, owner: undefined, sort: undefined, status: undefined };
  const active = valuationListWhere(false, unfiltered);
  const stages = `{${valuationStatusValues.join(',')}}`;
  const atStage = cappedCount(and(active, eq(carValuations.status, sql`stages.stage`))!);
  const expired = cappedCount(valuationListWhere(false, { ...unfiltered, offer: 'expired' }, { now }));
  const query = sql`
    select
      (select json_object_agg(stage, (${atStage})) from unnest(${stages}::valuation_status[]) as stages(stage))
        as "stageCounts",
      (${expired}) as "offerExpired"`;
  return {
    query,
    countsOf(row) {
      const byStatus = (row?.stageCounts ?? {}) as Record<string, number>;
      return valuationListStatusFilters.map((filter) => {
        const matches = Number((filter === OFFER_EXPIRED_FILTER ? row?.offerExpired : byStatus[filter]) ?? 0);
        return {
          filter,
          count: Math.min(matches, VALUATION_LIST_COUNT_CAP),
          capped: matches > VALUATION_LIST_COUNT_CAP,
        };
      });
    },
  };
}

/**
 * At "Offer made" with no offer still standing: the newest offer ended unanswered (an accepted or
 * declined one would have moved the stage). The stage index finds the few candidates; the open
 * offer, if any, is one probe of `valuation_offers_one_open_idx` each.
 */
function offerExpired(now: Date): SQL {
  return sql`${carValuations.status} = 'offer_made' and not exists (
    select 1 from ${valuationOffers} where ${valuationOffers.valuationId} = ${carValuations.id}
      and ${valuationOffers.status} = 'open' and ${valuationOffers.validUntil} >= ${now})`;
}

/**
 * Everything listQueries builds the page statement from, as its key among the built statements:
 * the archive, every filter, who is asking (read by "Mine" only) and the search's plan (the words
 * it reads). None for the expired offers, whose statement carries the time.
 */
function pageStatementKey(
  archived: boolean,
  filters: ValuationListFilters,
  { viewerUserId, search }: ListContext & { search?: SearchPlan | undefined },
): string | undefined {
  if (filters.offer === 'expired') return undefined;
  const viewer = filters.owner === 'mine' ? (viewerUserId ?? null) : null;
  return JSON.stringify(['valuation list page', archived, filters, viewer, search ? searchKey(search) : null]);
}

/** A search plan as part of a statement's key: the words read, or that the statement reads them. */
const searchKey = (search: SearchPlan) =>
  search.kind === 'walk'
    ? search
    : search.alternatives.map(({ words, otherTerms }) => [Array.isArray(words) ? words : 'in statement', otherTerms]);

/** A stage written into the statement's text (enumLiteral). */
export const stageLiteral = (stage: ValuationStatusValue) => enumLiteral(stage, valuationStatusValues);

/** What a list's filters depend on besides themselves: the time, and who is asking ("Mine"). */
export type ListContext = { now?: Date; viewerUserId?: number };

/**
 * The WHERE clause of the active (or archived) list under `filters`, as the list applies it; the
 * CSV export (features/exports) streams the same rows.
 */
export function valuationListWhere(
  archived: boolean,
  filters: Omit<ValuationListFilters, 'page' | 'pageSize'>,
  context: ListContext = {},
  { walk = false }: { walk?: boolean } = {},
): SQL {
  // Literal, not a parameter, so the planner can match the partial index of unanswered requests.
  const conditions: SQL[] = [
    archived ? sql`${carValuations.isArchived} = true` : sql`${carValuations.isArchived} = false`,
    ...filterConditions(filters, context),
  ];
  // `walk`: the search checked on each row read (see listQueries); otherwise through its index.
  if (filters.q) conditions.push(searchMatches(filters.q, walk));
  return and(...conditions)!;
}

/** The list's filters other than the archive state and the search: stage, offer, owner, time left. */
function filterConditions(filters: Omit<ValuationListFilters, 'page' | 'pageSize'>, context: ListContext): SQL[] {
  const conditions: SQL[] = [];
  if (filters.sort === 'time_left') conditions.push(awaitingFirstAnswer());
  // Literal: each stage its own plan (a generic one walked the newest-first index for a stage of no rows).
  if (filters.status) conditions.push(sql`${carValuations.status} = ${stageLiteral(filters.status)}`);
  if (filters.offer === 'expired') conditions.push(offerExpired(context.now ?? new Date()));
  if (filters.owner === 'mine') conditions.push(eq(carValuations.assignedUserId, context.viewerUserId ?? -1));
  if (filters.owner === 'unassigned') conditions.push(isNull(carValuations.assignedUserId));
  return conditions;
}

/**
 * Open and not yet answered: the requests the 24-hour promise still runs for, as the partial index
 * `car_valuations_unanswered_created_at_id_idx` says it (literally, so the planner can use it).
 */
export function awaitingFirstAnswer(): SQL {
  return sql`${carValuations.firstAnsweredAt} is null and ${carValuations.status} not in ('completed', 'lost')`;
}

/**
 * The list's two queries, unexecuted (the database tests EXPLAIN them): the page (with the capped
 * count in it) and the count alone (for a page past the end). A search for text needs its plan:
 * read from the word index, its words found in the same statement (searchInStatement) or beforehand
 * (planSearch); or walked newest first, the search checked on each row (planSearch's answer for a
 * term of a letter or two, which begins so many words that matches are everywhere).
 */
export function listQueries(
  db: Db,
  archived: boolean,
  filters: ValuationListFilters,
  options: ListContext & { search?: SearchPlan | undefined } = {},
) {
  const offset = (filters.page - 1) * filters.pageSize;
  const search = options.search;
  if (searchesText(filters) && search?.kind === 'indexed') {
    // Filters besides the archive state are checked on each match's row; without, the index answers.
    const others = and(...filterConditions(filters, options));
    const newestFirst = filters.sort !== 'time_left';
    const found = (limit: number) => searchCandidates(search, { archived, others, newestFirst }, limit);
    // Each match once (two of its words may begin with what was typed), by a hash of the ids: a sort
    // for count(distinct) took as long again as reading them.
    const count = sql`select count(*)::int as total from (select id from (${found(VALUATION_LIST_COUNT_CAP + 1)})
      as found group by id) as matches`;
    const order = newestFirst ? sql`created_at desc, id desc` : sql`created_at asc, id asc`;
    const [limit, skip] = [integerLiteral(filters.pageSize), integerLiteral(offset)];
    const ids = sql`(select id from (${found(offset + filters.pageSize)}) as found group by id, created_at
      order by ${order} limit ${limit} offset ${skip})`;
    return { count, page: pageRows(db, ids, filters, countedOnPage(offset, count)) };
  }
  const where = valuationListWhere(archived, filters, options, { walk: searchesText(filters) });
  const count = cappedCount(where);
  return { count, page: pageRows(db, pageIds(where, filters, offset), filters, countedOnPage(offset, count)) };
}

/**
 * The count a page carries: none past the cap, where a page with rows already tells that the
 * matches are more than VALUATION_LIST_COUNT_CAP (page 51 of 20 begins at the 1,001st), and the
 * count would read a thousand index entries to say so again. matchesOf reads it back.
 */
function countedOnPage(offset: number, count: SQL): SQL | undefined {
  return offset < VALUATION_LIST_COUNT_CAP ? count : undefined;
}

/**
 * How many match, capped, from a page whose rows start at `offset`: the count it carries; past the
 * cap, where it carries none (countedOnPage), at least the rows up to its end; a page past the end
 * carries nothing, so `countApart` counts (the first page, empty, needs no count).
 */
async function matchesOf(
  rows: readonly { total: number | null }[],
  offset: number,
  countApart: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return rows[0]!.total ?? offset + rows.length;
  return offset === 0 ? 0 : countApart();
}

/**
 * A page's rows by id, in the list's order, each with its owner's name (a join on users) and what
 * its plausibility flags are worked out from (plausibilityListColumns: three short index probes per
 * row), and `total`, the capped count, when `count` is given: the page and all it shows in one
 * statement, one round trip.
 */
function pageRows(db: Db, ids: SQL | SQLWrapper, filters: ValuationListFilters, count?: SQL) {
  return db
    .select({
      row: listColumnsOf(v),
      owner: { username: users.username, firstName: users.firstName, lastName: users.lastName },
      plausibility: plausibilityListColumns(v),
      total: count ? sql<number>`(${count})`.mapWith(Number) : sql<null>`null`,
    })
    .from(v)
    .leftJoin(users, eq(users.id, v.assignedUserId))
    .where(inArray(v.id, ids))
    .orderBy(...listOrder(filters, v));
}

/** The list's matches, counted up to the cap plus one (so the answer knows it went past it). */
function cappedCount(where: SQL): SQL {
  const limit = integerLiteral(VALUATION_LIST_COUNT_CAP + 1);
  return sql`select count(*)::int as total from (select 1 from ${carValuations} where ${where} limit ${limit}) as capped`;
}

/**
 * A deferred join: the page's ids come from the index alone (created_at and id are in it, so an
 * index-only scan skips the offset's rows without touching the table), then only those rows are
 * read (pageRows). Page 500 otherwise fetched 10,000 scattered rows to throw all but 20 away.
 * Its limit and offset are written into the text (integerLiteral), so the page's prepared
 * statement keeps one generic plan instead of being planned on every run.
 */
function pageIds(where: SQL, filters: ValuationListFilters, offset: number): SQL {
  const order = sql.join(listOrder(filters, carValuations), sql`, `);
  const [limit, skip] = [integerLiteral(filters.pageSize), integerLiteral(offset)];
  return sql`(select ${carValuations.id} from ${carValuations} where ${where} order by ${order} limit ${limit} offset ${skip})`;
}

/**
 * Newest first; or, by time left on the promise, the oldest unanswered first (the least time left:
 * every request has the same 24 hours), which is the partial index's own order.
 */
function listOrder(
  filters: Pick<ValuationListFilters, 'sort'>,
  t: { createdAt: AnyColumn | SQL.Aliased; id: AnyColumn | SQL.Aliased },
): SQL[] {
  return filters.sort === 'time_left' ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)];
}

/**
 * Whether a search looks for text (words, see valuation-search.ts), rather than for a whole
 * registration, which is looked up exactly through the `(registration, created_at desc, id desc)`
 * index, already newest first, like a filter.
 */
function searchesText(filters: Pick<ValuationListFilters, 'q'>): boolean {
  return filters.q !== undefined && wholeRegistration(filters.q) === undefined;
}

/**
 * Words beginning words of the name, e-mail address, make, model or registration, or the whole
 * reference however typed (valuation-search.ts). A whole dated registration ("ab12 cde") finds that
 * car's requests only, through the registration's index (or the whole reference, "7K39QX").
 */
function searchMatches(search: string, walk: boolean): SQL {
  const whole = wholeRegistration(search);
  // Walked, the check is wrapped so PostgreSQL guesses it as common as a walk needs it to be (a
  // pattern's own guess is a few rows, which would make it read and sort the whole list instead).
  if (!whole) return walk ? sql`coalesce((${searchCondition(search, { walk })}), false)` : searchCondition(search);
  const reference = parseValuationReference(search);
  return or(reference ? eq(carValuations.reference, reference) : undefined, eq(carValuations.registration, whole))!;
}

/** Locks the valuation's row for the rest of the transaction; whether it is archived, or 404. */
async function lockArchiveState(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ isArchived: carValuations.isArchived })
    .from(carValuations)
    .where(eq(carValuations.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return row.isArchived;
}

export type ArchiveAction = { id: string; actorUserId: number; now: Date };

/**
 * Moves an active valuation to the archive (or, with `archive: false`, back), writing 'archived' or
 * 'restored' to its timeline in the same transaction. The row is locked, so two admins pressing at
 * once give one change and one 409, never two events.
 */
export async function setArchived(db: Db, action: ArchiveAction & { archive: boolean }): Promise<ListRow> {
  const { id, actorUserId, now, archive } = action;
  return db.transaction(async (tx) => {
    const isArchived = await lockArchiveState(tx, id);
    if (isArchived === archive) throw new AppError('CONFLICT', archive ? m.alreadyArchived : m.notArchived);
    const [updated] = await tx
      .update(carValuations)
      .set({ isArchived: archive, archivedAt: archive ? now : null, updatedAt: now })
      .where(eq(carValuations.id, id))
      .returning(listColumns);
    await tx
      .insert(valuationEvents)
      .values({ valuationId: id, type: archive ? 'archived' : 'restored', actorUserId, createdAt: now });
    return updated!;
  });
}

/**
 * Moves the valuation to the stage staff chose in the detail page's control, through the lifecycle
 * (./lifecycle.ts): 409 with its reason when that stage cannot follow this one. Choosing the stage
 * it already has changes nothing.
 */
export async function setStatus(
  db: Db,
  action: ArchiveAction & { status: ValuationStatusValue; lostReason?: LostReason | undefined },
): Promise<ListRow> {
  const { id, actorUserId, now, status } = action;
  return db.transaction(async (tx) => {
    const [row] = await tx.select(listColumns).from(carValuations).where(eq(carValuations.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', m.notFound);
    const event = staffEventFor(row.status, status, action.lostReason);
    if (event === null) return row;
    if ('refusal' in event) throw new AppError('CONFLICT', event.refusal);
    const stage = await moveValuation(tx, {
      valuation: row,
      event,
      actor: { kind: 'staff', userId: actorUserId },
      now,
    });
    return { ...row, status: stage };
  });
}

/**
 * Records that the seller withdrew their marketing consent (by phone, e-mail or letter): no
 * marketing from now on, and the timeline says who recorded it when. Staff can only withdraw
 * consent, never give it: consent must come from the seller (the wizard's box). Idempotent.
 */
export async function withdrawMarketingConsent(
  db: Db,
  action: { id: string; actorUserId: number; now: Date },
): Promise<{ marketingConsentAt: null }> {
  const { id, actorUserId, now } = action;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ marketingConsentAt: carValuations.marketingConsentAt })
      .from(carValuations)
      .where(eq(carValuations.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', m.notFound);
    if (row.marketingConsentAt === null) return { marketingConsentAt: null };
    await tx.update(carValuations).set({ marketingConsentAt: null, updatedAt: now }).where(eq(carValuations.id, id));
    await tx.insert(valuationEvents).values({
      valuationId: id,
      type: 'marketing_consent_withdrawn',
      data: { consentGivenAt: row.marketingConsentAt.toISOString() },
      actorUserId,
      createdAt: now,
    });
    return { marketingConsentAt: null };
  });
}

/**
 * Deletes an archived valuation for good: the row, and with it (ON DELETE CASCADE) its timeline,
 * offers and messages. Active ones are refused (409): SPEC's lifecycle is archive first, then
 * delete, so one click on the dashboard can never destroy a request.
 *
 * Files go after the commit: the seller's photos and documents (issue 35: their rows cascade,
 * their files do not), and the attachments of its messages (dealer reports carry the vehicle and
 * maybe the seller's details). A failed removal leaves an orphan file, logged, never a row
 * pointing at a missing file.
 */
export async function deleteArchivedValuation(
  db: Db,
  files: FileStore,
  id: string,
): Promise<{ removeFiles: () => Promise<void> }> {
  const stored = await db.transaction(async (tx) => {
    const isArchived = await lockArchiveState(tx, id);
    if (!isArchived) throw new AppError('CONFLICT', m.deleteActive);
    return deleteValuationRows(tx, [id]);
  });
  return { removeFiles: () => removeValuationFiles(files, stored) };
}
