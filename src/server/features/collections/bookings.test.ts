import { asc, eq } from 'drizzle-orm';
import ical from 'node-ical';
import { afterEach, describe, expect, it } from 'vitest';
import {
  carValuations,
  collectionBookings,
  collectionDays,
  collectionSettings,
  outboundMessages,
  valuationEvents,
} from '~/server/db/schema';
import { collectionMessages as m, type SellerCollection } from '~/shared/collections';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, hours, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { validValuation } from '../../../../test/helpers/valuation';
import { createDiskFileStore, type FileStore } from '~/server/storage/file-store';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Collection day's booking (issue 36): the seller books a slot on their page from the first day
 * their distance allows, gets an e-mail with a calendar file at the right UK time, and (having
 * chosen texts) a reminder queued for 18:00 the day before; moving takes the old reminder back,
 * cancelling puts the request back to its accepted offer; two sellers can never take one last place.
 */

const ORIGIN = 'http://localhost';
/** Thursday 28 October 2027, 10:00 UK time (BST): the clocks go back on Sunday 31 October. */
const NOW = new Date('2027-10-28T09:00:00Z');

describe.each(testEngines)('collection bookings on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let filesRoot: string;
  let files: FileStore;
  let clock = testClock(NOW);

  afterEach(async () => {
    await t?.close();
    t = undefined;
    fs.rmSync(filesRoot, { recursive: true, force: true });
  });

  const db = () => t!.db.database.db;

  async function setup() {
    clock = testClock(NOW);
    filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-collections-'));
    files = createDiskFileStore(filesRoot);
    t = await createTestApp(engine, { deps: { passwordHasher: hasher, clock, files } });
  }

  /** A seller whose offer is accepted, and their secret. */
  async function acceptedSeller(email = 'jo@example.com') {
    const response = await t!.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: { ...validValuation(), email },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, uploadToken } = response.json<{ id: string; uploadToken: string }>();
    await db().update(carValuations).set({ status: 'offer_accepted' }).where(eq(carValuations.id, id));
    return { id, secret: uploadToken };
  }

  const seller = (secret: string) => ({ cookie: `seller=${secret}`, origin: ORIGIN });
  const view = async (secret: string) =>
    (
      await t!.app.inject({ method: 'GET', url: '/api/your-valuation/collection', headers: seller(secret) })
    ).json<SellerCollection>();
  const book = (secret: string, date: string, slot: 'morning' | 'afternoon') =>
    t!.app.inject({
      method: 'PUT',
      url: '/api/your-valuation/collection',
      payload: { date, slot },
      headers: seller(secret),
    });

  it('books from the first working day the distance allows; the e-mail’s calendar file and the reminder are right across the clock change', async () => {
    await setup();
    const { id, secret } = await acceptedSeller();
    // Louth is the base: Local, so the next working day, Friday 29 October, is the first offered.
    const offered = await view(secret);
    expect(offered.state).toBe('choose');
    expect(offered.days[0]).toMatchObject({ date: '2027-10-29', dayLabel: 'Fri 29 Oct' });
    expect(offered.days[1]!.date).toBe('2027-11-01'); // past the weekend
    expect(offered.days).toHaveLength(15);

    const tooSoon = await book(secret, '2027-10-28', 'afternoon');
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json()).toMatchObject({ message: m.notOffered });

    // Monday 1 November, after the clocks go back (booked in summer time): 8am UK time is 08:00 UTC.
    const booked = await book(secret, '2027-11-01', 'morning');
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json<SellerCollection>().booking).toMatchObject({
      date: '2027-11-01',
      slot: 'morning',
      dayLabel: 'Monday 1 November 2027',
      slotLabel: 'morning, 8am to 12 noon',
      changeable: true,
    });
    const [valuation] = await db().select().from(carValuations).where(eq(carValuations.id, id));
    expect(valuation!.status).toBe('collection_booked');

    const [mail] = await db()
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'collection-booked'));
    expect(mail!.subject).toContain('Collection booked: Monday 1 November 2027, morning, 8am to 12 noon');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({
      filename: 'collection.ics',
      contentType: 'text/calendar; charset=utf-8',
    });
    const file = await files.read(mail!.attachments[0]!.storageKey);
    const events = Object.values(ical.sync.parseICS(file.toString('utf8'))).filter((e) => e?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const event = events[0] as ical.VEvent;
    expect(event.start.toISOString()).toBe('2027-11-01T08:00:00.000Z');
    expect(event.end?.toISOString()).toBe('2027-11-01T12:00:00.000Z');
    expect(event.summary).toContain('Car collection');

    // The reminder: 18:00 UK time on Sunday 31 October, the first evening of winter time (18:00 UTC).
    const [reminder] = await db()
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'collection-reminder'));
    expect(reminder!.channel).toBe('sms');
    expect(reminder!.nextAttemptAt.toISOString()).toBe('2027-10-31T18:00:00.000Z');
    expect(reminder!.textBody).toContain('tomorrow, Monday 1 November 2027, morning, 8am to 12 noon');
  });

  it('moves the booking (the old reminder taken back) and cancels it; within 24 hours the seller must call', async () => {
    await setup();
    const { id, secret } = await acceptedSeller();
    expect((await book(secret, '2027-11-01', 'morning')).statusCode).toBe(200);
    const moved = await book(secret, '2027-11-02', 'afternoon');
    expect(moved.statusCode, moved.body).toBe(200);
    const reminders = await db()
      .select({ next: outboundMessages.nextAttemptAt })
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'collection-reminder'));
    expect(reminders.map((r) => r.next.toISOString())).toEqual(['2027-11-01T18:00:00.000Z']);
    const rows = await db()
      .select({ status: collectionBookings.status, date: collectionBookings.date })
      .from(collectionBookings)
      .orderBy(asc(collectionBookings.createdAt), asc(collectionBookings.date));
    expect(rows).toEqual([
      { status: 'moved', date: '2027-11-01' },
      { status: 'booked', date: '2027-11-02' },
    ]);

    const cancelled = await t!.app.inject({
      method: 'DELETE',
      url: '/api/your-valuation/collection',
      headers: seller(secret),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<SellerCollection>()).toMatchObject({ state: 'choose', booking: null });
    const [valuation] = await db().select().from(carValuations).where(eq(carValuations.id, id));
    expect(valuation!.status).toBe('offer_accepted');
    expect(
      await db().select().from(outboundMessages).where(eq(outboundMessages.templateName, 'collection-reminder')),
    ).toEqual([]);
    const events = await db()
      .select({ type: valuationEvents.type })
      .from(valuationEvents)
      .where(eq(valuationEvents.valuationId, id));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['collection_booked', 'collection_moved', 'collection_cancelled']),
    );

    // Booked again for Friday morning; on Thursday at 10:00 that is 22 hours away.
    expect((await book(secret, '2027-10-29', 'morning')).statusCode).toBe(200);
    const late = await view(secret);
    expect(late).toMatchObject({ state: 'booked', booking: { changeable: false }, days: [] });
    const move = await book(secret, '2027-11-02', 'morning');
    expect(move.statusCode).toBe(409);
    expect(move.json()).toMatchObject({ message: m.tooLate });
    const cancel = await t!.app.inject({
      method: 'DELETE',
      url: '/api/your-valuation/collection',
      headers: seller(secret),
    });
    expect(cancel.statusCode).toBe(409);
    // Staff still can.
    const staffCookie = await signedInCookie(t!.app, await seedUser(db(), hasher, { isAdmin: true }));
    const byStaff = await t!.app.inject({
      method: 'DELETE',
      url: `/api/admin/valuations/${id}/collection`,
      headers: { cookie: staffCookie, origin: ORIGIN },
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
  });

  it('lets exactly one of two sellers take the last place of a slot, and follows staff’s capacity', async () => {
    await setup();
    await db().insert(collectionSettings).values({ id: 1, morningCapacity: 1, afternoonCapacity: 0 });
    await db()
      .insert(collectionDays)
      .values({ date: '2027-11-02', morningCapacity: 0, afternoonCapacity: 0, note: 'Van in for service' });
    const first = await acceptedSeller('first@example.com');
    const second = await acceptedSeller('second@example.com');
    const offered = await view(first.secret);
    expect(offered.days.map((d) => d.date)).not.toContain('2027-11-02');
    expect(offered.days[0]!.slots).toEqual([
      { slot: 'morning', free: true },
      { slot: 'afternoon', free: false },
    ]);

    const answers = await Promise.all([
      book(first.secret, '2027-11-01', 'morning'),
      book(second.secret, '2027-11-01', 'morning'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ message: m.slotFull });
    const held = await db().select().from(collectionBookings).where(eq(collectionBookings.status, 'booked'));
    expect(held).toHaveLength(1);
    // The slot now shows as taken to the seller who lost the race (either may win it: to the winner
    // their own booking shows as their choice).
    const loser = answers[0]!.statusCode === 409 ? first : second;
    const after = await view(loser.secret);
    expect(after.days.find((d) => d.date === '2027-11-01')!.slots[0]).toEqual({ slot: 'morning', free: false });
  });

  it('refuses a booking before an offer is accepted, and offers no days for a car far away', async () => {
    await setup();
    const response = await t!.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    const { uploadToken } = response.json<{ uploadToken: string }>();
    expect((await view(uploadToken)).state).toBe('not_yet');
    const early = await book(uploadToken, '2027-11-01', 'morning');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: m.notAccepted });

    // A Shetland postcode is Very Far from Louth: staff arrange the day.
    const far = await acceptedSeller('far@example.com');
    await db().update(carValuations).set({ postcode: 'ZE1 0AA' }).where(eq(carValuations.postcode, 'LN11 0LQ'));
    expect(await view(far.secret)).toMatchObject({ state: 'by_arrangement', days: [] });
    clock.advance(hours(1));
  });
});
