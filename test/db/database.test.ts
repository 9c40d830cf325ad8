import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '~/server/db/client';
import { defaultMigrationsFolder, runMigrations } from '~/server/db/migrate';
import {
  carValuations,
  sessions,
  users,
  valuationEvents,
  valuationSearchWords,
  type NewCarValuation,
} from '~/server/db/schema';
import { newValuationReference } from '~/server/features/valuations';
import { createTestDatabase, testEngines, type TestDatabase } from '../helpers/database';

const journal = JSON.parse(fs.readFileSync(path.join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const expectedTables = [
  'analytics_daily_locations',
  'analytics_daily_pages',
  'analytics_daily_totals',
  'analytics_day_page_visitors',
  'analytics_day_visitors',
  'analytics_salts',
  'call_logs',
  'car_valuations',
  'collection_bookings',
  'collection_days',
  'collection_handovers',
  'collection_settings',
  'customer_reviews',
  'data_protection_complaints',
  'data_request_log',
  'deduction_items',
  'distance_lookups',
  'idempotency_keys',
  'launch_vouchers',
  'login_attempts',
  'offer_acceptances',
  'outbound_messages',
  'price_revision_items',
  'price_revision_photos',
  'price_revisions',
  'purchased_vehicles',
  'rate_limit_counters',
  'retention_runs',
  'seller_secrets',
  'sessions',
  'users',
  'valuation_contacts',
  'valuation_damage_markers',
  'valuation_documents',
  'valuation_events',
  'valuation_messages',
  'valuation_offers',
  'valuation_payments',
  'valuation_search_words',
  'vehicle_info_cache',
  'vehicle_lookups',
  'visitor_analytics',
  'voice_audio',
];

function aValuation(overrides: Partial<NewCarValuation> = {}): NewCarValuation {
  return {
    reference: newValuationReference(),
    registration: 'AB12CDE',
    mileage: 42_000,
    make: 'FORD',
    model: 'Focus',
    motExpiryDate: '2026-03-01',
    firstName: 'Jane',
    lastName: 'Smith',
    postcode: 'LN11 0AA',
    email: 'jane@example.co.uk',
    phone: '07700 900123',
    phoneE164: '+447700900123',
    contactPreference: ['call', 'whatsapp'],
    agreeToContact: true,
    ...overrides,
  };
}

async function appliedMigrationCount(db: Db): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return result.rows[0]?.count ?? -1;
}

async function addUser(db: Db, username: string) {
  const [user] = await db.insert(users).values({ username, passwordHash: 'not-a-real-hash' }).returning();
  if (!user) throw new Error('insert returned no row');
  return user;
}

/** Postgres wraps the server's error; the constraint name is on the cause for both drivers. */
async function constraintViolated(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as { cause?: { constraint?: string; code?: string } },
  );
  return error?.cause?.constraint ?? error?.cause?.code;
}

describe.each(testEngines)('database on %s', (engine) => {
  let t: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    t = await createTestDatabase(engine);
    db = t.database.db;
  });
  afterEach(() => t.cleanup());

  it('applies every migration to an empty database, and a second run is a no-op', async () => {
    const empty = await createTestDatabase(engine, { migrate: false });
    try {
      await runMigrations(empty.database);
      expect(await appliedMigrationCount(empty.database.db)).toBe(journal.entries.length);
      await runMigrations(empty.database);
      expect(await appliedMigrationCount(empty.database.db)).toBe(journal.entries.length);
    } finally {
      await empty.cleanup();
    }
    // Two full runs of every migration: seconds on a quiet machine, past the default 30 s when the
    // server is busy with other work (CI's machine, a bench seeding beside it).
  }, 120_000);

  it('has every table and pg_trgm', async () => {
    const tables = await db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.rows.map((r) => r.name)).toEqual(expectedTables);

    const extension = await db.execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`);
    expect(extension.rows).toHaveLength(1);
  });

  /** The search index's words of one request, sorted. */
  const wordsOf = async (valuationId: string) =>
    (
      await db
        .select({ word: valuationSearchWords.word })
        .from(valuationSearchWords)
        .where(eq(valuationSearchWords.valuationId, valuationId))
    )
      .map((r) => r.word)
      .sort();

  it('keeps each request’s search words itself: added, replaced when the name changes, gone with the request', async () => {
    const [jane] = await db
      .insert(carValuations)
      .values(aValuation({ lastName: "O'Brien-Smith", email: 'Jane.OBrien@Example.co.uk', model: 'Focus ST-Line' }))
      .returning();
    // Name, make and model by word; the registration and the e-mail address (marked) whole.
    expect(await wordsOf(jane!.id)).toEqual(
      ['@jane.obrien@example.co.uk', 'ab12cde', 'brien', 'focus', 'ford', 'jane', 'line', 'o', 'smith', 'st'].sort(),
    );
    // A change of stage leaves them; a corrected name (or an erasure) replaces them.
    await db.update(carValuations).set({ status: 'contacted' }).where(eq(carValuations.id, jane!.id));
    expect(await wordsOf(jane!.id)).toContain('smith');
    await db
      .update(carValuations)
      .set({ firstName: 'Erased', lastName: 'Erased', email: 'erased@invalid' })
      .where(eq(carValuations.id, jane!.id));
    expect(await wordsOf(jane!.id)).toEqual(
      ['@erased@invalid', 'ab12cde', 'erased', 'focus', 'ford', 'line', 'st'].sort(),
    );
    // Archived: its entries say so (the active list's count reads the index alone).
    await db.update(carValuations).set({ isArchived: true }).where(eq(carValuations.id, jane!.id));
    const archived = await db
      .select({ isArchived: valuationSearchWords.isArchived })
      .from(valuationSearchWords)
      .where(eq(valuationSearchWords.valuationId, jane!.id));
    expect(archived.length).toBe(7);
    expect(archived.every((entry) => entry.isArchived)).toBe(true);
    // Many at once (as the seeder inserts), then deleted with their requests.
    const many = await db
      .insert(carValuations)
      .values([aValuation({ firstName: 'Zoë' }), aValuation({ firstName: 'Łukasz' })])
      .returning({ id: carValuations.id });
    expect(await wordsOf(many[0]!.id)).toContain('zoë');
    expect(await wordsOf(many[1]!.id)).toContain('łukasz');
    await db.delete(carValuations);
    expect(await db.select().from(valuationSearchWords)).toEqual([]);
  });

  /** The plan PostgreSQL picks when it may not scan the whole table (a handful of rows would make a scan cheaper). */
  const planOf = (query: ReturnType<typeof sql>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it('serves the outbox worker’s claim and the Messages screen’s list and search from indexes', async () => {
    const claim = await planOf(sql`select id from outbound_messages
      where (status = 'queued' and next_attempt_at <= now()) or (status = 'sending' and lease_expires_at <= now())
      order by next_attempt_at limit 20 for update skip locked`);
    // Either the partial due/lease indexes or the status index serve it (the planner picks by cost).
    expect(claim).not.toContain('Seq Scan');
    expect(claim).toMatch(/Index Scan on outbound_messages_\w+_idx/);

    const newest = await planOf(sql`select id from outbound_messages order by created_at desc, id desc limit 25`);
    expect(newest).toContain('outbound_messages_created_at_idx');
    const failed = await planOf(
      sql`select id from outbound_messages where status = 'failed' order by created_at desc limit 25`,
    );
    expect(failed).toContain('outbound_messages_status_created_at_idx');
    const search = await planOf(sql`select id from outbound_messages where lower(recipient) like ${'%smith%'}`);
    expect(search).toContain('outbound_messages_recipient_trgm_idx');
  });

  it('gives a new valuation a UUID id, status "new" and the defaults', async () => {
    const [row] = await db.insert(carValuations).values(aValuation()).returning();
    expect(row?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row).toMatchObject({
      status: 'new',
      isArchived: false,
      archivedAt: null,
      photoPaths: [],
      contactPreference: ['call', 'whatsapp'],
      motExpiryDate: '2026-03-01', // dates come back as the same string on both engines
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('stamps created_at with the database’s now(), a timestamptz', async () => {
    // now() is the transaction's start time, so inside one transaction the two are equal exactly.
    const { row, now } = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(carValuations).values(aValuation()).returning();
      const clock = await tx.execute<{ now: string; type: string }>(
        sql`select now()::text as now, pg_typeof(now())::text as type`,
      );
      const stored = await tx.execute<{ createdAt: string }>(
        sql`select created_at::text as "createdAt" from ${carValuations} where id = ${inserted!.id}`,
      );
      return { row: stored.rows[0]!, now: clock.rows[0]! };
    });
    expect(now.type).toBe('timestamp with time zone');
    expect(row.createdAt).toBe(now.now);
    const columns = await db.execute<{ type: string; fallback: string }>(
      sql`select data_type as type, column_default as fallback from information_schema.columns
          where table_name = 'car_valuations' and column_name = 'created_at'`,
    );
    expect(columns.rows).toEqual([{ type: 'timestamp with time zone', fallback: 'now()' }]);
  });

  it('keeps a time exactly, as the same instant in UTC, whatever the session time zone', async () => {
    // The last millisecond before the clocks go forward in the UK, where a local-time mix-up would show.
    const instant = new Date('2026-03-29T00:59:59.999Z');
    const [row] = await db
      .insert(carValuations)
      .values(aValuation({ createdAt: instant, archivedAt: instant }))
      .returning();
    expect(row!.createdAt.toISOString()).toBe('2026-03-29T00:59:59.999Z');
    const [read] = await db.select().from(carValuations).where(eq(carValuations.id, row!.id));
    expect(read!.archivedAt?.toISOString()).toBe('2026-03-29T00:59:59.999Z');

    const utc = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Europe/London'`);
      return tx.execute<{ utc: string }>(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as utc
            from ${carValuations} where id = ${row!.id}`,
      );
    });
    expect(utc.rows).toEqual([{ utc: '2026-03-29T00:59:59.999' }]);
  });

  it('enforces the cheap checks on valuations', async () => {
    expect(await constraintViolated(db.insert(carValuations).values(aValuation({ scuffedWheels: 5 })))).toBe(
      'car_valuations_scuffed_wheels_range',
    );
    expect(await constraintViolated(db.insert(carValuations).values(aValuation({ mileage: -1 })))).toBe(
      'car_valuations_mileage_non_negative',
    );
    expect(await constraintViolated(db.insert(carValuations).values(aValuation({ registration: 'ab12 cde' })))).toBe(
      'car_valuations_registration_normalised',
    );
    const [ok] = await db
      .insert(carValuations)
      .values(aValuation({ scuffedWheels: -1 }))
      .returning();
    expect(ok?.scuffedWheels).toBe(-1);
  });

  it('deletes a valuation’s events with it', async () => {
    const [valuation] = await db.insert(carValuations).values(aValuation()).returning();
    await db.insert(valuationEvents).values({ valuationId: valuation!.id, type: 'created', data: { source: 'web' } });
    const withEvents = await db.query.carValuations.findFirst({
      where: eq(carValuations.id, valuation!.id),
      with: { events: true },
    });
    expect(withEvents?.events).toMatchObject([{ type: 'created', data: { source: 'web' } }]);

    await db.delete(carValuations).where(eq(carValuations.id, valuation!.id));
    expect(await db.select().from(valuationEvents)).toEqual([]);
  });

  it('treats usernames as unique regardless of case', async () => {
    await addUser(db, 'admin');
    expect(await constraintViolated(addUser(db, 'Admin'))).toBe('users_username_lower_key');
    await addUser(db, 'admin2');
  });

  it('ends a user’s sessions when the user is deleted', async () => {
    const alice = await addUser(db, 'alice');
    const bob = await addUser(db, 'bob');
    const expire = new Date('2026-03-02T10:00:00Z');
    await db.insert(sessions).values([
      { sid: 'a1', sess: { userId: alice.id }, expire, userId: alice.id },
      { sid: 'a2', sess: { userId: alice.id }, expire, userId: alice.id },
      { sid: 'b1', sess: { userId: bob.id }, expire, userId: bob.id },
    ]);
    await db.delete(users).where(eq(users.id, alice.id));
    const left = await db.select({ sid: sessions.sid }).from(sessions);
    expect(left).toEqual([{ sid: 'b1' }]);
  });

  it('answers ping', async () => {
    await expect(t.database.ping()).resolves.toBeUndefined();
  });

  it('gives each test database empty tables, with ids starting again, even where a database is reused', async () => {
    // Test databases come from a pool (test/helpers/database.ts); what one test wrote must not reach the next.
    await db.execute(sql`create table extra_rows (id serial primary key, note text)`);
    try {
      for (let round = 0; round < 3; round++) {
        const next = await createTestDatabase(engine);
        try {
          const nextDb = next.database.db;
          expect(await nextDb.select().from(users), `round ${round}`).toEqual([]);
          expect(await nextDb.select().from(carValuations)).toEqual([]);
          expect((await addUser(nextDb, 'first')).id).toBe(1);
          await nextDb.insert(carValuations).values(aValuation());
          await nextDb.execute(sql`set time zone 'Asia/Tokyo'`);
        } finally {
          await next.cleanup();
        }
      }
      // A table no list names, which emptying found in the catalogue.
      await db.execute(sql`insert into extra_rows (note) values ('left over')`);
      await t.cleanup();
      t = await createTestDatabase(engine);
      db = t.database.db;
      const extra = await db.execute<{ count: number }>(sql`select count(*)::int as count from extra_rows`);
      expect(extra.rows).toEqual([{ count: 0 }]);
      const zone = await db.execute<{ zone: string }>(sql`select current_setting('TimeZone') as zone`);
      expect(zone.rows[0]?.zone).not.toBe('Asia/Tokyo');
    } finally {
      await db.execute(sql`drop table if exists extra_rows`);
    }
  });

  it('gives a working database after a test closed its own', async () => {
    await t.database.close();
    await expect(t.database.ping()).rejects.toThrow();
    await t.cleanup();
    t = await createTestDatabase(engine);
    await expect(t.database.ping()).resolves.toBeUndefined();
  });

  it('rejects a failing migration instead of swallowing it, and stays usable', async () => {
    const folder = brokenMigrationsFolder();
    try {
      await expect(runMigrations(t.database, { migrationsFolder: folder })).rejects.toThrow();
      await runMigrations(t.database); // lock released, connection still good
      expect(await appliedMigrationCount(db)).toBe(journal.entries.length);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  if (engine === 'postgres') {
    it('lets two processes migrate one database at the same time', async () => {
      const empty = await createTestDatabase('postgres', { migrate: false });
      const second = await openDatabase({ databaseUrl: empty.databaseUrl, dataDir: os.tmpdir() });
      try {
        await Promise.all([runMigrations(empty.database), runMigrations(second)]);
        expect(await appliedMigrationCount(second.db)).toBe(journal.entries.length);
      } finally {
        await second.close();
        await empty.cleanup();
      }
    });

    it('keeps rows across pools (persistence)', async () => {
      const [row] = await db.insert(carValuations).values(aValuation()).returning();
      await t.database.close();
      const reopened = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: os.tmpdir() });
      try {
        const found = await reopened.db.select().from(carValuations).where(eq(carValuations.id, row!.id));
        expect(found).toHaveLength(1);
      } finally {
        await reopened.close();
      }
    });
  }
});

describe('PGlite on disk', () => {
  let dataDir: string;
  const open: Database[] = [];

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-db-test-'));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((database) => database.close()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function openOnDisk(): Promise<Database> {
    const database = await openDatabase({ dataDir });
    open.push(database);
    return database;
  }

  it('keeps rows after closing and reopening the same data directory', async () => {
    const first = await openOnDisk();
    expect(first.engine).toBe('pglite');
    await runMigrations(first);
    const [row] = await first.db.insert(carValuations).values(aValuation()).returning();
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    const second = await openOnDisk();
    await runMigrations(second); // already applied: nothing to do
    const found = await second.db.select().from(carValuations).where(eq(carValuations.id, row!.id));
    expect(found).toMatchObject([{ registration: 'AB12CDE', status: 'new' }]);
  });

  it('refuses a second open of a data directory that is in use', async () => {
    await openOnDisk();
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already open/);
  });

  it('takes over a lock left by a process that is gone', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), '999999999');
    const database = await openOnDisk();
    await expect(database.ping()).resolves.toBeUndefined();
  });
});

describe('defaultMigrationsFolder', () => {
  it('finds <project root>/drizzle from the sources and from a bundled dist/server/main.js', () => {
    const fromSources = defaultMigrationsFolder();
    const root = path.dirname(fromSources);
    expect(fs.existsSync(path.join(root, 'package.json'))).toBe(true);
    expect(defaultMigrationsFolder(path.join(root, 'dist', 'server', 'main.js'))).toBe(fromSources);
  });
});

/** A migrations folder whose only migration fails, in drizzle-kit's layout. */
function brokenMigrationsFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-bad-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  // Later than any real migration, so drizzle applies it (it compares `when` with the last one applied).
  const entry = { idx: 0, version: '7', when: Date.UTC(2100, 0, 1), tag: '9999_broken', breakpoints: true };
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
  );
  fs.writeFileSync(path.join(folder, '9999_broken.sql'), 'SELECT * FROM no_such_table;');
  return folder;
}
