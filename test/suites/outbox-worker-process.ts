/**
 * One outbox worker in a process of its own, for the outbox crash suite (outbox-crashes.test.ts):
 * the real worker and the real SMTP transport, on the database the suite names, sending to the
 * suite's SMTP sink. Optionally it kills itself with SIGKILL at one send, the way a crash or an
 * OOM kill would end a server: no shutdown code runs, nothing is put back.
 *
 *   node --import tsx test/suites/outbox-worker-process.ts
 *
 * Environment:
 *   WORKER_DATABASE_URL  PostgreSQL URL; without it, the PGlite database in WORKER_DATA_DIR
 *   WORKER_DATA_DIR      the DATA_DIR (PGlite keeps its files in DATA_DIR/pglite)
 *   WORKER_SMTP_URL      where e-mail goes (the suite's SMTP sink)
 *   WORKER_LEASE_MS      the worker's lease, short so a restart need not wait ten minutes
 *   WORKER_CONCURRENCY   sends at once (default: the server's default)
 *   WORKER_CRASH         "before-send": killed just before the Nth message reaches the provider;
 *                        "after-accept": killed just after the provider accepted the Nth message
 *   WORKER_CRASH_ON      N (1-based), the send to die at
 *   WORKER_WAIT_FOR_GO   "1": print {"ready":true} once connected, then wait for a line on stdin,
 *                        so two processes can start draining at the same moment
 *
 * Without WORKER_CRASH it drains until no message is queued or sending (waiting for other
 * processes' or dead processes' leases to run out), then prints {"finished":N} and exits 0.
 * Just before killing itself it prints {"killedAt":"<message id>"}.
 */
import fs from 'node:fs';
import os from 'node:os';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '~/server/db/client';
import { outboundMessages } from '~/server/db/schema';
import { createSmtpTransport } from '~/server/features/messages/transports/smtp';
import type { EmailTransport } from '~/server/features/messages/transports/transport';
import { createOutboxWorker, DEFAULT_WORKER_OPTIONS } from '~/server/features/messages/worker';
import { createDiskFileStore } from '~/server/storage/file-store';

const env = process.env;
const crash = env.WORKER_CRASH as 'before-send' | 'after-accept' | undefined;
const crashOn = Number(env.WORKER_CRASH_ON ?? 1);
const DRAIN_DEADLINE_MS = 60_000;

/** Written synchronously: the line must be out before SIGKILL ends the process. */
const say = (value: object) => fs.writeSync(1, `${JSON.stringify(value)}\n`);

function die(messageId: string): never {
  say({ killedAt: messageId });
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: SIGKILL cannot be caught');
}

/** The real SMTP transport, with the kill at the chosen point of the chosen send. */
function crashingTransport(real: EmailTransport): EmailTransport {
  let sends = 0;
  return {
    async send(message) {
      sends += 1;
      const fatal = sends === crashOn;
      if (fatal && crash === 'before-send') die(message.id);
      const result = await real.send(message);
      if (fatal && crash === 'after-accept') die(message.id);
      return result;
    },
    close: () => real.close(),
  };
}

async function waitForGo() {
  say({ ready: true });
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  process.stdin.pause();
}

async function main() {
  const database = await openDatabase({ databaseUrl: env.WORKER_DATABASE_URL, dataDir: env.WORKER_DATA_DIR! });
  const email = createSmtpTransport({ url: env.WORKER_SMTP_URL!, from: 'CarBuy Direct <hello@carbuy.example>' });
  const worker = createOutboxWorker({
    db: database.db,
    transports: { email: crashingTransport(email) },
    files: createDiskFileStore(os.tmpdir()),
    clock: () => new Date(),
    log: { info() {}, warn: (d, m) => console.error(m, d), error: (d, m) => console.error(m, d) },
    options: {
      leaseMs: Number(env.WORKER_LEASE_MS ?? DEFAULT_WORKER_OPTIONS.leaseMs),
      concurrency: Number(env.WORKER_CONCURRENCY ?? DEFAULT_WORKER_OPTIONS.concurrency),
    },
  });
  if (env.WORKER_WAIT_FOR_GO === '1') await waitForGo();

  const unfinished = async () =>
    (
      await database.db
        .select({ id: outboundMessages.id })
        .from(outboundMessages)
        .where(inArray(outboundMessages.status, ['queued', 'sending']))
    ).length;
  const deadline = Date.now() + DRAIN_DEADLINE_MS;
  let finished = 0;
  // A message another (or a dead) process holds comes back only when its lease runs out: poll till then.
  for (;;) {
    finished += await worker.drain();
    if ((await unfinished()) === 0) break;
    if (Date.now() > deadline) throw new Error('messages still unsent after the deadline');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await email.close();
  await database.close();
  say({ finished });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
