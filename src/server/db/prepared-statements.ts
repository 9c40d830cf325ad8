/**
 * Statements the app runs again and again are prepared once per connection, then only bound and
 * executed, as pgjdbc (its prepareThreshold), postgres.js and asyncpg do.
 *
 * Why: an unnamed statement is parsed, analysed and planned on every run. For the back office's
 * list page (one statement with its count, its owners and its flags' subqueries) that was more
 * than half of the database's work: at 1,000,000 requests, 7.3 ms a page on the PostgreSQL server
 * against 4.0 ms prepared (docs/decisions/005). PostgreSQL's plan cache still decides, per
 * statement, between a plan made for each run's values (after the first five, only while it is
 * estimated cheaper) and one generic plan, so a search whose plan depends on its term keeps getting
 * a plan of its own.
 *
 * Which statements: a text is named on its PREPARE_AFTER_RUNS-th run, and at most
 * MAX_PREPARED_STATEMENTS texts are named in a process, so texts that vary (an IN list of another
 * length) cannot fill a connection's memory; the rest run unnamed, as before. Transactions run
 * unnamed: they are the writes, each run a few times.
 *
 * On the PostgreSQL server only, through `pg`'s own named statements (prepared on each pooled
 * connection the first time it runs them). PostgreSQL re-plans a prepared statement when its tables'
 * statistics change, which autovacuum's ANALYZE sees to as a table grows. PGlite has no autovacuum:
 * a generic plan made while a table held ten rows was kept at a hundred thousand (a list page 8
 * times slower than planned afresh), so PGlite plans every statement anew, as before.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A text is prepared on its third run: once is a one-off, three times is a habit. */
export const PREPARE_AFTER_RUNS = 3;
/** At most this many texts are prepared per process (each connection keeps the ones it ran). */
export const MAX_PREPARED_STATEMENTS = 200;
/** Texts counted towards PREPARE_AFTER_RUNS; the count starts afresh when this many are waiting. */
const MAX_COUNTED_TEXTS = 5_000;

export type StatementNames = {
  /** The name `text` runs under from now on, or undefined to run it unnamed this time. */
  nameFor(text: string): string | undefined;
};

export function createStatementNames({
  prepareAfterRuns = PREPARE_AFTER_RUNS,
  maxPrepared = MAX_PREPARED_STATEMENTS,
}: { prepareAfterRuns?: number; maxPrepared?: number } = {}): StatementNames {
  const names = new Map<string, string>();
  const runs = new Map<string, number>();
  return {
    nameFor(text) {
      const name = names.get(text);
      if (name !== undefined || names.size >= maxPrepared) return name;
      const counted = (runs.get(text) ?? 0) + 1;
      if (counted < prepareAfterRuns) {
        if (runs.size >= MAX_COUNTED_TEXTS) runs.clear();
        runs.set(text, counted);
        return undefined;
      }
      runs.delete(text);
      const named = `carbuy_${names.size + 1}`;
      names.set(text, named);
      return named;
    },
  };
}

/** What `pg` takes as a query: a text, or a config object (drizzle passes one). */
type PgQueryConfig = { text: string; name?: string; [option: string]: unknown };

/** `config` with the name its text runs under, when it has one. */
export function withStatementName<T>(names: StatementNames, config: T): T {
  if (typeof config !== 'object' || config === null) return config;
  const { text, name } = config as unknown as PgQueryConfig;
  if (typeof text !== 'string' || name !== undefined) return config;
  const named = names.nameFor(text);
  return named === undefined ? config : { ...config, name: named };
}

/**
 * A whole number written into a statement's text rather than sent as a parameter. Left a
 * parameter, a LIMIT's value is hidden from a generic plan, which then assumes a tenth of the rows
 * and looks dearer than a plan made for the value; PostgreSQL's plan cache then plans the prepared
 * statement afresh on every run, and preparing it saves only the parsing. For the limits, offsets
 * and caps the code sets or zod has checked, never for what a person typed.
 */
export function integerLiteral(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new TypeError(`integerLiteral: ${value} is not a whole number`);
  return sql.raw(String(value));
}
