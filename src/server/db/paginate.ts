import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Paginated, PaginationQuery } from '~/shared/schema-kit';
import type { Db } from './client';

/**
 * One page of a list, in SQL (DESIGN 6: lists that grow are never loaded whole), with the total
 * for the pager. Pass a `$dynamic()` select with its filters and an `orderBy` that ends on a unique
 * column (ids or created_at plus id), or rows can move between pages:
 *
 *   const query = db.select().from(carValuations).where(...).orderBy(desc(carValuations.createdAt),
 *     desc(carValuations.id)).$dynamic();
 *   return paginate(db, query, request.query); // request.query from paginationQuery()
 *
 * The count runs the same query (without its page) as a subquery, so filters are written once.
 * Works on both engines and inside a transaction (pass `tx` as `db`).
 */
export async function paginate<Q extends PgSelect>(
  db: Db,
  query: Q,
  { page, pageSize }: PaginationQuery,
): Promise<Paginated<Awaited<Q>[number]>> {
  // Built now, before limit/offset change the (mutable) dynamic query.
  const countQuery = sql`select count(*)::int as total from (${query.getSQL()}) as counted`;
  const counted = await db.execute<{ total: number }>(countQuery);
  const total = Number(counted.rows[0]?.total ?? 0);
  const pageCount = Math.ceil(total / pageSize);
  const items =
    total === 0 ? [] : ((await query.limit(pageSize).offset((page - 1) * pageSize)) as Awaited<Q>[number][]);
  return { items, page, pageSize, total, pageCount };
}
