import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';

/**
 * What staff can change that public pages show (docs/decisions/003-public-page-speed.md). Site
 * details are fixed for the life of a process and the promotion's phase follows the clock, so
 * neither is a topic: the page cache keys on the phase itself.
 */
/**
 * What changed: what public pages show (reviews, purchased vehicles, the deductions table), or
 * 'valuations', a request deleted by staff, which the dashboard's kept all-time counts hold.
 */
const TOPICS = ['reviews', 'vehicles', 'deductions', 'valuations'] as const;
export type ContentTopic = (typeof TOPICS)[number];

/** The PostgreSQL channel other processes hear about changes on. */
export const CONTENT_CHANNEL = 'content_changed';

export type ContentChanges = {
  /** Goes up by one with every change heard, this process's or another's: the page cache's key. */
  revision(): number;
  /**
   * A change made here has committed: this process forgets what it kept at once (before the
   * caller answers), and other processes are told through NOTIFY. Never rejects: the change is
   * made, and a process that misses the word re-checks its pages within seconds anyway.
   */
  changed(topic: ContentTopic): Promise<void>;
  /** Runs `forget` on every change of `topic`, from here or from another process. */
  subscribe(topic: ContentTopic, forget: () => void): void;
  /** Hears other processes' changes (PostgreSQL LISTEN); resolves to a function that stops. */
  listen(): Promise<() => Promise<void>>;
};

type Logger = { warn(details: object, message: string): void };

/**
 * One per process. On PGlite there is only ever one process per database (the data directory is
 * locked), so nothing is sent; on a PostgreSQL server every process LISTENs and each change is
 * NOTIFYed with the sender's id, so a process does not act twice on its own change.
 */
export function createContentChanges(database: Pick<Database, 'engine' | 'db' | 'listen'>, log: Logger) {
  const processId = randomUUID();
  const forgetters = new Map<ContentTopic, Array<() => void>>();
  let revision = 0;

  const apply = (topic: ContentTopic) => {
    revision += 1;
    for (const forget of forgetters.get(topic) ?? []) forget();
  };

  const changes: ContentChanges = {
    revision: () => revision,
    async changed(topic) {
      apply(topic);
      if (database.engine !== 'postgres') return;
      try {
        await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${`${topic} ${processId}`})`);
      } catch (error) {
        log.warn({ err: error, topic }, 'could not tell other processes about a content change');
      }
    },
    subscribe(topic, forget) {
      forgetters.set(topic, [...(forgetters.get(topic) ?? []), forget]);
    },
    listen: () =>
      database.listen(CONTENT_CHANNEL, (payload) => {
        const [topic, sender] = payload.split(' ');
        if (sender === processId || !isTopic(topic)) return;
        apply(topic);
      }),
  };
  return changes;
}

function isTopic(value: string | undefined): value is ContentTopic {
  return (TOPICS as readonly string[]).includes(value ?? '');
}
