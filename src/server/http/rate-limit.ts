import { lt, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { rateLimitCounters } from '~/server/db/schema';
import { AppError } from './app-error';

/**
 * Per-client request limits for public endpoints that cost something (a paid vehicle lookup, a
 * stored valuation): "about N a minute". Counters live in the database, so the limit holds across
 * server processes. Fixed windows: simple and cheap (one upsert a request); a client can at worst
 * fit two windows' worth around a boundary, which is fine for "about".
 *
 *   const lookups = createRateLimit(db, clock, { bucket: 'vehicle-lookup', limit: 30, windowMs: 60_000 });
 *   await lookups.take(request.ip); // throws 429 with Retry-After when over
 */
export type RateLimitOptions = {
  /** Names the limit in the table; unique per limit. */
  bucket: string;
  /** Requests allowed per window and client. */
  limit: number;
  windowMs: number;
  /** What the 429 says. */
  message?: string;
};

export type RateLimit = {
  /** Counts one request; throws AppError RATE_LIMITED (429, Retry-After) when the client is over the limit. */
  take(clientKey: string): Promise<void>;
};

export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.';

export function createRateLimit(db: Db, clock: () => Date, options: RateLimitOptions): RateLimit {
  return {
    async take(clientKey) {
      const now = clock().getTime();
      const windowStart = new Date(now - (now % options.windowMs));
      const [counted] = await db
        .insert(rateLimitCounters)
        .values({ bucket: options.bucket, clientKey: clientKey.slice(0, 100), windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.bucket, rateLimitCounters.clientKey, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
      if (counted!.hits <= options.limit) return;
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + options.windowMs - now) / 1000));
      throw new AppError('RATE_LIMITED', options.message ?? DEFAULT_RATE_LIMIT_MESSAGE, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    },
  };
}

/** Removes windows that ended before `before` (the clean-up job calls it). */
export async function deleteOldRateLimitCounters(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}
