import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '~/server/db/client';
import { analyticsSalts } from '~/server/db/schema';
import { ukDate } from '~/shared/promotion';
import type { GeoLookup } from './geo-lookup';
import { storeVisits, type StoredVisit } from './visit-rollups';
import { referrerHost, truncateAddress, visitorHash } from './visit-privacy';

/** A page view as a request shows it. The whole address stays in memory only until its batch is written. */
export type PageView = {
  path: string;
  address: string | undefined;
  userAgent: string;
  referer: string | undefined;
  at: Date;
};

/** Views are written in batches this often, off every request's path. */
export const VISIT_FLUSH_EVERY_MS = 2_000;
/** A batch is written at once when this many views wait. */
export const VISIT_BATCH_SIZE = 1_000;
/**
 * At most this many views wait in memory (a database outage, a flood): beyond it new views are
 * dropped and counted in the log, so counting can never use up the server's memory.
 */
export const VISIT_MAX_PENDING = 50_000;

export type VisitRecorder = ReturnType<typeof createVisitRecorder>;

/**
 * Counts page views without slowing a page: `record` only appends to a list; a timer writes the
 * list in one transaction (visit-rollups.ts) every VISIT_FLUSH_EVERY_MS, or sooner when it is long.
 * A failed write keeps its views for the next try (within VISIT_MAX_PENDING).
 */
export function createVisitRecorder(options: {
  db: Db;
  geo: GeoLookup;
  log: FastifyBaseLogger;
  /** False: nothing is recorded (ANALYTICS_COLLECTION=off). */
  enabled: boolean;
  flushEveryMs?: number;
  batchSize?: number;
  maxPending?: number;
}) {
  const { db, geo, log, enabled } = options;
  const batchSize = options.batchSize ?? VISIT_BATCH_SIZE;
  const maxPending = options.maxPending ?? VISIT_MAX_PENDING;
  let pending: PageView[] = [];
  let dropped = 0;
  let writing: Promise<void> | undefined;
  const salts = new Map<string, string>();

  const timer = enabled ? setInterval(() => void flush(), options.flushEveryMs ?? VISIT_FLUSH_EVERY_MS) : undefined;
  timer?.unref();

  /** The day's salt, shared by every process through the database, made by the first to need it. */
  async function saltFor(day: string): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(eq(analyticsSalts.day, day));
    if (!row) throw new Error(`no visitor salt for ${day}`);
    // Yesterday's salt may still be needed for views waiting from just before midnight; older ones not.
    for (const old of [...salts.keys()].sort().slice(0, -1)) salts.delete(old);
    salts.set(day, row.salt);
    return row.salt;
  }

  /**
   * A batch's views as they are stored. Each (truncated) address is placed once per batch: a
   * visitor's views mostly arrive together, and the look-up is a good part of a view's cost.
   */
  async function prepare(batch: PageView[]): Promise<StoredVisit[]> {
    const places = new Map<string, ReturnType<GeoLookup>>();
    const visits: StoredVisit[] = [];
    for (const view of batch) {
      const day = ukDate(view.at);
      const salt = salts.get(day) ?? (await saltFor(day));
      const ipAddress = truncateAddress(view.address);
      let place: ReturnType<GeoLookup> = { country: null, city: null };
      if (ipAddress) {
        place = places.get(ipAddress) ?? geo(ipAddress);
        places.set(ipAddress, place);
      }
      visits.push({
        day,
        visitedAt: view.at,
        pagePath: view.path,
        ipAddress,
        visitorHash: visitorHash(salt, view.address ?? '', view.userAgent),
        userAgent: view.userAgent.slice(0, 512),
        referrer: referrerHost(view.referer),
        country: place.country,
        city: place.city,
      });
    }
    return visits;
  }

  async function writeBatch(batch: PageView[]) {
    try {
      await storeVisits(db, await prepare(batch));
    } catch (error) {
      const room = Math.max(maxPending - pending.length, 0);
      dropped += batch.length - Math.min(room, batch.length);
      pending = [...batch.slice(0, room), ...pending];
      log.warn({ err: error, waiting: pending.length }, 'analytics: could not store page views; will try again');
    }
  }

  /** Writes every view waiting now (one write at a time; a second call waits for the first). */
  async function flush(): Promise<void> {
    while (writing) await writing;
    if (pending.length === 0) return reportDropped();
    const batch = pending.splice(0, pending.length);
    writing = (async () => {
      for (let i = 0; i < batch.length; i += batchSize) await writeBatch(batch.slice(i, i + batchSize));
    })().finally(() => (writing = undefined));
    await writing;
    reportDropped();
  }

  function reportDropped() {
    if (dropped === 0) return;
    log.warn({ dropped }, 'analytics: page views dropped, too many waiting to be stored');
    dropped = 0;
  }

  return {
    enabled,
    /** Counts one page view; returns at once. */
    record(view: PageView) {
      if (!enabled) return;
      if (pending.length >= maxPending) {
        dropped += 1;
        return;
      }
      pending.push(view);
      if (pending.length >= batchSize && !writing) void flush();
    },
    flush,
    /** Stops the timer and writes what waits (the server's shutdown). */
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
    /** Views waiting to be written (tests, and the log on shutdown). */
    get pendingCount() {
      return pending.length;
    },
  };
}
