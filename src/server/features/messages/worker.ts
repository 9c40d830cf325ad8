import { otherWorkFirst } from '~/server/lib/other-work-first';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { withoutContactDetails } from '~/server/logger';
import { outboundMessages, type StoredAttachment } from '~/server/db/schema';
import type { FileStore } from '~/server/storage/file-store';
import type { MessageChannel } from '~/shared/messages';
import { HELD_REASONS } from './outbox';
import { MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';
import { DeliveryError, type EmailTransport, type SmsTransport } from './transports/transport';

/**
 * The outbox worker (issue 9): sends what features queued, inside the server process.
 *
 * - Claims due messages with FOR UPDATE SKIP LOCKED, so several server processes on one
 *   PostgreSQL never take the same message; each claim marks the messages "sending" with a lease
 *   and a token. Results are written only while that token still holds the message.
 * - A message left "sending" by a process that died is claimed again once its lease has expired.
 *   That is the one window where a message can go twice: the provider accepted it and the process
 *   died before writing "sent". Nothing on our side can close it.
 * - Failures are retried on the schedule in retry-schedule.ts; permanent refusals fail at once.
 * - On shutdown, no new message is started; sends under way get a few seconds to finish, and any
 *   still unfinished go back to "queued", so nothing is left "sending".
 */

export type WorkerTransports = { email?: EmailTransport | undefined; sms?: SmsTransport | undefined };

export type WorkerOptions = {
  /** How long a claim holds a message before another worker may take it over. */
  leaseMs: number;
  /** Messages claimed at once. */
  batchSize: number;
  /** Messages sent at the same time. */
  concurrency: number;
  /** After shutdown begins, how long sends under way may take before they are put back. */
  stopGraceMs: number;
};

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  leaseMs: 10 * 60_000,
  batchSize: 20,
  concurrency: 4,
  stopGraceMs: 5_000,
};

export type WorkerLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type OutboxWorker = {
  /**
   * Sends every message that is due, claiming batch after batch until none is left and no wake
   * came in meanwhile. Returns how many messages it finished (sent, failed or put back).
   */
  drain(signal?: AbortSignal): Promise<number>;
  /** A message was queued: the next drain must not stop early. */
  wake(): void;
  /** Queues held messages again if their channel now has a provider (after a restart with new settings). */
  releaseHeld(): Promise<number>;
};

type Claimed = {
  id: string;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  textBody: string;
  htmlBody: string | null;
  attachments: StoredAttachment[];
  attempts: number;
  leaseToken: string;
};

export function createOutboxWorker(deps: {
  db: Db;
  transports: WorkerTransports;
  files: FileStore;
  clock: () => Date;
  log: WorkerLog;
  options?: Partial<WorkerOptions>;
  random?: () => number;
}): OutboxWorker {
  const { db, transports, files, clock, log } = deps;
  const options = { ...DEFAULT_WORKER_OPTIONS, ...deps.options };
  let wakeRequested = false;

  async function claim(): Promise<Claimed[]> {
    const now = clock();
    const leaseUntil = new Date(now.getTime() + options.leaseMs);
    const token = randomUUID();
    const result = await db.execute<Record<string, unknown>>(sql`
      with due as (
        select id from ${outboundMessages}
        where (status = 'queued' and next_attempt_at <= ${now})
           or (status = 'sending' and lease_expires_at <= ${now})
        order by next_attempt_at, created_at
        limit ${options.batchSize}
        for update skip locked
      )
      update ${outboundMessages} as m
      set status = 'sending', attempts = m.attempts + 1, lease_expires_at = ${leaseUntil},
          lease_token = ${token}, updated_at = ${now}
      from due where m.id = due.id
      returning m.id, m.channel, m.recipient, m.subject, m.text_body, m.html_body, m.attachments, m.attempts`);
    return result.rows.map((row) => ({
      id: row.id as string,
      channel: row.channel as MessageChannel,
      recipient: row.recipient as string,
      subject: row.subject as string | null,
      textBody: row.text_body as string,
      htmlBody: row.html_body as string | null,
      attachments: parseJson<StoredAttachment[]>(row.attachments),
      attempts: Number(row.attempts),
      leaseToken: token,
    }));
  }

  /** Writes an outcome, only if this claim still holds the message. */
  async function settle(message: Claimed, values: Partial<typeof outboundMessages.$inferInsert>) {
    await db
      .update(outboundMessages)
      .set({ leaseExpiresAt: null, leaseToken: null, updatedAt: clock(), ...values })
      .where(and(eq(outboundMessages.id, message.id), eq(outboundMessages.leaseToken, message.leaseToken)));
  }

  /** Back to "queued" without counting the attempt (shutdown before it started). */
  async function putBack(message: Claimed, lastError?: string) {
    await settle(message, {
      status: 'queued',
      nextAttemptAt: clock(),
      ...(lastError ? { lastError } : { attempts: message.attempts - 1 }),
    });
  }

  async function send(message: Claimed): Promise<string | null> {
    if (message.channel === 'sms') {
      const result = await transports.sms!.send({ to: message.recipient, body: message.textBody });
      return result.providerMessageId;
    }
    const attachments = await Promise.all(
      message.attachments.map(async (a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: await files.read(a.storageKey).catch((error: unknown) => {
          throw new DeliveryError(`The attachment ${a.filename} is missing from the file store`, true, {
            cause: error,
          });
        }),
      })),
    );
    const result = await transports.email!.send({
      id: message.id,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.textBody,
      html: message.htmlBody,
      attachments,
    });
    return result.providerMessageId;
  }

  async function deliver(message: Claimed, stopped: Promise<'stopped'>) {
    if (!transports[message.channel]) {
      await settle(message, {
        status: 'held',
        lastError: HELD_REASONS[message.channel],
        attempts: message.attempts - 1,
      });
      return;
    }
    const attempt = send(message).then(
      (providerMessageId) => ({ ok: true as const, providerMessageId }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const outcome = await Promise.race([attempt, stopped]);
    if (outcome === 'stopped') {
      log.warn({ messageId: message.id }, 'outbox: send still under way at shutdown; it will be tried again');
      await putBack(message, 'Interrupted when the server stopped; it will be tried again.');
      return;
    }
    if (outcome.ok) {
      await settle(message, {
        status: 'sent',
        sentAt: clock(),
        providerMessageId: outcome.providerMessageId,
        lastError: null,
      });
      return;
    }
    await recordFailure(message, outcome.error);
  }

  async function recordFailure(message: Claimed, error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    // The message keeps the provider's words for staff; the log leaves out the recipient they may name.
    const loggedReason = withoutContactDetails(reason);
    const permanent = error instanceof DeliveryError && error.permanent;
    const delay = permanent ? undefined : retryDelayMs(message.attempts, deps.random);
    if (delay === undefined) {
      const lastError = permanent ? reason : `Gave up after ${message.attempts} attempts. Last error: ${reason}`;
      log.warn(
        { messageId: message.id, channel: message.channel, attempts: message.attempts, reason: loggedReason },
        'outbox: message failed',
      );
      await settle(message, { status: 'failed', lastError });
      return;
    }
    log.info(
      { messageId: message.id, attempts: message.attempts, retryInMs: delay, reason: loggedReason },
      'outbox: will retry',
    );
    await settle(message, { status: 'queued', lastError: reason, nextAttemptAt: new Date(clock().getTime() + delay) });
  }

  /** Sends a batch, `concurrency` at a time; after abort, starts nothing new and puts the rest back. */
  async function sendBatch(batch: Claimed[], signal: AbortSignal | undefined) {
    const stopped = stopPromise(signal, options.stopGraceMs);
    const waiting = [...batch];
    const lane = async () => {
      for (let message = waiting.shift(); message; message = waiting.shift()) {
        if (signal?.aborted) await putBack(message);
        else if (message.attempts > MAX_ATTEMPTS) {
          // Claimed again after a lease expired with no retries left: the last attempt may have gone.
          await settle(message, {
            status: 'failed',
            attempts: MAX_ATTEMPTS,
            lastError: 'Gave up: the last attempt was interrupted (the server stopped while sending).',
          });
        } else await deliver(message, stopped.promise);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(options.concurrency, batch.length) }, lane));
    } finally {
      stopped.dispose();
    }
  }

  return {
    async drain(signal) {
      let finished = 0;
      while (!signal?.aborted) {
        wakeRequested = false;
        const batch = await claim();
        if (batch.length === 0) {
          if (wakeRequested) continue;
          break;
        }
        await sendBatch(batch, signal);
        finished += batch.length;
        await otherWorkFirst();
      }
      return finished;
    },
    wake() {
      wakeRequested = true;
    },
    async releaseHeld() {
      const channels = (['email', 'sms'] as const).filter((channel) => transports[channel]);
      if (channels.length === 0) return 0;
      const released = await db
        .update(outboundMessages)
        .set({ status: 'queued', nextAttemptAt: clock(), lastError: null, updatedAt: clock() })
        .where(and(eq(outboundMessages.status, 'held'), inArray(outboundMessages.channel, channels)))
        .returning({ id: outboundMessages.id });
      if (released.length > 0) log.info({ count: released.length }, 'outbox: held messages queued again');
      return released.length;
    },
  };
}

/** Resolves `'stopped'` a grace period after the signal aborts; never, if it does not. */
function stopPromise(signal: AbortSignal | undefined, graceMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const promise = new Promise<'stopped'>((resolve) => {
    onAbort = () => {
      timer = setTimeout(() => resolve('stopped'), graceMs);
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  return {
    promise,
    dispose() {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** jsonb arrives parsed from pg, and as text from some PGlite paths. */
function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
