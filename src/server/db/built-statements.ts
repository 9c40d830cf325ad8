/**
 * Queries whose SQL is built once and then run again as built: the text, the parameters and how
 * a row maps back to objects, kept by a key that names everything the query was built from.
 *
 * Why: drizzle builds a query's text from its parts on every run. For the back office's list page
 * (its columns, its capped count, the owners' join and the plausibility flags' three subqueries)
 * that cost 1.4 ms of the app's one thread per page at 1,000,000 requests, as much as the
 * PostgreSQL server took to run the prepared statement (docs/decisions/005, point 10). The same
 * dashboard view asks the same few shapes again and again (the first page, a stage, "Mine").
 *
 * What is kept is the statement, never its answer: every run goes to the database and sees the
 * rows as they are. A key must therefore name every input of the query (filters, who is asking,
 * a search's plan); a query that reads the clock into its parameters must not be kept, or it
 * would run with the time it was first built at.
 *
 * Kept per database handle (a transaction gets its own, gone with it), at most MAX_BUILT_STATEMENTS
 * per handle, the least recently run dropped first: a search's key holds its terms, so keys vary.
 * Prepared statements (prepared-statements.ts) are a separate layer under this one: the texts
 * built here are still named on the server or in PGlite on their third run.
 */
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import type { Db } from './client';

/** Per database handle: about the list's shapes in a busy morning, each a few kilobytes of text. */
export const MAX_BUILT_STATEMENTS = 200;

/**
 * A drizzle query built and bound to its session (drizzle's PgPreparedQuery), run with execute():
 * its `sql.placeholder(name)`s take their values then.
 */
type BuiltQuery<T> = { execute(values?: Record<string, unknown>): Promise<T> };

/**
 * A drizzle select that can be built without being run. `_prepare()` is how drizzle's own
 * `execute()` builds: `prepare(name)` would do the same but name the statement on the server
 * itself, outside prepared-statements.ts's limit on how many a connection keeps. drizzle-orm is
 * pinned in package.json; built-statements.test.ts fails if an upgrade takes `_prepare` away.
 */
type Buildable<T> = PromiseLike<T> & { _prepare?: () => BuiltQuery<T> };

const builtByDatabase = new WeakMap<Db, Map<string, BuiltQuery<unknown>>>();

/**
 * Runs the query `build()` makes, built once per `key` on `db` and kept for the next run with the
 * same key; `values` fill its `sql.placeholder`s on each run (a session's token, the time). `key`
 * undefined: built and run afresh, kept for nobody.
 */
export async function runBuilt<T>(
  db: Db,
  key: string | undefined,
  build: () => Buildable<T>,
  values?: Record<string, unknown>,
): Promise<T> {
  if (key === undefined) return buildQuery(build).execute(values);
  let kept = builtByDatabase.get(db);
  if (!kept) builtByDatabase.set(db, (kept = new Map()));
  let built = kept.get(key) as BuiltQuery<T> | undefined;
  if (built) {
    // Most recently run last, so the first key is the one to drop.
    kept.delete(key);
  } else {
    built = buildQuery(build);
    if (kept.size >= MAX_BUILT_STATEMENTS) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, built);
  return built.execute(values);
}

function buildQuery<T>(build: () => Buildable<T>): BuiltQuery<T> {
  const query = build();
  if (typeof query._prepare !== 'function') throw new Error('drizzle no longer builds a select with _prepare()');
  return withRowMapper(query._prepare());
}

/** What drizzle's built select (PgPreparedQuery, both drivers) keeps about how its rows map back. */
type SelectedField = { path: string[]; field: unknown };
type MappingInternals = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/**
 * A kept statement maps its rows with a mapper worked out once, instead of drizzle's
 * `mapResultRow`, which works out every field's decoder again on every row (`is()` walking class
 * chains, an iterator a field): a tenth of the app's thread on a list page of 20 rows of 40 fields
 * (docs/decisions/005, point 19). The result is the same, left joins' all-null tables included:
 * built-statements.test.ts compares the two. drizzle runs `customResultMapper` on the driver's
 * rows (arrays) when it is set, as it does for its relational queries.
 */
function withRowMapper<T>(built: BuiltQuery<T>): BuiltQuery<T> {
  const internals = built as BuiltQuery<T> & MappingInternals;
  if (internals.fields && !internals.customResultMapper) {
    internals.customResultMapper = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  }
  return built;
}

/** drizzle-orm 0.45's `mapResultRow` (utils.js), with each field's part done once. */
export function compileRowMapper(fields: SelectedField[], joinsNotNullableMap?: Record<string, boolean>) {
  const columns = fields.map(({ path, field }) => {
    // `SQL.decoder` is drizzle-internal: how a `sql<T>` expression's value is read (`.mapWith()`).
    const decoderOf = (expression: unknown) => (expression as { decoder: Decoder }).decoder;
    const decoder: Decoder = is(field, Column)
      ? field
      : is(field, SQL)
        ? decoderOf(field)
        : is(field, Subquery)
          ? decoderOf(field._.sql)
          : decoderOf((field as { sql: unknown }).sql);
    // Only a table's own column, two deep ("owner.name"), decides whether its left join found nothing.
    const joinedTable =
      joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : null;
    return { parents: path.slice(0, -1), key: path[path.length - 1]!, decoder, joinedTable };
  });
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | undefined;
    for (let index = 0; index < columns.length; index += 1) {
      const { parents, key, decoder, joinedTable } = columns[index]!;
      let node = result;
      for (const parent of parents) {
        if (!(parent in node)) node[parent] = {};
        node = node[parent] as Record<string, unknown>;
      }
      const raw = row[index];
      const value = (node[key] = raw === null ? null : decoder.mapFromDriverValue(raw));
      if (joinedTable !== null) {
        nullify ??= {};
        const objectName = parents[0]!;
        if (!(objectName in nullify)) nullify[objectName] = value === null ? joinedTable : false;
        else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== joinedTable) {
          nullify[objectName] = false;
        }
      }
    }
    if (nullify) {
      for (const [objectName, tableName] of Object.entries(nullify)) {
        if (typeof tableName === 'string' && !joinsNotNullableMap![tableName]) result[objectName] = null;
      }
    }
    return result;
  };
  return (rows: unknown[][]) => rows.map(mapRow);
}

/** How many statements `db` keeps built (for tests). */
export function builtStatementCount(db: Db): number {
  return builtByDatabase.get(db)?.size ?? 0;
}
