import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { loginAttempts } from '~/server/db/schema';
import type { Clock } from './sessions';

/**
 * Brute-force limits on sign-in (ASVS 6.3.1), counted in the database so they
 * hold across app processes: 5 failures for one username, or 20 from one
 * address, within 15 minutes lock further attempts until the oldest of those
 * failures leaves the window. A success clears the username's count. Checked
 * before any password hashing, so a locked attacker costs us one query.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;
/** Attempts are kept a day for the record, then removed by the cleanup job. */
const KEEP_ATTEMPTS_MS = 24 * 60 * 60 * 1000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createLoginThrottle(db: Db, clock: Clock) {
  /** The moment the `limit`-th most recent failure leaves the window, if there are that many. */
  async function lockedUntil(filter: SQL | undefined, limit: number, since: Date): Promise<Date | null> {
    const recent = await db
      .select({ attemptedAt: loginAttempts.attemptedAt, succeeded: loginAttempts.succeeded })
      .from(loginAttempts)
      .where(and(filter, gt(loginAttempts.attemptedAt, since)))
      .orderBy(desc(loginAttempts.attemptedAt))
      .limit(limit);
    const failures = [];
    for (const attempt of recent) {
      if (attempt.succeeded) break; // a success resets the count
      failures.push(attempt);
    }
    if (failures.length < limit) return null;
    return new Date(failures[limit - 1]!.attemptedAt.getTime() + LOGIN_WINDOW_MS);
  }

  return {
    async check(username: string, ip: string): Promise<ThrottleVerdict> {
      const now = clock();
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const [byName, byIp] = await Promise.all([
        lockedUntil(eq(loginAttempts.username, username.toLowerCase()), MAX_FAILURES_PER_USERNAME, since),
        // Per address only failures count, whatever the username: successes elsewhere do not reset it.
        lockedUntil(and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false)), MAX_FAILURES_PER_IP, since),
      ]);
      const until = [byName, byIp].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
      if (!until || until <= now) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.ceil((until.getTime() - now.getTime()) / 1000) };
    },

    async record(username: string, ip: string, succeeded: boolean): Promise<void> {
      await db.insert(loginAttempts).values({ username: username.toLowerCase(), ip, succeeded, attemptedAt: clock() });
    },

    async deleteOld(): Promise<void> {
      await db
        .delete(loginAttempts)
        .where(lt(loginAttempts.attemptedAt, new Date(clock().getTime() - KEEP_ATTEMPTS_MS)));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
