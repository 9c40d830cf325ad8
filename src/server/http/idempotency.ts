import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { z } from 'zod';
import { idempotencyKeys } from '~/server/db/schema';
import { IDEMPOTENCY_KEY_PATTERN, idempotencyMessages } from '~/shared/valuation-fields';
import { AppError } from './app-error';

/**
 * `Idempotency-Key` for POST endpoints that create something (a double tap, a retry on a bad
 * connection): the same key with the same request gets the first answer and nothing new is
 * made; the same key with a different request is refused.
 *
 * The key is claimed by an insert inside the caller's transaction, so of two identical requests
 * at once the second waits on the first's row (PostgreSQL's unique-index wait; PGlite runs one
 * transaction at a time) and then replays its answer. If the first rolls back, so does its claim.
 *
 * Only a SHA-256 of the key is stored, and the answer is stored encrypted with a key derived from
 * the client's key (AES-256-GCM): an answer may hold a secret (an upload token) that must not sit
 * readable in the database, and only the holder of the key can ask for the answer again.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type StoredAnswer = { status: number; body: unknown };

export type IdempotencyOutcome =
  { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'mismatch' } | { kind: 'in-progress' };

export type IdempotencyClaim = {
  scope: string;
  /** The client's Idempotency-Key, as sent. */
  key: string;
  /** Anything that identifies the request (its validated body); compared by SHA-256. */
  request: unknown;
  now: Date;
  ttlMs?: number;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const sealingKey = (key: string) => createHash('sha256').update('idempotency-answer\0').update(key).digest();

function seal(key: string, answer: StoredAnswer): { sealed: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key), iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return { sealed: Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url') };
}

function unseal(key: string, stored: unknown): StoredAnswer {
  const bytes = Buffer.from((stored as { sealed: string }).sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(key), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
}

/**
 * Claims the key in `tx`, or says what the earlier request with it got. An expired key is
 * claimed afresh. Call `saveIdempotentAnswer` in the same transaction once the work is done.
 */
export async function claimIdempotencyKey(tx: Db, claim: IdempotencyClaim): Promise<IdempotencyOutcome> {
  const keyHash = sha256(claim.key);
  const requestHash = sha256(JSON.stringify(claim.request));
  const fresh = {
    requestHash,
    responseStatus: null,
    responseBody: null,
    createdAt: claim.now,
    expiresAt: new Date(claim.now.getTime() + (claim.ttlMs ?? IDEMPOTENCY_TTL_MS)),
  };
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ scope: claim.scope, keyHash, ...fresh })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.keyHash],
      set: fresh,
      setWhere: lt(idempotencyKeys.expiresAt, claim.now),
    })
    .returning({ keyHash: idempotencyKeys.keyHash });
  if (claimed.length > 0) return { kind: 'claimed' };

  const [earlier] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.keyHash, keyHash)))
    .for('update');
  if (!earlier || earlier.responseStatus === null) return { kind: 'in-progress' };
  if (earlier.requestHash !== requestHash) return { kind: 'mismatch' };
  return { kind: 'replay', answer: unseal(claim.key, earlier.responseBody) };
}

/** Stores the answer to a claimed key, in the transaction that claimed it. */
export async function saveIdempotentAnswer(
  tx: Db,
  claim: Pick<IdempotencyClaim, 'scope' | 'key'>,
  answer: StoredAnswer,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: seal(claim.key, answer) })
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.keyHash, sha256(claim.key))));
}

/** Removes keys past their expiry (the clean-up job calls it). */
export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}

/**
 * The Idempotency-Key header as the API document states it (issue 32), for the routes that read
 * it with idempotencyKeyHeader (which checks it, so a bad key gets that function's answer). Loose,
 * so every other header passes through as it came.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({
      pattern: IDEMPOTENCY_KEY_PATTERN.source,
      description:
        'Optional. 8 to 200 visible ASCII characters, new for each request the client means: the same key ' +
        'again within a day gets the first answer again instead of a second one.',
    }),
});

/**
 * The Idempotency-Key header of a public form's POST: absent, or 8 to 200 visible ASCII
 * characters; anything else is refused (400) before the form is looked at.
 */
export function idempotencyKeyHeader(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError('INVALID_INPUT', idempotencyMessages.invalidKey, {
      issues: [{ path: 'Idempotency-Key', message: idempotencyMessages.invalidKey }],
    });
  }
  return header;
}
