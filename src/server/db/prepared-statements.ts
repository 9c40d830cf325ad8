/**
 * Statements the app runs again and again are prepared once per connection, then only bound and
 * executed, as pgjdbc (its prepareThreshold), postgres.js and asyncpg do.
 *
 * Why: an unnamed statement is parsed, analysed and planned on every run. For the back office's
 * list page (one statement with its count, its owners and its flags' subqueries) that was more
 * than half of the database's work: at 1,000,000 requests, 7.3 ms a page on the PostgreSQL server
 * against 4.0 ms prepared, and 16.7 ms against 6.3 ms on PGlite (docs/decisions/005). PostgreSQL's
 * plan cache still decides, per statement, between a plan made for each run's values (after the
 * first five, only while it is estimated cheaper) and one generic plan, so a search whose plan
 * depends on its term keeps getting a plan of its own.
 *
 * Which statements: a text is named on its PREPARE_AFTER_RUNS-th run, and at most
 * MAX_PREPARED_STATEMENTS texts are named in a process, so texts that vary (an IN list of another
 * length) cannot fill a connection's memory; the rest run unnamed, as before. Transactions run
 * unnamed: they are the writes, each run a few times, and PGlite's transactions have their own path.
 *
 * Both engines hand drizzle a client whose `query` does this: on the PostgreSQL server, `pg`'s own
 * named statements (prepared on each pooled connection the first time it runs them); on PGlite,
 * the same wire-protocol messages PGlite's `query` sends, with a name, so its Parse is done once.
 *
 * PostgreSQL plans a prepared statement again when its tables' statistics change, which ANALYZE
 * sees to as a table grows: autovacuum on a server, the maintenance job on PGlite, which has no
 * autovacuum (pglite-maintenance.ts). Without that job a generic plan made while a table held ten
 * rows was kept at a hundred thousand: a list page 8 times slower than planned afresh.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
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
 * `client` as drizzle sees it, with a `query` that runs a habitual text as a named statement.
 * Everything else (transactions, exec, listen) is PGlite's own, called on PGlite itself: its
 * methods use private fields, which a proxy as `this` would not have.
 */
export function preparingPglite(client: PGlite, names: StatementNames = createStatementNames()): PGlite {
  const prepared = new Map<string, number[]>();
  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    const name = options?.blob || options?.paramTypes ? undefined : names.nameFor(text);
    if (name === undefined) return client.query<T>(text, params, options);
    return runNamed<T>(client, prepared, { name, text, params, options });
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

type NamedRun = { name: string; text: string; params: unknown[]; options: QueryOptions | undefined };

/**
 * As PGlite's own `query` (Parse, Describe, Bind, Describe, Execute, Sync, under its two locks),
 * with the Parse and the statement's Describe sent once per name. Each exchange ends in Sync, so
 * an error leaves the session ready for the next query, as PGlite's own does. A statement the
 * session no longer has (`discard all` drops them) is prepared again.
 */
async function runNamed<T>(client: PGlite, prepared: Map<string, number[]>, run: NamedRun): Promise<Results<T>> {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      try {
        return await bindAndExecute<T>(client, run, prepared.get(run.name) ?? (await prepare(client, prepared, run)));
      } catch (error) {
        if ((error as { code?: unknown }).code !== INVALID_STATEMENT_NAME || !prepared.delete(run.name)) throw error;
        return bindAndExecute<T>(client, run, await prepare(client, prepared, run));
      }
    }),
  );
}

/** SQLSTATE 26000: the session has no prepared statement of that name. */
const INVALID_STATEMENT_NAME = '26000';

/** Parses `run.text` under its name; returns its parameters' types. */
async function prepare(client: PGlite, prepared: Map<string, number[]>, run: NamedRun): Promise<number[]> {
  const { serialize } = protocol;
  const { messages } = await client.execProtocol(
    joined(
      serialize.parse({ name: run.name, text: run.text }),
      serialize.describe({ type: 'S', name: run.name }),
      serialize.sync(),
    ),
    { syncToFs: false },
  );
  const parameterTypes = parse.parseDescribeStatementResults(messages);
  prepared.set(run.name, parameterTypes);
  return parameterTypes;
}

async function bindAndExecute<T>(client: PGlite, run: NamedRun, parameterTypes: number[]): Promise<Results<T>> {
  const { serialize } = protocol;
  const values = run.params.map((value, index) => serialized(client, value, parameterTypes[index], run.options));
  const { messages } = await client.execProtocol(
    joined(
      serialize.bind({ statement: run.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ),
    { syncToFs: false },
  );
  // As PGlite's own query: a statement run outside a transaction (the lock says none is open) is
  // written through to the files at once.
  await client.syncToFs();
  return parse.parseResults(messages, client.parsers, run.options)[0] as Results<T>;
}

/** A parameter as PGlite's own query sends it: its type's serializer, else its text. */
function serialized(client: PGlite, value: unknown, type: number | undefined, options?: QueryOptions) {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : (options?.serializers?.[type] ?? client.serializers[type]);
  return serializer ? serializer(value) : String(value);
}

function joined(...messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    all.set(message, offset);
    offset += message.length;
  }
  return all;
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

/**
 * One of a fixed set of words (an enum's value, checked against `allowed`) written into a
 * statement's text, for the same reason as integerLiteral: a generic plan cannot see which stage
 * is asked, and a stage of no rows and one of 300,000 want different plans.
 */
export function enumLiteral<T extends string>(value: T, allowed: readonly T[]): SQL {
  if (!allowed.includes(value) || !/^[a-z_]+$/.test(value)) throw new TypeError(`enumLiteral: ${value} is not allowed`);
  return sql.raw(`'${value}'`);
}
