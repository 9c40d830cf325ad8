import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * What PostgreSQL's autovacuum does on a server, done for the embedded PGlite, which has none:
 * PGlite is one backend in the app's own process, with no background workers, so nothing ever
 * vacuums its tables or refreshes its planner statistics unless something asks.
 *
 * Without it, rows that were updated or deleted stay in the files for good (a table only grows),
 * and the planner keeps judging a table by the size it had when last analysed: a query planned for
 * a table of ten rows (a scan of the whole table, say) is still chosen when it holds a hundred
 * thousand. The bench measured a list page 8 times slower on such statistics (docs/decisions/005).
 *
 * So a server job (jobs/server-jobs.ts, PGlite only) reads the same counters autovacuum reads and
 * applies autovacuum's own default rules, one table at a time:
 *  - VACUUM when the dead rows exceed 50 + 20% of the table, or the rows inserted since the last
 *    vacuum exceed 1,000 + 20% (so an insert-only table's pages are marked all-visible too);
 *  - ANALYZE when the rows changed since the last analyse exceed 50 + 10% of the table.
 * Each runs in the app's one PGlite connection, so other requests wait for it; for the tables of a
 * business of this size that is milliseconds, and a table of a million rows past the 20% mark
 * takes seconds, once, which is why the thresholds grow with the table as autovacuum's do.
 */

/** autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor's defaults. */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
/** autovacuum_vacuum_insert_threshold and its scale factor's defaults. */
const VACUUM_INSERT_BASE = 1_000;
const VACUUM_INSERT_SCALE = 0.2;
/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

/** How often the job looks (autovacuum_naptime's default). */
export const PGLITE_MAINTENANCE_EVERY_MS = 60_000;

/** A table's counters as pg_stat_user_tables gives them, and its size as the planner knows it. */
export type TableActivity = {
  schema: string;
  table: string;
  /** pg_class.reltuples: -1 until the table is first vacuumed or analysed. */
  estimatedRows: number;
  deadRows: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
};

export type TableWork = { vacuum: boolean; analyze: boolean };

/** Autovacuum's decision for one table. */
export function maintenanceNeeded(activity: TableActivity): TableWork {
  const rows = Math.max(activity.estimatedRows, 0);
  return {
    vacuum:
      activity.deadRows > VACUUM_BASE + VACUUM_SCALE * rows ||
      activity.insertedSinceVacuum > VACUUM_INSERT_BASE + VACUUM_INSERT_SCALE * rows,
    analyze: activity.changedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * rows,
  };
}

export type MaintainedTable = { table: string; vacuumed: boolean; analyzed: boolean; ms: number };

/**
 * Vacuums and analyses the tables that need it (see above); returns what it did. Stops between
 * tables when `signal` is aborted (the server is stopping).
 *
 * `afterStart`: every table, whatever its counters say. PGlite does not keep the counters when it
 * closes (a server writes them out at shutdown), so what changed before a restart is forgotten:
 * the first run of each process vacuums and analyses everything once. Vacuuming a table already
 * vacuumed skips its unchanged pages, and ANALYZE reads a sample of at most 30,000 rows a table.
 */
export async function maintainPglite(
  db: Db,
  signal?: AbortSignal,
  { afterStart = false }: { afterStart?: boolean } = {},
): Promise<MaintainedTable[]> {
  // The counters reach pg_stat_user_tables at most once a second; this makes the next read current.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = await db.execute<TableActivity>(sql`
    select s.schemaname as schema, s.relname as "table", c.reltuples::float8 as "estimatedRows",
      s.n_dead_tup::float8 as "deadRows", s.n_ins_since_vacuum::float8 as "insertedSinceVacuum",
      s.n_mod_since_analyze::float8 as "changedSinceAnalyze"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    order by s.relname`);
  const done: MaintainedTable[] = [];
  for (const activity of rows) {
    if (signal?.aborted) break;
    const { vacuum, analyze } = afterStart ? { vacuum: true, analyze: true } : maintenanceNeeded(activity);
    if (!vacuum && !analyze) continue;
    const table = sql`${sql.identifier(activity.schema)}.${sql.identifier(activity.table)}`;
    const started = performance.now();
    // VACUUM (ANALYZE) does both in one pass over the table.
    if (vacuum) await db.execute(analyze ? sql`vacuum (analyze) ${table}` : sql`vacuum ${table}`);
    else await db.execute(sql`analyze ${table}`);
    done.push({
      table: activity.table,
      vacuumed: vacuum,
      analyzed: analyze,
      ms: Math.round(performance.now() - started),
    });
  }
  return done;
}
