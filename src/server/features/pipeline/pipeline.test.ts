import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, outboundMessages, valuationEvents } from '~/server/db/schema';
import type { ValuationListItem, ValuationListResponse } from '~/shared/admin-valuations';
import { pipelineMessages, type PipelineDetail, type PromiseStats } from '~/shared/staff-pipeline';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, days, hours, minutes, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { referenceFor, validValuation } from '../../../../test/helpers/valuation';
import { sendPromiseAlerts } from './promise-alerts';

/**
 * The staff pipeline (issue 37): owners (given or claimed, "Mine"), contacts logged with their
 * channel, the first answer that stops the 24-hour promise, the list by time left, the 20- and
 * 24-hour alerts (once each, to the right people), and the promise kept over 30 days.
 */

const ORIGIN = 'http://localhost';
/** Monday 7 December 2026, 09:00 UK time (GMT). */
const NOW = new Date('2026-12-07T09:00:00Z');
const TEAM = 'team@carbuy.example';

describe.each(testEngines)('the staff pipeline on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let clock = testClock(NOW);
  let me: Awaited<ReturnType<typeof seedUser>>;
  let colleague: Awaited<ReturnType<typeof seedUser>>;
  let cookie: string;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const db = () => t!.db.database.db;

  async function setup() {
    clock = testClock(NOW);
    t = await createTestApp(engine, { env: { STAFF_NOTIFY_EMAIL: TEAM }, deps: { passwordHasher: hasher, clock } });
    me = await seedUser(db(), hasher, {
      isAdmin: true,
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'priya@carbuy.example',
    });
    colleague = await seedUser(db(), hasher, {
      isAdmin: true,
      firstName: 'Tom',
      lastName: 'Reed',
      email: 'tom@carbuy.example',
    });
    cookie = await signedInCookie(t.app, me);
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    t!.app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function submit(email = 'jo@example.com'): Promise<string> {
    const response = await t!.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: { ...validValuation(), email },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  async function list(query = ''): Promise<ValuationListResponse> {
    const response = await call('GET', `/api/valuations/active?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const messagesTo = (template: string) =>
    db()
      .select({ to: outboundMessages.recipient, valuationId: outboundMessages.valuationId })
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, template))
      .orderBy(asc(outboundMessages.recipient));

  /** Time passes; staff sign in again (an idle session ends). */
  async function later(ms: number) {
    clock.advance(ms);
    cookie = await signedInCookie(t!.app, me);
  }

  const alerts = (now = clock()) =>
    sendPromiseAlerts({ db: db(), outbox: t!.app.outbox, staffNotifyEmails: [TEAM] }, now);

  it('gives requests owners, claimed or given, e-mails the one given it, and filters "Mine"', async () => {
    await setup();
    const mine = await submit('a@example.com');
    const theirs = await submit('b@example.com');
    const nobodys = await submit('c@example.com');

    const claimed = await call('POST', `/api/admin/valuations/${mine}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json<ValuationListItem>().owner).toEqual({ id: me.id, name: 'Priya Shah' });
    // A double click changes nothing more.
    expect((await call('POST', `/api/admin/valuations/${mine}/claim`)).statusCode).toBe(200);

    const given = await call('PUT', `/api/admin/valuations/${theirs}/owner`, { userId: colleague.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<ValuationListItem>().owner).toEqual({ id: colleague.id, name: 'Tom Reed' });
    // Only the one given a request by someone else is told; claiming tells nobody.
    expect(await messagesTo('request-assigned')).toEqual([{ to: 'tom@carbuy.example', valuationId: theirs }]);

    const events = await db()
      .select({ type: valuationEvents.type, data: valuationEvents.data })
      .from(valuationEvents)
      .where(and(eq(valuationEvents.valuationId, mine), eq(valuationEvents.type, 'assigned')));
    expect(events).toEqual([{ type: 'assigned', data: { fromUserId: null, toUserId: me.id, claimed: true } }]);

    expect((await list('owner=mine')).items.map((i) => i.id)).toEqual([mine]);
    // The same filter for someone else is their own list (the page's statement is kept built).
    const theirCookie = await signedInCookie(t!.app, colleague);
    const theirList = await t!.app.inject({
      method: 'GET',
      url: '/api/valuations/active?owner=mine',
      headers: { cookie: theirCookie },
    });
    expect(theirList.json<ValuationListResponse>().items.map((i) => i.id)).toEqual([theirs]);
    expect((await list('owner=unassigned')).items.map((i) => i.id)).toEqual([nobodys]);
    expect((await list()).items.find((i) => i.id === theirs)?.owner?.name).toBe('Tom Reed');

    const unknown = await call('PUT', `/api/admin/valuations/${nobodys}/owner`, { userId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(pipelineMessages.ownerNotFound);
    const bad = await call('PUT', `/api/admin/valuations/${nobodys}/owner`, { userId: 'tom' });
    expect(bad.statusCode).toBe(400);

    const released = await call('PUT', `/api/admin/valuations/${theirs}/owner`, { userId: null });
    expect(released.json<ValuationListItem>().owner).toBeNull();
    const staff = await call('GET', '/api/admin/staff');
    expect(staff.json().staff.map((s: { name: string }) => s.name)).toEqual(['Priya Shah', 'Tom Reed']);
  });

  it('stops the promise at the first contact logged (new moves to contacted) or the first offer', async () => {
    await setup();
    const called = await submit('a@example.com');
    const offered = await submit('b@example.com');
    await later(hours(3));

    const logged = await call('POST', `/api/admin/valuations/${called}/contacts`, {
      channel: 'call',
      note: 'Left a voicemail',
    });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json<ValuationListItem>()).toMatchObject({
      status: 'contacted',
      firstAnsweredAt: clock().toISOString(),
    });
    await later(hours(1));
    await call('POST', `/api/admin/valuations/${called}/contacts`, { channel: 'whatsapp' });
    const detail = (await call('GET', `/api/admin/valuations/${called}/pipeline`)).json<PipelineDetail>();
    expect(detail.promise.firstAnsweredAt).toBe(new Date(NOW.getTime() + hours(3)).toISOString());
    expect(detail.contacts.map((c) => [c.channel, c.note, c.by])).toEqual([
      ['whatsapp', null, 'Priya Shah'],
      ['call', 'Left a voicemail', 'Priya Shah'],
    ]);

    const wrong = await call('POST', `/api/admin/valuations/${called}/contacts`, { channel: 'pigeon' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(pipelineMessages.invalidChannel);

    const offer = await call('POST', `/api/valuations/${offered}/offer`, {
      offerAmount: '5000',
      sendMethod: 'email',
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const [row] = await db().select().from(carValuations).where(eq(carValuations.id, offered));
    expect(row!.firstAnsweredAt).toEqual(clock());
  });

  it('lists the unanswered requests by least time left, and gives the server time for the timers', async () => {
    await setup();
    const first = await submit('a@example.com');
    await later(hours(2));
    const second = await submit('b@example.com');
    await later(hours(2));
    const answered = await submit('c@example.com');
    await call('POST', `/api/admin/valuations/${answered}/contacts`, { channel: 'email' });
    const page = await list('sort=time_left');
    expect(page.items.map((i) => i.id)).toEqual([first, second]);
    expect(page.total).toBe(2);
    expect(page.now).toBe(clock().toISOString());
    expect(page.items[0]!.promiseDueAt).toBe(new Date(NOW.getTime() + hours(24)).toISOString());
    const bad = await call('GET', '/api/valuations/active?sort=oldest');
    expect(bad.statusCode).toBe(400);
  });

  it('warns at 20 hours and alerts at 24, once each, to the owner or to everyone', async () => {
    await setup();
    const unowned = await submit('a@example.com');
    const owned = await submit('b@example.com');
    await call('PUT', `/api/admin/valuations/${owned}/owner`, { userId: colleague.id });
    const answered = await submit('c@example.com');
    await call('POST', `/api/admin/valuations/${answered}/contacts`, { channel: 'text' });

    expect(await alerts(new Date(NOW.getTime() + hours(20) - minutes(1)))).toEqual({ warnings: 0, breaches: 0 });
    expect(await alerts(new Date(NOW.getTime() + hours(20)))).toEqual({ warnings: 2, breaches: 0 });
    expect(await alerts(new Date(NOW.getTime() + hours(21)))).toEqual({ warnings: 0, breaches: 0 });
    expect(await messagesTo('promise-warning')).toEqual([
      { to: TEAM, valuationId: unowned },
      { to: 'tom@carbuy.example', valuationId: owned },
    ]);

    expect(await alerts(new Date(NOW.getTime() + hours(24)))).toEqual({ warnings: 0, breaches: 2 });
    expect(await alerts(new Date(NOW.getTime() + hours(30)))).toEqual({ warnings: 0, breaches: 0 });
    const breaches = await messagesTo('promise-breached');
    expect(breaches).toHaveLength(3);
    expect(breaches).toEqual(
      expect.arrayContaining([
        { to: TEAM, valuationId: unowned },
        { to: TEAM, valuationId: owned },
        { to: 'tom@carbuy.example', valuationId: owned },
      ]),
    );
    const lines = await db()
      .select({ type: valuationEvents.type })
      .from(valuationEvents)
      .where(eq(valuationEvents.valuationId, answered));
    expect(lines.map((l) => l.type)).not.toContain('promise_warning_sent');
  });

  it('sends only the breach for a request first seen past 24 hours (the server was down)', async () => {
    await setup();
    const late = await submit();
    expect(await alerts(new Date(NOW.getTime() + hours(30)))).toEqual({ warnings: 0, breaches: 1 });
    expect(await alerts(new Date(NOW.getTime() + hours(31)))).toEqual({ warnings: 0, breaches: 0 });
    expect(await messagesTo('promise-warning')).toEqual([]);
    expect((await messagesTo('promise-breached')).map((m) => m.valuationId)).toEqual([late]);
  });

  it('works through a backlog of alerts in batches with other requests let in between them', async () => {
    await setup();
    // 120 requests past their 24 hours (the server was down for a day): three batches of alerts.
    const backlog = 120;
    await db().execute(sql`
      insert into car_valuations (reference, registration, mileage, first_name, last_name, postcode, email, phone,
        agree_to_contact, overall_condition, outstanding_finance, status, created_at, updated_at)
      select ${referenceFor(sql`g`)}, 'KX' || (g + 10) || 'ABC', 40000, 'Ada', 'Lovelace', 'LN11 0LQ',
        'seller' || g || '@example.com', '07700 900123', true, 'great', 'no', 'new',
        ${new Date(NOW.getTime() - hours(30))}, ${new Date(NOW.getTime() - hours(30))}
      from generate_series(1, ${backlog}) g`);
    const breachesQueued = async () => (await messagesTo('promise-breached')).length;

    // A request that arrives while the job runs is a turn of the event loop. PGlite answers
    // in-process, so without a turn given between batches it would wait for the whole backlog.
    const running = alerts();
    const queuedAtFirstTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(breachesQueued())));
    expect(await running).toEqual({ warnings: 0, breaches: backlog });
    expect(queuedAtFirstTurn).toBeLessThan(backlog);
    expect(await breachesQueued()).toBe(backlog);
  });

  it('counts the promise kept over 30 days, by week, leaving out requests still inside their 24 hours', async () => {
    await setup();
    // 20 days ago: answered in 2 hours (kept). 10 days ago: answered in 30 hours (missed), and one
    // never answered (missed). 2 days ago: answered in 23 hours (kept). An hour ago: waiting.
    const at = (ms: number) => new Date(NOW.getTime() - ms);
    const rows = [
      { createdAt: at(days(20)), firstAnsweredAt: at(days(20) - hours(2)) },
      { createdAt: at(days(10)), firstAnsweredAt: at(days(10) - hours(30)) },
      { createdAt: at(days(10)), firstAnsweredAt: null },
      { createdAt: at(days(2)), firstAnsweredAt: at(days(2) - hours(23)) },
      { createdAt: at(hours(1)), firstAnsweredAt: null },
      { createdAt: at(days(40)), firstAnsweredAt: null },
    ];
    for (const [i, row] of rows.entries()) {
      const id = await submit(`s${i}@example.com`);
      await db().update(carValuations).set(row).where(eq(carValuations.id, id));
    }
    const response = await call('GET', '/api/admin/valuations/promise');
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<PromiseStats>();
    expect(stats).toMatchObject({ kept: 2, due: 4, keptPercent: 50, waiting: 1, overdue: 2, overdueCapped: false });
    expect(stats.weeks).toHaveLength(5);
    expect(stats.weeks.at(-1)).toEqual({ from: '2026-12-01', to: '2026-12-07', kept: 1, due: 1 });
    expect(stats.weeks[0]).toEqual({ from: '2026-11-08', to: '2026-11-09', kept: 0, due: 0 });
    expect(stats.weeks.map((w) => [w.kept, w.due])).toEqual([
      [0, 0],
      [0, 0],
      [1, 1],
      [0, 2],
      [1, 1],
    ]);
  });
});
