import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database';
import { maintainPglite, maintenanceNeeded, type TableActivity } from './pglite-maintenance';

const activity = (counts: Partial<TableActivity>): TableActivity => ({
  schema: 'public',
  table: 'car_valuations',
  estimatedRows: 10_000,
  deadRows: 0,
  insertedSinceVacuum: 0,
  changedSinceAnalyze: 0,
  ...counts,
});

describe("autovacuum's rules", () => {
  it('vacuums past 50 + 20% dead rows or 1,000 + 20% new ones, and analyses past 50 + 10% changed', () => {
    expect(maintenanceNeeded(activity({}))).toEqual({ vacuum: false, analyze: false });
    expect(maintenanceNeeded(activity({ deadRows: 2_050 }))).toEqual({ vacuum: false, analyze: false });
    expect(maintenanceNeeded(activity({ deadRows: 2_051 })).vacuum).toBe(true);
    expect(maintenanceNeeded(activity({ insertedSinceVacuum: 3_000 })).vacuum).toBe(false);
    expect(maintenanceNeeded(activity({ insertedSinceVacuum: 3_001 })).vacuum).toBe(true);
    expect(maintenanceNeeded(activity({ changedSinceAnalyze: 1_050 })).analyze).toBe(false);
    expect(maintenanceNeeded(activity({ changedSinceAnalyze: 1_051 })).analyze).toBe(true);
  });

  it('takes a table never analysed (-1 rows) as empty', () => {
    expect(maintenanceNeeded(activity({ estimatedRows: -1, changedSinceAnalyze: 51 }))).toEqual({
      vacuum: false,
      analyze: true,
    });
  });
});

describe('maintenance of the embedded database (PGlite)', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase('pglite');
    await t.database.db.execute(sql`create table maintenance_probe (id serial primary key, note text)`);
  });
  afterEach(async () => {
    // The test databases are pooled: the next test gets this one back, without the probe.
    await t.database.db.execute(sql`drop table maintenance_probe`);
    await t.cleanup();
  });

  const db = () => t.database.db;
  const planned = async () =>
    (
      await db().execute<{ rows: number; dead: number; analysed: boolean; vacuumed: boolean }>(
        sql`select c.reltuples::int as rows, s.n_dead_tup::int as dead,
            s.last_analyze is not null as analysed, s.last_vacuum is not null as vacuumed
          from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'maintenance_probe'`,
      )
    ).rows[0]!;
  const probe = (done: Awaited<ReturnType<typeof maintainPglite>>) =>
    done.find((table) => table.table === 'maintenance_probe');

  it('analyses a table that grew, so the planner knows its size; then leaves it until it changes again', async () => {
    await db().execute(sql`insert into maintenance_probe (note) select 'row ' || g from generate_series(1, 5000) g`);
    expect((await planned()).rows).toBe(-1); // never analysed: the planner guesses

    expect(probe(await maintainPglite(db()))).toMatchObject({ vacuumed: true, analyzed: true });
    expect(await planned()).toMatchObject({ rows: 5000, analysed: true, vacuumed: true });
    expect(probe(await maintainPglite(db()))).toBeUndefined();
  });

  it('vacuums away deleted rows once they pass a fifth of the table', async () => {
    await db().execute(sql`insert into maintenance_probe (note) select 'row ' || g from generate_series(1, 5000) g`);
    await maintainPglite(db());
    await db().execute(sql`delete from maintenance_probe where id <= 600`);
    // 600 dead rows of 5,000: under 50 + 20%, so left; analysed, as over 50 + 10% changed.
    expect(probe(await maintainPglite(db()))).toMatchObject({ vacuumed: false, analyzed: true });
    expect(await planned()).toMatchObject({ rows: 4400, dead: 600 });

    await db().execute(sql`delete from maintenance_probe where id <= 2000`);
    expect(probe(await maintainPglite(db()))).toMatchObject({ vacuumed: true, analyzed: true });
    expect(await planned()).toMatchObject({ rows: 3000, dead: 0 });
  });

  it('has a query prepared while the table was small planned again once the table has grown', async () => {
    await db().execute(sql`create index maintenance_probe_note_idx on maintenance_probe (note)`);
    await db().execute(sql`insert into maintenance_probe (note) select 'row ' || g from generate_series(1, 10) g`);
    await db().execute(sql`analyze maintenance_probe`); // as a day-old database knows its tables
    const byNote = (note: string) => db().execute(sql`select id from maintenance_probe where note = ${note}`);
    // Habitual: prepared (prepared-statements.ts) and, past PostgreSQL's five custom plans, generic.
    for (let run = 1; run <= 10; run += 1) await byNote(`row ${run}`);
    const { rows } = await db().execute<{ name: string }>(
      sql`select name from pg_prepared_statements where statement like '%from maintenance_probe where note%'`,
    );
    const plan = async () =>
      (await db().execute<{ 'QUERY PLAN': string }>(sql.raw(`explain execute ${rows[0]!.name}('row 7')`))).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    expect(await plan()).toMatch(/Seq Scan/); // ten rows: one page, read whole

    await db().execute(sql`insert into maintenance_probe (note) select 'more ' || g from generate_series(1, 50000) g`);
    expect(await plan()).toMatch(/Seq Scan/); // the plan kept from ten rows, fifty thousand later
    await maintainPglite(db());
    expect(await plan()).toMatch(/Index (Only )?Scan using maintenance_probe_note_idx|Bitmap Index Scan/);
    expect((await byNote('row 7')).rows).toHaveLength(1);
  });

  it('does every table on its first run after a start, as PGlite forgets its counters when it closes', async () => {
    await db().execute(sql`insert into maintenance_probe (note) select 'row ' || g from generate_series(1, 5000) g`);
    // What a restart does to PGlite's counters (those of the insert written out first, then reset).
    await db().execute(sql`select pg_stat_force_next_flush()`);
    await db().execute(sql`select pg_stat_reset()`);
    expect(probe(await maintainPglite(db()))).toBeUndefined();
    expect((await planned()).rows).toBe(-1);

    expect(probe(await maintainPglite(db(), undefined, { afterStart: true }))).toMatchObject({
      vacuumed: true,
      analyzed: true,
    });
    expect(await planned()).toMatchObject({ rows: 5000, analysed: true });
  });

  it('stops before the next table once the server is stopping', async () => {
    await db().execute(sql`insert into maintenance_probe (note) select 'row ' || g from generate_series(1, 5000) g`);
    const stopping = new AbortController();
    stopping.abort();
    expect(await maintainPglite(db(), stopping.signal)).toEqual([]);
    expect((await planned()).analysed).toBe(false);
  });
});
