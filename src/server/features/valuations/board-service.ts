import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { integerLiteral } from '~/server/db/prepared-statements';
import { carValuations, users } from '~/server/db/schema';
import type { ValuationListFilters } from '~/shared/admin-valuations';
import {
  BOARD_COLUMN_SIZE,
  BOARD_COUNT_CAP,
  boardStages,
  type Board,
  type BoardCard,
  type BoardFilters,
  type BoardStage,
} from '~/shared/board';
import { stageLiteral, staffName, valuationListWhere, type ListContext } from './admin-valuations-service';

/**
 * The board's columns (issue 37): for each open stage, its count and its newest cards, in two
 * statements whatever the number of columns, each served by the list's indexes.
 *
 * Counts are capped as the list's are, with the list's own WHERE clause (valuationListWhere), but at
 * BOARD_COUNT_CAP: an index range of `car_valuations_archived_status_created_at_id_idx` stopped
 * after 1,001 entries, so a stage of half a million rows costs a thousand index entries per view,
 * not half a million (nor the list's ten thousand: at 1M rows on PGlite, two columns counted to
 * 10,000 were 85% of the board's time).
 *
 * Cards: one ORDER BY … LIMIT per column, joined with UNION ALL; each reads the first entries of
 * that stage's range of the same index, newest first (with "Mine", the owner's
 * `car_valuations_assigned_archived_created_at_id_idx`), so a column costs its 26 rows, never a
 * sort of the stage. "Show more" continues after a card by keyset, (created_at, id) below the
 * last card's, never by OFFSET: the hundredth page costs what the first does, and a card moved
 * meanwhile neither repeats nor hides another. The owners' names come from `users` (a few rows)
 * for those 26 per column only.
 *
 * A search counts first, as the list does (see listValuations), because the count tells how to
 * find the cards: a column without matches is not asked at all, and one with many (past
 * BOARD_COUNT_CAP) walks its stage newest first until 26 match. PostgreSQL's own guess for a LIKE
 * '%smith%' is a few dozen rows, so it would otherwise fetch every match of the search, every
 * stage's and the archive's (20,000 rows for "smith" at 1M), once per column.
 */
export async function loadBoard(db: Db, filters: BoardFilters, context: ListContext): Promise<Board> {
  const stages = stagesOf(filters);
  const counts = boardCounts(filters, context);
  let counted: Record<BoardStage, number>;
  let rows: CardRow[];
  if (filters.q) {
    counted = (await db.execute<Record<BoardStage, number>>(counts)).rows[0]!;
    const cards = boardCards(filters, context, (stage) => Number(counted[stage] ?? 0));
    rows = cards ? (await db.execute<CardRow>(cards)).rows : [];
  } else {
    const [countResult, cardResult] = await Promise.all([
      db.execute<Record<BoardStage, number>>(counts),
      db.execute<CardRow>(boardCards(filters, context)!),
    ]);
    counted = countResult.rows[0]!;
    rows = cardResult.rows;
  }
  return {
    columns: stages.map((stage, index) => {
      const mine = rows.filter((row) => Number(row.column) === index);
      const cards = mine.slice(0, BOARD_COLUMN_SIZE).map(toCard);
      const matches = Number(counted[stage] ?? 0);
      return {
        stage,
        count: Math.min(matches, BOARD_COUNT_CAP),
        capped: matches > BOARD_COUNT_CAP,
        cards,
        next: mine.length > BOARD_COLUMN_SIZE ? cards.at(-1)!.id : null,
      };
    }),
  };
}

const stagesOf = (filters: BoardFilters): readonly BoardStage[] => (filters.stage ? [filters.stage] : boardStages);

const listFilters = (filters: BoardFilters, stage: BoardStage): ValuationListFilters => ({
  page: 1,
  pageSize: BOARD_COLUMN_SIZE,
  q: filters.q,
  owner: filters.owner,
  offer: undefined,
  sort: undefined,
  status: stage,
});

/** Each column's capped count, in one statement of scalar subqueries (one round trip, one connection). */
function boardCounts(filters: BoardFilters, context: ListContext): SQL {
  const t = carValuations;
  const counts = stagesOf(filters).map((stage) => {
    const where = valuationListWhere(false, listFilters(filters, stage), context);
    const capped = sql`select 1 from ${t} where ${where} limit ${integerLiteral(BOARD_COUNT_CAP + 1)}`;
    return sql`(select count(*)::int from (${capped}) as capped) as ${sql.identifier(stage)}`;
  });
  return sql`select ${sql.join(counts, sql`, `)}`;
}

/**
 * The columns' cards in one statement, or null when no column has any. `matchesOf` (a search's
 * counts) leaves out the columns without matches and walks those with many.
 */
function boardCards(
  filters: BoardFilters,
  context: ListContext,
  matchesOf?: (stage: BoardStage) => number,
): SQL | null {
  const columns = stagesOf(filters).flatMap((stage, index) => {
    const matches = matchesOf?.(stage);
    if (matches === 0) return [];
    // Past the cap, matches are common enough in the stage that walking it finds 26 soon.
    const walk = matches !== undefined && matches > BOARD_COUNT_CAP;
    return [cardsOf(stage, index, listFilters(filters, stage), context, { after: filters.after, walk })];
  });
  if (columns.length === 0) return null;
  return sql`
    select cards.*, ${users.firstName} as "ownerFirstName", ${users.lastName} as "ownerLastName",
      ${users.username} as "ownerUsername"
    from (${sql.join(columns, sql` union all `)}) as cards
    left join ${users} on ${users.id} = cards."ownerId"
    order by cards."column", cards."createdAt" desc, cards."id" desc`;
}

/** The board's two statements, unexecuted, every column asked (the plans test EXPLAINs them). */
export function boardQueries(filters: BoardFilters, context: ListContext): { counts: SQL; cards: SQL } {
  return { counts: boardCounts(filters, context), cards: boardCards(filters, context)! };
}

type CardRow = {
  column: number;
  id: string;
  reference: string;
  registration: string;
  make: string | null;
  model: string | null;
  year: number | null;
  firstName: string;
  lastName: string;
  status: BoardStage;
  createdAt: Date | string;
  ownerId: number | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerUsername: string | null;
};

/**
 * One column's cards, newest first, one more than shown (so the answer knows whether more follow).
 * Its own parentheses: ORDER BY and LIMIT belong to the column, not to the UNION. `walk`: the
 * filters are checked row by row along the stage's index (wrapped so no other index can take
 * them), for a search that many of the stage's rows match.
 */
function cardsOf(
  stage: BoardStage,
  column: number,
  filters: ValuationListFilters,
  context: ListContext,
  { after, walk }: { after: string | undefined; walk: boolean },
): SQL {
  const t = carValuations;
  const where = valuationListWhere(false, { ...filters, status: stage }, context);
  const matching = walk
    ? sql`${t.isArchived} = false and ${t.status} = ${stageLiteral(stage)} and coalesce((${where}), false)`
    : where;
  // The last card shown, read by its primary key: its exact time (microseconds, which a cursor
  // written in JavaScript would round) and id bound the next cards.
  const following = after
    ? sql` and (${t.createdAt}, ${t.id}) < (select c.created_at, c.id from ${t} as c where c.id = ${after})`
    : sql``;
  return sql`(
    select ${column}::int as "column", ${t.id} as "id", ${t.reference} as "reference",
      ${t.registration} as "registration", ${t.make} as "make", ${t.model} as "model", ${t.year} as "year",
      ${t.firstName} as "firstName", ${t.lastName} as "lastName", ${t.status} as "status",
      ${t.createdAt} as "createdAt", ${t.assignedUserId} as "ownerId"
    from ${t}
    where ${t.id} in (select ${t.id} from ${t} where ${matching}${following}
      order by ${t.createdAt} desc, ${t.id} desc limit ${integerLiteral(BOARD_COLUMN_SIZE + 1)})
    order by ${t.createdAt} desc, ${t.id} desc)`;
}

function toCard(row: CardRow): BoardCard {
  return {
    id: row.id,
    reference: row.reference,
    registration: row.registration,
    make: row.make,
    model: row.model,
    year: row.year === null ? null : Number(row.year),
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    owner:
      row.ownerId === null
        ? null
        : {
            id: Number(row.ownerId),
            name: staffName({
              username: row.ownerUsername ?? '',
              firstName: row.ownerFirstName,
              lastName: row.ownerLastName,
            }),
          },
  };
}
