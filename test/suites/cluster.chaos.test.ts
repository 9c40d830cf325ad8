import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterTestsCanRun, sellerRequest, startTestCluster, type TestCluster } from '../helpers/cluster';
import { suiteFigures } from '../helpers/figures';

/**
 * Issue 38: two app processes behind HAProxy on one PostgreSQL server, under a steady stream of
 * valuation submissions; one process is killed (SIGKILL, as a crash or the kernel's OOM killer
 * would) in the middle. Sellers retry as the wizard does: the same request with the same
 * Idempotency-Key after a failed answer. Every submission acknowledged (201) must be stored, once,
 * with the reference the seller was shown and its two e-mails queued; none is stored twice; no
 * e-mail arrives twice; and the other process goes on taking submissions.
 */
const SELLERS = 16;
const LOAD_MS = 8_000;
const KILL_AFTER_MS = 3_000;

type Outcome = { serial: number; reference: string; at: number; attempts: number };

describe.skipIf(!clusterTestsCanRun)('cluster: one of two processes killed under load', () => {
  const figures = suiteFigures('Scale-out');
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startTestCluster();
  }, 240_000);
  afterAll(async () => cluster?.close(), 60_000);

  it(
    'loses no acknowledged submission, stores none twice, and the other process carries on',
    { timeout: 300_000 },
    async () => {
      const acknowledged: Outcome[] = [];
      const refusedFinally: number[] = [];
      const statuses: Record<string, number> = {};
      const started = Date.now();
      let nextSerial = 1;

      /** One seller's submission, sent again (same key) after a failed answer, as the wizard does. */
      const submit = async (serial: number) => {
        const { headers, body } = sellerRequest(serial);
        for (let attempt = 1; attempt <= 20; attempt += 1) {
          const status = await fetch(`${cluster.baseUrl}/api/valuations`, {
            method: 'POST',
            headers,
            body: JSON.stringify(body),
          }).then(
            async (response) => {
              if (response.status === 201) {
                const answer = (await response.json()) as { reference: string };
                acknowledged.push({ serial, reference: answer.reference, at: Date.now() - started, attempts: attempt });
              }
              return response.status;
            },
            () => 'no answer',
          );
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 201) return;
          if (typeof status === 'number' && status < 500) break; // refused for a reason of its own
          await sleep(250);
        }
        refusedFinally.push(serial);
      };
      const seller = async () => {
        while (Date.now() - started < LOAD_MS) await submit(nextSerial++);
      };

      const load = Promise.all(Array.from({ length: SELLERS }, seller));
      await sleep(KILL_AFTER_MS);
      const killedAt = Date.now() - started;
      const exit = await cluster.crash(0);
      await load;

      expect(exit.signal).toBe('SIGKILL');
      expect(refusedFinally, `statuses: ${JSON.stringify(statuses)}`).toEqual([]);
      const afterKill = acknowledged.filter((outcome) => outcome.at > killedAt + 1_000);
      expect(afterKill.length, 'the surviving process goes on taking submissions').toBeGreaterThan(10);

      // Every acknowledged submission stored once, with the reference the seller was shown.
      const rows = await cluster.query<{ registration: string; reference: string; messages: number }>(
        `select v.registration, v.reference, (select count(*)::int from outbound_messages m where m.valuation_id = v.id) as messages
       from car_valuations v`,
      );
      const byRegistration = new Map<string, { reference: string; messages: number }[]>();
      for (const row of rows)
        byRegistration.set(row.registration, [...(byRegistration.get(row.registration) ?? []), row]);
      const lost = acknowledged.filter((outcome) => {
        const stored = byRegistration.get(
          sellerRequest(outcome.serial).body.registration.toUpperCase().replace(/\s/g, ''),
        );
        return stored?.length !== 1 || stored[0]!.reference !== outcome.reference;
      });
      expect(lost, 'acknowledged but not stored as the seller was told').toEqual([]);
      expect(
        [...byRegistration.values()].filter((stored) => stored.length > 1),
        'stored twice',
      ).toEqual([]);
      expect(
        rows.filter((row) => row.messages !== 2),
        'each valuation queued its receipt and the staff e-mail',
      ).toEqual([]);

      // E-mails: none twice. Those the killed process had claimed stay "sending" until their lease
      // ends (10 minutes), then go; every other one is sent by the survivor.
      await expect
        .poll(
          async () =>
            (
              await cluster.query<{ n: number }>(
                `select count(*)::int as n from outbound_messages where status = 'queued'`,
              )
            )[0]!.n,
          { timeout: 60_000, interval: 500 },
        )
        .toBe(0);
      const received = cluster.sink.received.map(
        (mail) => `${mail.envelopeTo.join()} ${mail.parsed.subject} ${mail.parsed.text}`,
      );
      expect(received.length - new Set(received).size, 'e-mails received twice').toBe(0);
      const [held] = await cluster.query<{ sending: number; sent: number }>(
        `select count(*) filter (where status = 'sending')::int as sending, count(*) filter (where status = 'sent')::int as sent
       from outbound_messages`,
      );

      const retried = acknowledged.filter((outcome) => outcome.attempts > 1).length;
      figures.report(
        `2 processes behind HAProxy, one SIGKILLed after ${killedAt} ms of ${LOAD_MS / 1000} s of submissions from ${SELLERS} sellers: ` +
          `${acknowledged.length} acknowledged (${afterKill.length} after the kill, ${retried} after a retry), 0 lost, 0 stored twice; ` +
          `statuses ${JSON.stringify(statuses)}; e-mails: ${held!.sent} sent, none twice, ${held!.sending} held by the killed process's lease`,
      );
    },
  );
});
