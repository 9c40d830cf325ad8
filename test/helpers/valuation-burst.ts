/**
 * A burst of concurrent valuation submissions over real HTTP, with a fault injected once a given
 * number have been acknowledged, and the check that follows it: every acknowledged valuation is
 * stored whole (its "created" event and its two queued e-mails) and nothing is stored in part.
 * Used by the database-fault and process-fault suites (issue 17, suites 6 and 7).
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '~/server/db/client';
import { validValuation } from './valuation';

/** Who gets the "new valuation" e-mail in these suites (STAFF_NOTIFY_EMAIL). */
export const BURST_STAFF_EMAIL = 'desk@carbuy.example';
/** Far beyond any answer the app should give: a request still open then has hung. */
const REQUEST_LIMIT_MS = 60_000;

export type Submission = { index: number; registration: string; email: string };
export type Answer = {
  index: number;
  /** 0 when no answer came: the connection dropped, or the request hung past the limit. */
  status: number;
  ms: number;
  body: unknown;
  retryAfter: string | null;
  error?: string;
};

/** Three letters from a number, so each submission has its own registration ("AAA", "AAB", ...). */
const letters = (n: number) =>
  [676, 26, 1].map((unit) => String.fromCharCode(65 + (Math.floor(n / unit) % 26))).join('');

/** The index-th seller of a burst: a registration and an e-mail address of their own. */
export function submission(index: number): Submission {
  return {
    index,
    registration: `FT${String(index % 100).padStart(2, '0')}${letters(index)}`,
    email: `seller${index}@example.com`,
  };
}

export async function submit(baseUrl: string, sent: Submission, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const body = { ...validValuation(), registration: sent.registration, email: sent.email };
  try {
    const response = await fetch(`${baseUrl}/api/valuations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
    });
    const text = await response.text();
    return {
      index: sent.index,
      status: response.status,
      ms: performance.now() - started,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    const ms = performance.now() - started;
    return { index: sent.index, status: 0, ms, body: undefined, retryAfter: null, error: String(error) };
  }
}

/**
 * Sends `n` submissions at once and calls `fault` (once, without waiting for it) as soon as
 * `faultAt` of them have been acknowledged. Resolves when every request has ended and the fault
 * has finished; `killedAt` is how many had been acknowledged when it came.
 */
export async function burstWithFault(options: {
  baseUrl: string;
  n: number;
  faultAt: number;
  fault: () => Promise<void> | void;
  headers?: (index: number) => Record<string, string>;
}): Promise<{ answers: Answer[]; killedAt: number | undefined }> {
  let acknowledged = 0;
  let killedAt: number | undefined;
  let faultDone: Promise<void> | undefined;
  const answers = await Promise.all(
    Array.from({ length: options.n }, async (_, index) => {
      const answer = await submit(options.baseUrl, submission(index), options.headers?.(index));
      if (answer.status === 201) acknowledged += 1;
      if (acknowledged >= options.faultAt && killedAt === undefined) {
        killedAt = acknowledged;
        faultDone = Promise.resolve(options.fault());
      }
      return answer;
    }),
  );
  await faultDone;
  return { answers, killedAt };
}

/** The acknowledged ids, with what was sent for each. */
export function acknowledgedIds(answers: Answer[]): Map<string, Submission> {
  return new Map(answers.filter((a) => a.status === 201).map((a) => [idOf(a), submission(a.index)]));
}

export const idOf = (answer: Answer) => (answer.body as { id: string }).id;

type StoredValuation = { id: string; registration: string; email: string; events: string[]; recipients: string[] };

/**
 * Checks the database after the fault: every acknowledged valuation is there with what was sent;
 * every stored one (acknowledged or not: a commit whose answer was lost with the connection is
 * stored, answered 503 or not at all, and the seller tries again) is whole, with its "created"
 * event and its e-mails to the seller and to staff; no queued message belongs to no valuation.
 * Returns the acknowledged ids not stored (expected empty) and how many stored were unacknowledged.
 */
export async function expectStoredWhole(
  db: Db,
  acknowledged: Map<string, Submission>,
  sentCount: number,
): Promise<{ lost: string[]; unacknowledgedStored: number }> {
  const { rows } = await db.execute<StoredValuation>(sql`
    SELECT v.id, v.registration, v.email,
           coalesce((SELECT array_agg(e.type ORDER BY e.type) FROM valuation_events e
                      WHERE e.valuation_id = v.id), '{}') AS events,
           coalesce((SELECT array_agg(m.recipient ORDER BY m.recipient) FROM outbound_messages m
                      WHERE m.valuation_id = v.id), '{}') AS recipients
      FROM car_valuations v`);
  const stored = new Map(rows.map((row) => [row.id, row]));
  const lost = [...acknowledged.keys()].filter((id) => !stored.has(id));
  expect(lost, 'acknowledged but not stored').toEqual([]);
  for (const [id, sent] of acknowledged) {
    expect(stored.get(id)?.registration, `valuation ${id} holds what was sent`).toBe(sent.registration);
  }
  const sentRegistrations = new Set(Array.from({ length: sentCount }, (_, i) => submission(i).registration));
  for (const row of rows) {
    expect(sentRegistrations.has(row.registration), `valuation ${row.id} is one we sent`).toBe(true);
    expect(row.events, `valuation ${row.id}'s events`).toEqual(['created']);
    expect(row.recipients, `valuation ${row.id}'s queued e-mails`).toEqual([BURST_STAFF_EMAIL, row.email].sort());
  }
  const { rows: orphans } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM outbound_messages m
     WHERE m.valuation_id IS NULL OR NOT EXISTS (SELECT 1 FROM car_valuations v WHERE v.id = m.valuation_id)`);
  expect(orphans[0]?.n, 'queued messages of no stored valuation').toBe(0);
  return { lost, unacknowledgedStored: rows.filter((row) => !acknowledged.has(row.id)).length };
}
