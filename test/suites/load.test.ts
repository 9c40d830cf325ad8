import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carValuations, idempotencyKeys, outboundMessages } from '~/server/db/schema';
import type { ValuationRequestInput } from '~/shared/valuation';
import { getFreePort } from '../../scripts/lib/start-app.mjs';
import { apiSuiteOnCluster } from '../helpers/api-cluster';
import { createTestApp, type TestApp } from '../helpers/app';
import { testEngines } from '../helpers/database';
import { count, suiteFigures } from '../helpers/figures';
import { validValuation } from '../helpers/valuation';

/**
 * Suite 9, load (issue 17): 500 different valuation requests at once over real HTTP (the app
 * listening on a port, not app.inject, so the requests really overlap in the server and the
 * database), on each engine. Every request must be stored exactly once with its two queued
 * e-mails (the seller's receipt and the staff alert), none lost and none twice. Then pairs of
 * requests with the same Idempotency-Key at once: one row per pair and the same answer to both.
 * p50/p99 are reported as figures, never asserted.
 */

const SUBMISSIONS = 500;
const IDEMPOTENT_PAIRS = 20;
const STAFF = 'desk@carbuy.example';

type Timed = { status: number; body: { id?: string; uploadToken?: string; message?: string }; ms: number };

/** The i-th seller: a registration, e-mail address and mobile number of their own, all valid. */
function seller(i: number): ValuationRequestInput {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXY';
  return {
    ...validValuation(),
    registration: `LD${String(i % 100).padStart(2, '0')} X${letters[Math.floor(i / 100) % letters.length]}${letters[i % letters.length]}`,
    email: `seller${i}@example.com`,
    phone: `07911 ${100000 + i}`,
    firstName: `Seller${i}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// Not behind the API suite's HAProxy (API_CLUSTER=1): this suite listens on its own port; load across
// processes is the bench's (BENCH_ONLY=submissions) and the cluster suites'.
describe.skipIf(apiSuiteOnCluster).each(testEngines)('load: concurrent valuation requests on %s', (engine) => {
  let figures: ReturnType<typeof suiteFigures>;
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    figures = suiteFigures('Load');
    // The site's address must be known before the app is built: it serves only its own Host.
    const port = (await getFreePort()) as number;
    baseUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp(engine, {
      env: {
        PUBLIC_BASE_URL: baseUrl,
        STAFF_NOTIFY_EMAIL: STAFF,
        // A mail transport is configured (never reached: no worker runs here), so messages are
        // "queued" rather than "held", as on a live server.
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_FROM: 'hello@carbuy.example',
        // Load shedding answers 503 before any work once the event loop lags (PGlite's queries run
        // on it); off here, as the rate limit is raised, since this suite is about accepted work.
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      },
      // The per-address limit (10 per 10 minutes) would refuse all but 10 from this one address.
      deps: { valuations: { submitLimit: { limit: 10 * SUBMISSIONS, windowMs: 10 * 60_000 } } },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function submit(body: ValuationRequestInput, headers: Record<string, string> = {}): Promise<Timed> {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/valuations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Timed['body'];
    return { status: response.status, body: answer, ms: performance.now() - started };
  }

  const db = () => t.db.database.db;

  it(`stores ${count(SUBMISSIONS)} concurrent submissions exactly once, each with its two queued e-mails`, async () => {
    const sellers = Array.from({ length: SUBMISSIONS }, (_, i) => seller(i));
    const answers = await Promise.all(sellers.map((body) => submit(body)));

    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);

    const rows = await db()
      .select({ id: carValuations.id, email: carValuations.email, registration: carValuations.registration })
      .from(carValuations);
    const messages = await db()
      .select({
        valuationId: outboundMessages.valuationId,
        status: outboundMessages.status,
        template: outboundMessages.templateName,
        recipient: outboundMessages.recipient,
      })
      .from(outboundMessages);

    // Each seller's request is one row, and the id each was given is that row.
    const rowByEmail = new Map(rows.map((row) => [row.email, row]));
    const lost = sellers.filter((s) => !rowByEmail.has(s.email.toLowerCase())).length;
    const duplicated = rows.length - rowByEmail.size;
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(rows).toHaveLength(SUBMISSIONS);
    expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set(rows.map((row) => row.id)));
    answers.forEach((answer, i) => expect(rowByEmail.get(sellers[i]!.email)?.id).toBe(answer.body.id));

    // Two e-mails per row, both queued: the receipt to the seller and the alert to staff.
    const byValuation = new Map<string | null, typeof messages>();
    for (const m of messages) byValuation.set(m.valuationId, [...(byValuation.get(m.valuationId) ?? []), m]);
    const wrong = rows.filter((row) => {
      const mine = (byValuation.get(row.id) ?? []).map((m) => `${m.template} ${m.status} ${m.recipient}`).sort();
      return (
        JSON.stringify(mine) !==
        JSON.stringify([`new-valuation queued ${STAFF}`, `valuation-received queued ${row.email}`])
      );
    });
    expect(wrong).toEqual([]);
    expect(messages).toHaveLength(2 * SUBMISSIONS);

    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    figures.report(
      `${count(SUBMISSIONS)} submissions, ${count(rows.length)} rows, ${count(messages.length)} queued messages, ` +
        `${lost} lost, ${duplicated} duplicated; p50 ${count(Math.round(percentile(times, 50)))} ms, p99 ${count(Math.round(percentile(times, 99)))} ms`,
      engine,
    );
  }, 120_000);

  it('answers two concurrent requests with the same Idempotency-Key with one row and the same answer', async () => {
    const rowsBefore = (await db().select({ id: carValuations.id }).from(carValuations)).length;
    const pairs = Array.from({ length: IDEMPOTENT_PAIRS }, (_, i) => ({
      key: `load-pair-${i}-${engine}-7f3a9c`,
      body: seller(SUBMISSIONS + i),
    }));
    const answers = await Promise.all(
      pairs.map(({ key, body }) =>
        Promise.all([submit(body, { 'idempotency-key': key }), submit(body, { 'idempotency-key': key })]),
      ),
    );

    for (const [first, second] of answers) {
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      expect(second.body).toEqual(first.body);
    }
    const rows = await db().select({ id: carValuations.id, email: carValuations.email }).from(carValuations);
    const added = rows.length - rowsBefore;
    const pairEmails = new Set(pairs.map((p) => p.body.email));
    const pairRows = rows.filter((row) => pairEmails.has(row.email));
    expect(pairRows).toHaveLength(IDEMPOTENT_PAIRS);
    expect(added).toBe(IDEMPOTENT_PAIRS);
    expect(new Set(pairRows.map((row) => row.id))).toEqual(new Set(answers.map(([first]) => first.body.id)));
    expect(await db().select({ key: idempotencyKeys.keyHash }).from(idempotencyKeys)).toHaveLength(IDEMPOTENT_PAIRS);
    const pairIds = new Set(pairRows.map((row) => row.id));
    const pairMessages = (
      await db().select({ valuationId: outboundMessages.valuationId }).from(outboundMessages)
    ).filter((m) => pairIds.has(m.valuationId!));
    expect(pairMessages).toHaveLength(2 * IDEMPOTENT_PAIRS); // each request's two e-mails, queued once

    figures.report(
      `${IDEMPOTENT_PAIRS} pairs with the same Idempotency-Key sent together: ${pairRows.length} rows, ` +
        `${answers.filter(([a, b]) => JSON.stringify(a.body) === JSON.stringify(b.body)).length} identical answer pairs`,
      engine,
    );
  });
});
