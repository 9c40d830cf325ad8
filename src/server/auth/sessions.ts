import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { runBuilt } from '~/server/db/built-statements';
import type { Db } from '~/server/db/client';
import { sessions, users, type User } from '~/server/db/schema';
import { AUTOMATIC_DELETION } from '~/shared/retention';

/**
 * Server-side sessions in the `sessions` table (DESIGN section 5).
 *
 * The cookie holds 256 random bits; the table holds only their SHA-256, so a
 * copy of the database cannot be replayed as cookies. A session ends after 2
 * hours without use or 12 hours after sign-in (a working day), whichever comes
 * first; `expire` always holds that moment, so expiry is one indexed comparison.
 */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = AUTOMATIC_DELETION.sessionMaxHours * 60 * 60 * 1000;
/** Sliding the idle deadline costs a write, so do it at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionData = { createdAt: string; lastSeenAt: string };

export type ActiveSession = { id: string; user: User; createdAt: Date };

export type Clock = () => Date;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function expiryFor(createdAt: Date, lastSeenAt: Date): Date {
  return new Date(Math.min(lastSeenAt.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_ABSOLUTE_MS));
}

/**
 * A live session and its user, by the token's hash: the query every staff request begins with,
 * built once per database handle and run with its values (built-statements.ts).
 */
const liveSession = (tx: Db) =>
  tx
    .select({ sess: sessions.sess, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
    .limit(1);

/**
 * Every method takes an optional transaction (`db.transaction(async (tx) => …)`),
 * so callers can change sessions together with other rows, all or nothing.
 */
export function createSessionStore(db: Db, clock: Clock) {
  return {
    /** Starts a session and returns the token for the cookie. */
    async create(userId: number, tx: Db = db): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const sess: SessionData = { createdAt: now.toISOString(), lastSeenAt: now.toISOString() };
      await tx.insert(sessions).values({ sid: hashToken(token), userId, sess, expire: expiryFor(now, now) });
      return token;
    },

    /** The live session for a cookie token, sliding its idle deadline; null if unknown or expired. */
    async find(token: string, tx: Db = db): Promise<ActiveSession | null> {
      const now = clock();
      const sid = hashToken(token);
      const [row] = await runBuilt(tx, 'live session by token', () => liveSession(tx), {
        sid,
        now: now.toISOString(),
      });
      if (!row) return null;
      const sess = row.sess as SessionData;
      const createdAt = new Date(sess.createdAt);
      if (now.getTime() - new Date(sess.lastSeenAt).getTime() >= TOUCH_INTERVAL_MS) {
        const next: SessionData = { ...sess, lastSeenAt: now.toISOString() };
        await tx
          .update(sessions)
          .set({ sess: next, expire: expiryFor(createdAt, now) })
          .where(eq(sessions.sid, sid));
      }
      return { id: sid, user: row.user, createdAt };
    },

    async destroy(token: string, tx: Db = db): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.sid, hashToken(token)));
    },

    /** Ends every session of a user, except the one given (after a password change). */
    async destroyAllForUser(userId: number, exceptSessionId?: string, tx: Db = db): Promise<void> {
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.sid, exceptSessionId) : undefined));
    },

    async deleteExpired(tx: Db = db): Promise<number> {
      const deleted = await tx.delete(sessions).where(lte(sessions.expire, clock())).returning({ sid: sessions.sid });
      return deleted.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
