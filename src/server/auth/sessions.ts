import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { runBuilt } from '~/server/db/built-statements';
import type { Database, Db } from '~/server/db/client';
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
/**
 * How long a process keeps a session it has checked (docs/decisions/005, point 18). Changes reach
 * every process at commit (NOTIFY, below); this bounds how long one lost while the listening
 * connection is replaced could be believed.
 */
export const SESSION_CACHE_MS = 5_000;
/** Enough for every member of staff many times over; beyond it the oldest entry goes. */
const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** The channel the database's triggers (migration 0030) name a changed session or user on. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

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
    .select({ sess: sessions.sess, expire: sessions.expire, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
    .limit(1);

type LiveSession = { sess: unknown; expire: Date; user: User };

/**
 * The sessions this process checked in the last few seconds, so a burst of staff requests reads
 * the database once. Off until `listen` hears changes. `generation` moves on with every change
 * heard, so a read that was already under way when a change came is not kept.
 */
function createSessionCache(clock: Clock) {
  const entries = new Map<string, { live: LiveSession; checkedAt: number }>();
  const cache = {
    on: false,
    generation: 0,
    get(sid: string): LiveSession | undefined {
      const entry = entries.get(sid);
      if (entry && clock().getTime() - entry.checkedAt < SESSION_CACHE_MS) return entry.live;
      entries.delete(sid);
      return undefined;
    },
    keep(sid: string, live: LiveSession, generationAtRead: number) {
      if (!cache.on || generationAtRead !== cache.generation) return;
      if (entries.size >= SESSION_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(sid, { live, checkedAt: clock().getTime() });
    },
    forgetSession(sid: string) {
      cache.generation += 1;
      entries.delete(sid);
    },
    forgetUser(userId: number) {
      cache.generation += 1;
      for (const [sid, entry] of entries) if (entry.live.user.id === userId) entries.delete(sid);
    },
    forgetAll() {
      cache.generation += 1;
      entries.clear();
    },
    /** A notification from the triggers: a session's id, or "user <id>". */
    heard(payload: string) {
      const user = /^user (\d+)$/.exec(payload);
      if (user) cache.forgetUser(Number(user[1]));
      else cache.forgetSession(payload);
    },
  };
  return cache;
}

/**
 * Every method takes an optional transaction (`db.transaction(async (tx) => …)`),
 * so callers can change sessions together with other rows, all or nothing.
 */
export function createSessionStore(db: Db, clock: Clock) {
  const cache = createSessionCache(clock);
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
      // Inside a caller's transaction the session is read there: it may have changed it.
      const cached = cache.on && tx === db ? cache.get(sid) : undefined;
      let row = cached && cached.expire > now ? cached : undefined;
      if (!row) {
        const generation = cache.generation;
        [row] = await runBuilt(tx, 'live session by token', () => liveSession(tx), { sid, now: now.toISOString() });
        if (!row) return null;
        if (tx === db) cache.keep(sid, row, generation);
      }
      const sess = row.sess as SessionData;
      const createdAt = new Date(sess.createdAt);
      if (now.getTime() - new Date(sess.lastSeenAt).getTime() >= TOUCH_INTERVAL_MS) {
        const next: SessionData = { ...sess, lastSeenAt: now.toISOString() };
        cache.forgetSession(sid);
        await tx
          .update(sessions)
          .set({ sess: next, expire: expiryFor(createdAt, now) })
          .where(eq(sessions.sid, sid));
      }
      return { id: sid, user: row.user, createdAt };
    },

    async destroy(token: string, tx: Db = db): Promise<void> {
      const sid = hashToken(token);
      cache.forgetSession(sid);
      await tx.delete(sessions).where(eq(sessions.sid, sid));
      cache.forgetSession(sid); // again: a request may have read it while the delete ran
    },

    /** Ends every session of a user, except the one given (after a password change). */
    async destroyAllForUser(userId: number, exceptSessionId?: string, tx: Db = db): Promise<void> {
      cache.forgetUser(userId);
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.sid, exceptSessionId) : undefined));
      cache.forgetUser(userId);
    },

    /**
     * A user was changed or deleted here: this process forgets their sessions at once, before it
     * answers (other processes hear it from the database's trigger).
     */
    forgetUser(userId: number): void {
      cache.forgetUser(userId);
    },

    /**
     * Hears every change to sessions and users, from any process (the triggers of migration 0030),
     * and only then keeps checked sessions for a few seconds. Resolves to a function that stops
     * and empties the cache.
     */
    async listen(database: Pick<Database, 'listen'>): Promise<() => Promise<void>> {
      const unlisten = await database.listen(SESSION_CHANGES_CHANNEL, (payload) => cache.heard(payload));
      cache.forgetAll();
      cache.on = true;
      return async () => {
        cache.on = false;
        cache.forgetAll();
        await unlisten();
      };
    },

    async deleteExpired(tx: Db = db): Promise<number> {
      const deleted = await tx.delete(sessions).where(lte(sessions.expire, clock())).returning({ sid: sessions.sid });
      return deleted.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
