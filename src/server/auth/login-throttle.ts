import { createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { loginAttempts } from '~/server/db/schema';
import { AUTOMATIC_DELETION } from '~/shared/retention';
import type { Clock } from './sessions';

/**
 * Brute-force limits on sign-in and on the current-password check of a
 * password change (ASVS 6.3.1), counted in the database so they hold across
 * app processes. Checked before any password hashing, so a locked caller costs
 * us a few indexed queries.
 *
 * The limits are chosen so that guessing stays slow without handing anyone a
 * way to lock a member of staff out (issue 8, item 3):
 * - 5 failures for one username from one address within 15 minutes lock that
 *   username at that address (a success there clears the count);
 * - 20 failures from one address within 15 minutes, whatever the usernames,
 *   lock that address;
 * - 50 failures for one username within an hour, from anywhere, lock that
 *   username everywhere except at addresses it has signed in from successfully
 *   in the last 30 days. A slow guesser spread over many addresses is stopped
 *   (ASVS 4.0.3 allows at most 100 an hour per account), while the real user at
 *   the office or at home still gets in with the right password.
 * Each lock lasts until the oldest failure that makes it leaves its window.
 *
 * Attempts in flight count (issue 32): `begin` checks the limits and records the attempt as a
 * failure in one transaction, under locks on its username and its address, before the slow
 * password check; `succeeded` turns it into a success afterwards. So a burst of parallel attempts
 * cannot all pass the check before any is recorded: no more than the limit are ever checked.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 20;
export const GLOBAL_WINDOW_MS = 60 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME_GLOBAL = 50;
/** Failed attempts are kept a day (all the limits need, plus a record), then removed by the clean-up job. */
export const KEEP_ATTEMPTS_MS = AUTOMATIC_DELETION.failedSignInHours * 60 * 60 * 1000;
/**
 * Successful sign-ins are kept 30 days: they say which addresses a user really
 * signs in from (exempt from the per-username limit), across weekends and holidays.
 */
export const KEEP_SUCCESSES_MS = AUTOMATIC_DELETION.successfulSignInDays * 24 * 60 * 60 * 1000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };
/** `begin`'s answer: when allowed, the attempt recorded (as a failure until `succeeded` says otherwise). */
export type ThrottleStart = { allowed: true; attemptId: number } | { allowed: false; retryAfterSeconds: number };

/** The class of this module's advisory locks (any constant no other lock in the app uses). */
const LOCK_CLASS = 0x51_67_4e; // "SgN"

/**
 * The key of the log's username tags: random, in memory only, so a tag cannot be reversed by
 * trying likely usernames (or passwords typed in the wrong box) without the running server.
 */
const LOG_TAG_KEY = randomBytes(32);

/**
 * What a log line says instead of a typed username (issue 32): what was typed may be a password
 * typed in the wrong box, so the line carries a keyed hash of it. The same name (in any case)
 * gives the same tag for as long as the server runs, so staff can tie an attack's lines together.
 */
export function usernameLogTag(typed: string): string {
  return createHmac('sha256', LOG_TAG_KEY).update(typed.toLowerCase()).digest('hex').slice(0, 16);
}

/**
 * Every method takes an optional transaction (`db.transaction(async (tx) => …)`),
 * so callers can record an attempt together with other changes.
 */
export function createLoginThrottle(db: Db, clock: Clock) {
  /**
   * The moment the `limit`-th most recent failure leaves the window, if there are that many.
   * With `successResets`, a success ends the run of failures (older ones no longer count).
   */
  async function lockedUntil(
    q: Db,
    filter: SQL | undefined,
    limit: number,
    windowMs: number,
    now: Date,
    successResets: boolean,
  ): Promise<Date | null> {
    const since = new Date(now.getTime() - windowMs);
    const recent = await q
      .select({ attemptedAt: loginAttempts.attemptedAt, succeeded: loginAttempts.succeeded })
      .from(loginAttempts)
      .where(
        and(
          filter,
          successResets ? undefined : eq(loginAttempts.succeeded, false),
          gt(loginAttempts.attemptedAt, since),
        ),
      )
      .orderBy(desc(loginAttempts.attemptedAt), desc(loginAttempts.id))
      .limit(limit);
    const failures = [];
    for (const attempt of recent) {
      if (attempt.succeeded) break;
      failures.push(attempt);
    }
    if (failures.length < limit) return null;
    return new Date(failures[limit - 1]!.attemptedAt.getTime() + windowMs);
  }

  async function hasSignedInFrom(q: Db, username: string, ip: string, now: Date): Promise<boolean> {
    const [row] = await q
      .select({ id: loginAttempts.id })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.username, username),
          eq(loginAttempts.ip, ip),
          eq(loginAttempts.succeeded, true),
          gt(loginAttempts.attemptedAt, new Date(now.getTime() - KEEP_SUCCESSES_MS)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async function check(username: string, ip: string, tx: Db): Promise<ThrottleVerdict> {
    const now = clock();
    const byName = eq(loginAttempts.username, username);
    // One after another: they share the transaction's one connection, which runs a query at a time
    // (pg queues a second one sent meanwhile, a use it has deprecated and pg 9 removes).
    const pair = await lockedUntil(
      tx,
      and(byName, eq(loginAttempts.ip, ip)),
      MAX_FAILURES_PER_USERNAME_AND_IP,
      LOGIN_WINDOW_MS,
      now,
      true,
    );
    // Per address only failures count, whatever the username: successes elsewhere do not reset it.
    const address = await lockedUntil(tx, eq(loginAttempts.ip, ip), MAX_FAILURES_PER_IP, LOGIN_WINDOW_MS, now, false);
    const byNameUntil = await lockedUntil(tx, byName, MAX_FAILURES_PER_USERNAME_GLOBAL, GLOBAL_WINDOW_MS, now, false);
    const everywhere = byNameUntil && !(await hasSignedInFrom(tx, username, ip, now)) ? byNameUntil : null;
    const until = [pair, address, everywhere]
      .filter((d): d is Date => d !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (!until || until <= now) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.ceil((until.getTime() - now.getTime()) / 1000) };
  }

  /**
   * Makes concurrent `begin`s for the same address, or the same username, take turns until their
   * transactions end: every limit is per address, per username, or both. Always address first,
   * then username, so two transactions never wait on each other in a circle.
   */
  async function lockFor(tx: Db, username: string, ip: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${`ip:${ip}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${`user:${username}`}))`);
  }

  return {
    /** Whether the limits allow an attempt now, without recording one (see `begin` to attempt). */
    async check(rawUsername: string, ip: string, tx: Db = db): Promise<ThrottleVerdict> {
      return check(rawUsername.toLowerCase(), ip, tx);
    },

    /**
     * Checks the limits and, when they allow it, records the attempt as a failure, atomically:
     * call before checking the password, then `succeeded` if it was right.
     */
    async begin(rawUsername: string, ip: string): Promise<ThrottleStart> {
      const username = rawUsername.toLowerCase();
      return db.transaction(async (tx) => {
        await lockFor(tx, username, ip);
        const verdict = await check(username, ip, tx);
        if (!verdict.allowed) return verdict;
        const [row] = await tx
          .insert(loginAttempts)
          .values({ username, ip, succeeded: false, attemptedAt: clock() })
          .returning({ id: loginAttempts.id });
        return { allowed: true, attemptId: row!.id };
      });
    },

    /** The attempt `begin` recorded had the right password: it ends the run of failures before it. */
    async succeeded(attemptId: number, tx: Db = db): Promise<void> {
      await tx.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
    },

    async record(username: string, ip: string, succeeded: boolean, tx: Db = db): Promise<void> {
      await tx.insert(loginAttempts).values({ username: username.toLowerCase(), ip, succeeded, attemptedAt: clock() });
    },

    async deleteOld(tx: Db = db): Promise<void> {
      const now = clock().getTime();
      await tx
        .delete(loginAttempts)
        .where(
          or(
            and(eq(loginAttempts.succeeded, false), lt(loginAttempts.attemptedAt, new Date(now - KEEP_ATTEMPTS_MS))),
            lt(loginAttempts.attemptedAt, new Date(now - KEEP_SUCCESSES_MS)),
          ),
        );
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
