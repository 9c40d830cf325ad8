import { inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '~/server/db/client';
import { carValuations } from '~/server/db/schema';
import {
  PLAUSIBILITY_LINKS_SHOWN,
  plausibilityFlags,
  type PlausibilityFacts,
  type PlausibilityFlag,
  type RelatedRequest,
  type RelatedRequests,
  type RelatedSummary,
} from '~/shared/plausibility';
import type { ValuationStage } from '~/shared/valuation-lifecycle';

/**
 * The plausibility checks' database side (issue 37; the rules and words are ~/shared/plausibility):
 * the other requests that share the registration, the phone number or the e-mail address.
 *
 * One statement for a whole page of the list: the page's rows by primary key, and for each three
 * correlated subqueries of at most PLAUSIBILITY_LINKS_SHOWN + 1 rows, each on its own index:
 *  - the newest earlier requests for the registration: `car_valuations_registration_created_at_id_archived_idx`,
 *    read from the request's own time backwards, so the walk stops at the sixth;
 *  - open requests with the phone number: `car_valuations_phone_e164_created_at_idx`, newest first
 *    as the index holds them, so the walk stops at the sixth match;
 *  - open requests with the e-mail address: `car_valuations_email_lower_idx` (lower(email)).
 * So a page of 20 costs 20 primary-key reads and 60 short index probes, however big the table.
 * That holds where a registration has been sent a thousand times (the bench's million made-up
 * requests name a thousand cars): with the registration alone indexed, the oldest requests of such
 * a car read all thousand to find the few before them (66 ms for a page of 20 on PostgreSQL).
 */

/**
 * The row a query reads when it selects plausibilityColumns: the related requests' subqueries name
 * it (`v.phone_e164`), so a list that wants the flags reads its rows as this alias.
 */
export const plausibilityRow = alias(carValuations, 'v');
const v = plausibilityRow;
const LIMIT = PLAUSIBILITY_LINKS_SHOWN + 1;

/**
 * A related request as the subqueries give it, in JSON (times as text): whether it shares the
 * row's phone number and e-mail address is worked out in SQL (null when the row has none).
 */
type RelatedJson = {
  id: string;
  reference: string;
  createdAt: string;
  status: ValuationStage;
  isArchived: boolean;
  samePhone: boolean | null;
  sameEmail: boolean | null;
};

/**
 * Up to LIMIT related requests of `row`, as a JSON array. Each row of the subquery goes to JSON
 * whole (json_agg(r)): building an object key by key per request cost a sixth of a list page on PGlite.
 */
// Named, not ${row.phoneE164}: in a select list drizzle leaves a single table's columns unqualified,
// and inside the subquery "phone_e164" would be the other request's own.
const related = (where: SQL, orderBy: SQL): SQL<RelatedJson[]> => sql`(
  select coalesce(json_agg(r), '[]'::json)
  from (
    select o.id, o.reference, o.created_at as "createdAt", o.status, o.is_archived as "isArchived",
      ${samePhone} as "samePhone", ${sameEmail} as "sameEmail"
    from car_valuations o
    where ${where}
    order by ${orderBy}
    limit ${sql.raw(String(LIMIT))}
  ) r
)`;

/**
 * What a row's flags are worked out from, as columns of a query that reads the row as `row` (an
 * alias of car_valuations named v): its own facts, and its related requests in three correlated
 * subqueries. The lists select these beside their own columns, so a page and its flags are one
 * statement; plausibilityFlagsOf turns a row of them into its flags.
 */
export function plausibilityColumns(row: typeof v) {
  return {
    ...factColumns(row),
    earlier: related(earlierWhere(row), sql`o.created_at desc, o.id desc`),
    samePhone: related(samePhoneWhere(row), sql`o.created_at desc`),
    sameEmail: related(sameEmailWhere(row), sql`o.created_at desc`),
  };
}

/** Another request still being worked: not archived, neither completed nor lost. */
const otherOpen = (row: typeof v) =>
  sql`o.id <> ${row.id} and o.is_archived = false and o.status not in ('completed', 'lost')`;
const earlierWhere = (row: typeof v) => sql`o.registration = ${row.registration} and o.created_at < ${row.createdAt}`;
const samePhoneWhere = (row: typeof v) => sql`o.phone_e164 = ${row.phoneE164} and ${otherOpen(row)}`;
const sameEmailWhere = (row: typeof v) => sql`lower(o.email) = lower(${row.email}) and ${otherOpen(row)}`;
const samePhone = sql`o.phone_e164 = v.phone_e164`;
const sameEmail = sql`lower(o.email) = lower(v.email)`;

/**
 * What a list row's flags are worked out from: its facts and, in one int[] column, how many other
 * requests each check found and how they match (the summary a list row words its flags from,
 * ~/shared/plausibility's RelatedSummary), on the same three index probes as plausibilityColumns.
 * The requests themselves, with their links, are the request's page's and its flags' call's: they
 * were more than half of a list page's bytes, and the app's work per page follows its bytes. The
 * phone's and the e-mail's matches are one UNION, so a request that shares both counts once.
 */
export function plausibilityListColumns(row: typeof v) {
  const walk = (where: SQL, orderBy: SQL) =>
    sql`(select o.id, coalesce(${samePhone}, false) as phone, coalesce(${sameEmail}, false) as email
      from car_valuations o where ${where} order by ${orderBy} limit ${sql.raw(String(LIMIT))})`;
  const earlier = sql`(select array[count(*)::int, coalesce(bool_or(not (r.phone or r.email)), false)::int]
    from ${walk(earlierWhere(row), sql`o.created_at desc, o.id desc`)} r)`;
  const contact = sql`(select array[count(*)::int, coalesce(bool_or(r.phone), false)::int,
      coalesce(bool_or(r.email), false)::int]
    from (${walk(samePhoneWhere(row), sql`o.created_at desc`)} union ${walk(sameEmailWhere(row), sql`o.created_at desc`)}) r)`;
  return { ...factColumns(row), related: sql<number[]>`${earlier} || ${contact}` };
}

/** A row of plausibilityListColumns' related counts, as ~/shared/plausibility words them. */
export function relatedSummaryOf(counts: readonly number[]): RelatedSummary {
  const [earlier = 0, otherSeller = 0, contact = 0, phone = 0, email = 0] = counts;
  return {
    earlier: { found: earlier, otherSeller: otherSeller === 1 },
    sameContact: { found: contact, phone: phone === 1, email: email === 1 },
  };
}

/** The request's own facts the checks read. */
function factColumns(row: typeof v) {
  return {
    registration: row.registration,
    mileage: row.mileage,
    createdAt: row.createdAt,
    motExpiryDate: row.motExpiryDate,
    motStatus: row.motStatus,
    markedForExport: row.markedForExport,
    dateOfLastV5CIssued: row.dateOfLastV5CIssued,
    outstandingFinance: row.outstandingFinance,
    settlementPence: row.settlementPence,
    motLastOdometerMiles: row.motLastOdometerMiles,
    motLastTestOn: row.motLastTestOn,
  };
}

function relatedQuery(db: Db, ids: readonly string[]) {
  return db
    .select({ id: v.id, ...plausibilityColumns(v) })
    .from(v)
    .where(inArray(v.id, [...ids]));
}

type RelatedRow = Omit<Awaited<ReturnType<ReturnType<typeof relatedQuery>['execute']>>[number], 'id'>;

function toRelated(json: RelatedJson): RelatedRequest {
  return {
    id: json.id,
    reference: json.reference,
    createdAt: new Date(json.createdAt),
    status: json.status,
    isArchived: json.isArchived,
    samePhone: json.samePhone === true,
    sameEmail: json.sameEmail === true,
  };
}

/** The other requests of one row: the phone's and the e-mail's matches are one list, each request once. */
function relatedOf(row: RelatedRow): RelatedRequests {
  const contact = new Map<string, RelatedJson>();
  for (const json of [...row.samePhone, ...row.sameEmail]) contact.set(json.id, json);
  return {
    earlier: row.earlier.map(toRelated),
    sameContact: [...contact.values()].map(toRelated),
  };
}

/** The flags of a row selected with plausibilityColumns, with their links. */
function plausibilityFlagsOf(row: RelatedRow, now: Date): PlausibilityFlag[] {
  return plausibilityFlags(row, relatedOf(row), now);
}

/** The flags of a row selected with plausibilityListColumns: their words, without links. */
export function plausibilityListFlagsOf(
  row: PlausibilityFacts & { related: readonly number[] },
  now: Date,
): PlausibilityFlag[] {
  return plausibilityFlags(row, relatedSummaryOf(row.related), now);
}

/**
 * The flags of one request by its id, with their links (its page, a list row's popover); undefined
 * when there is no such request.
 */
export async function plausibilityFlagsById(db: Db, id: string, now: Date): Promise<PlausibilityFlag[] | undefined> {
  const [row] = await relatedQuery(db, [id]);
  return row ? plausibilityFlagsOf(row, now) : undefined;
}

/** plausibilityFlagsById's statement for some requests, unexecuted, for the database tests' EXPLAIN. */
export const plausibilityRelatedQuery = (db: Db, ids: readonly string[]) => relatedQuery(db, ids);
