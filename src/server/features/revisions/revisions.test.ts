import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  carValuations,
  collectionBookings,
  outboundMessages,
  priceRevisionPhotos,
  priceRevisions,
  valuationEvents,
  valuationOffers,
} from '~/server/db/schema';
import { closeLapsedRevisions } from '.';
import type { DeductionTable } from '~/shared/deductions';
import { amountMismatch, type HandoverView } from '~/shared/handover';
import { revisionMessages as m, type AdminRevisionChange, type AdminRevisions } from '~/shared/price-revision-schemas';
import type { SellerView } from '~/shared/seller-portal-basics';
import { lifecycleMessages } from '~/shared/valuation-lifecycle';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, days, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { jpegWithGps, multipart, smallJpeg } from '../../../../test/helpers/images';
import { pdfText } from '../../../../test/helpers/pdf';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { offerConditions, validValuation } from '../../../../test/helpers/valuation';

/**
 * Evidenced price revisions (issue 37): staff propose a revised price on an accepted offer, item by
 * item from the deductions table with photos; the seller sees it on their page (and by e-mail and
 * text) and accepts it, which makes it the price the payment must match, or declines it, which
 * loses the request at no cost and cancels the collection. Amounts outside an item's range, missing
 * or foreign photos, a price at or below £0, a second open revision, a lapsed one, and every other
 * way of lowering an agreed price are refused. The photos are stored in a folder on every engine,
 * and in S3 once.
 */

const ORIGIN = 'http://localhost';
const STAFF = 'staff@example.com';
/** Monday 14 December 2026, 10:00 UK time (GMT). */
const NOW = new Date('2026-12-14T10:00:00Z');
/** Wednesday 16 December: a morning collection. */
const COLLECTION_DAY = '2026-12-16';

const stores = testStores();

describe.each(engineStoreCases())('price revisions on %s, %s storage', (engine, kind) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let s: TestStores | undefined;
  let clock = testClock(NOW);
  let staffCookie: string;
  let staffUser: Awaited<ReturnType<typeof seedUser>>;

  afterEach(async () => {
    await t?.close();
    await s?.cleanup();
    t = undefined;
    s = undefined;
  });

  const db = () => t!.db.database.db;

  async function setup() {
    clock = testClock(NOW);
    s = await stores.create(kind);
    t = await createTestApp(engine, {
      env: { ...s.env, STAFF_NOTIFY_EMAIL: STAFF },
      deps: { passwordHasher: hasher, clock, files: s.files, uploads: s.uploads },
    });
    staffUser = await seedUser(db(), hasher, { isAdmin: true });
    staffCookie = await signedInCookie(t.app, staffUser);
    const roomy = await call('PUT', '/api/admin/collections/settings', { morning: 10, afternoon: 10 });
    expect(roomy.statusCode, roomy.body).toBe(200);
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    t!.app.inject({
      method,
      url,
      headers: { cookie: staffCookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const asSeller = (secret: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t!.app.inject({
      method,
      url,
      headers: { cookie: `seller=${secret}`, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A seller who accepted an offer of `pricePence`; with a booked morning unless `booked` is false. */
  async function sale(options: { pricePence?: number; booked?: boolean; email?: string } = {}) {
    const response = await t!.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: { ...validValuation(), email: options.email ?? 'jo@example.com' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, uploadToken } = response.json<{ id: string; uploadToken: string }>();
    await db()
      .insert(valuationOffers)
      .values({
        valuationId: id,
        amountPence: options.pricePence ?? 900_000,
        sendMethod: 'email',
        validUntil: new Date(clock().getTime() + days(7)),
        conditions: offerConditions('no'),
        status: 'accepted',
        closedAt: clock(),
      });
    await db().update(carValuations).set({ status: 'offer_accepted' }).where(eq(carValuations.id, id));
    if (options.booked !== false) {
      const booked = await call('PUT', `/api/admin/valuations/${id}/collection`, {
        date: COLLECTION_DAY,
        slot: 'morning',
      });
      expect(booked.statusCode, booked.body).toBe(200);
    }
    return { id, secret: uploadToken };
  }

  async function photo(valuationId: string, content?: Buffer): Promise<string> {
    const body = multipart([{ field: 'photo', filename: 'dent.jpg', content: content ?? (await smallJpeg()) }]);
    const response = await t!.app.inject({
      method: 'POST',
      url: `/api/admin/valuations/${valuationId}/revision-photos`,
      headers: { cookie: staffCookie, origin: ORIGIN, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** The deductions table's items in use, by name. */
  async function table(): Promise<Record<string, string>> {
    const answer = (await call('GET', '/api/admin/deductions')).json<DeductionTable>();
    return Object.fromEntries(answer.items.map((item) => [item.name, item.id]));
  }
  const DENT = 'Dent, per panel';
  const KERBED = 'Kerbed alloy wheel, per wheel';
  const SCUFF = 'Scuff or scratch, per panel';

  /** Two dents at £90 each and a kerbed wheel at £60: £240 off. */
  async function twoItems(valuationId: string) {
    const ids = await table();
    return [
      {
        deductionId: ids[DENT]!,
        quantity: 2,
        amount: '90',
        note: 'Rear door and rear wing dented; not declared.',
        photoIds: [await photo(valuationId), await photo(valuationId)],
      },
      {
        deductionId: ids[KERBED]!,
        amount: 60,
        note: 'Front left wheel kerbed; one scuffed wheel was declared, this is a second.',
        photoIds: [await photo(valuationId)],
      },
    ];
  }
  const propose = (valuationId: string, items: unknown) =>
    call('POST', `/api/admin/valuations/${valuationId}/revisions`, { items });
  const card = async (valuationId: string) =>
    (await call('GET', `/api/admin/valuations/${valuationId}/revisions`)).json<AdminRevisions>();
  const messagesTo = (recipient: string, template: string) =>
    db()
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.recipient, recipient), eq(outboundMessages.templateName, template)))
      .orderBy(asc(outboundMessages.createdAt));
  const issuesOf = (response: { json: () => unknown }) =>
    (response.json() as { issues?: { path: string; message: string }[] }).issues;

  it('proposes an itemised revision with photos, e-mails and texts the seller, and shows it on their page', async () => {
    await setup();
    const { id, secret } = await sale();
    const items = await twoItems(id);
    const proposed = await propose(id, items);
    expect(proposed.statusCode, proposed.body).toBe(201);
    const change = proposed.json<AdminRevisionChange>();
    expect(change.message).toBe(m.proposed);
    expect(change.revisions).toMatchObject({
      stage: 'collection_booked',
      agreedPricePence: 900_000,
      offerPence: 900_000,
      cannotPropose: m.alreadyOpen,
      revisions: [
        {
          status: 'open',
          fromPence: 900_000,
          toPence: 876_000,
          deductedPence: 24_000,
          // Tuesday 15 December, 23:59:59 UK time (GMT): the end of the next UK day.
          validUntil: '2026-12-15T23:59:59.000Z',
          proposedBy: staffUser.username,
          items: [
            { name: DENT, quantity: 2, unitPence: 9_000, amountPence: 18_000, photos: [{}, {}] },
            { name: KERBED, quantity: 1, unitPence: 6_000, amountPence: 6_000, photos: [{}] },
          ],
        },
      ],
    });

    // The seller's e-mail, itemised, with the no-cost words, and the text to their mobile.
    const [email] = await messagesTo('jo@example.com', 'price-revision-proposed');
    expect(email!.subject).toMatch(/^Our revised price: £8,760 \(reference CB-/);
    expect(email!.textBody).toContain('1. Dent, per panel (2 × £90): £180. Rear door and rear wing dented');
    expect(email!.textBody).toContain('2. Kerbed alloy wheel, per wheel: £60.');
    expect(email!.textBody).toContain('stands until 23:59 on Tuesday 15 December (UK time)');
    expect(email!.textBody).toContain('there is no fee, nothing to pay and no obligation');
    const [text] = await messagesTo('+447911123456', 'price-revision-proposed');
    expect(text!.channel).toBe('sms');
    expect(text!.textBody).toMatch(/Revised price £8,760 instead of £9,000, until 23:59 on Tuesday 15 December/);
    expect(text!.textBody).toContain('Declining costs you nothing');

    // On the seller's page: each item, its amount, the note and the photos; the stage has not moved.
    const view = (await asSeller(secret, 'GET', '/api/your-valuation')).json<SellerView>();
    expect(view.stage).toBe('collection_booked');
    expect(view.revision).toMatchObject({
      status: 'open',
      fromPence: 900_000,
      toPence: 876_000,
      items: [{ name: DENT, note: items[0]!.note }, { name: KERBED }],
    });
    const photoId = view.revision!.items[0]!.photos[0]!.id;
    const thumb = await asSeller(secret, 'GET', `/api/your-valuation/revision-photos/${photoId}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['cache-control']).toBe('no-store, private');
    const staffPhoto = await call('GET', `/api/admin/valuations/${id}/revision-photos/${photoId}`);
    expect(staffPhoto.statusCode).toBe(200);

    const [event] = await db()
      .select()
      .from(valuationEvents)
      .where(and(eq(valuationEvents.valuationId, id), eq(valuationEvents.type, 'price_revision_proposed')));
    expect(event).toMatchObject({ actorUserId: staffUser.id, data: { fromPence: 900_000, toPence: 876_000 } });
  });

  it('stores photos re-encoded without metadata, and shows the seller only those a revision rests on', async () => {
    await setup();
    const { id, secret } = await sale();
    const photoId = await photo(id, await jpegWithGps());
    const [row] = await db().select().from(priceRevisionPhotos).where(eq(priceRevisionPhotos.id, photoId));
    const stored = await s!.files.read(row!.fileKey);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // The orientation was applied before the EXIF went: 100 × 300 as the phone showed it.
    expect([metadata.width, metadata.height]).toEqual([100, 300]);
    expect(row!.fileKey).toMatch(/^revision-photos\/[0-9a-f]{32}\.jpg$/);
    // Not yet part of a revision: staff see it, the seller does not.
    expect((await call('GET', `/api/admin/valuations/${id}/revision-photos/${photoId}?size=thumb`)).statusCode).toBe(
      200,
    );
    expect((await asSeller(secret, 'GET', `/api/your-valuation/revision-photos/${photoId}`)).statusCode).toBe(404);

    // Not an image, nothing at all, or the wrong request's stage: refused, and nothing kept.
    const text = multipart([
      { field: 'photo', filename: 'dent.jpg', content: Buffer.from('<html>not a photo</html>') },
    ]);
    const notImage = await t!.app.inject({
      method: 'POST',
      url: `/api/admin/valuations/${id}/revision-photos`,
      headers: { cookie: staffCookie, origin: ORIGIN, 'content-type': text.contentType },
      payload: text.payload,
    });
    expect(notImage.statusCode).toBe(415);
    const empty = multipart([]);
    const none = await t!.app.inject({
      method: 'POST',
      url: `/api/admin/valuations/${id}/revision-photos`,
      headers: { cookie: staffCookie, origin: ORIGIN, 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: m.photoRequired });
    const early = await t!.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    const { id: notAccepted } = early.json<{ id: string }>();
    const body = multipart([{ field: 'photo', filename: 'dent.jpg', content: await smallJpeg() }]);
    const refused = await t!.app.inject({
      method: 'POST',
      url: `/api/admin/valuations/${notAccepted}/revision-photos`,
      headers: { cookie: staffCookie, origin: ORIGIN, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: lifecycleMessages.revisionNeedsAcceptance });
    const kept = await s!.fileKeys('revision-photos');
    // The one good photo: its image and thumbnail.
    expect(kept).toHaveLength(2);
    expect(kept).toContain(row!.fileKey);
  });

  it('refuses amounts outside the range, unknown or retired items, missing or foreign photos, a price of £0, and a second open revision', async () => {
    await setup();
    const { id } = await sale({ pricePence: 20_000 });
    const other = await sale({ email: 'other@example.com', booked: false });
    const ids = await table();
    const mine = await photo(id);
    const item = (overrides: object) => ({
      deductionId: ids[SCUFF]!,
      amount: '45',
      note: 'Scratched bumper.',
      photoIds: [mine],
      ...overrides,
    });
    const expectIssue = async (items: unknown, status: number, path: string, message: string) => {
      const response = await propose(id, items);
      expect(response.statusCode, response.body).toBe(status);
      expect(issuesOf(response)).toEqual([{ path, message }]);
    };
    await expectIssue(
      [item({ amount: '29.99' })],
      400,
      'items.0.amount',
      m.amountOutside(SCUFF, { minPence: 3_000, maxPence: 8_000 }),
    );
    await expectIssue(
      [item({ amount: '80.01' })],
      400,
      'items.0.amount',
      m.amountOutside(SCUFF, { minPence: 3_000, maxPence: 8_000 }),
    );
    await expectIssue([item({ photoIds: [] })], 400, 'items.0.photoIds', m.photosRequired);
    await expectIssue([item({ note: '  ' })], 400, 'items.0.note', m.noteRequired);
    await expectIssue([], 400, 'items', m.itemsRequired);
    await expectIssue([item({ quantity: 0 })], 400, 'items.0.quantity', m.quantityInvalid);
    await expectIssue([item({ photoIds: [await photo(other.id)] })], 400, 'items.0.photoIds', m.photoUnknown);
    await expectIssue([item({}), item({ amount: 50 })], 400, 'items.1.photoIds', m.photoUsedTwice);
    await expectIssue(
      [item({ deductionId: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e' })],
      400,
      'items.0.deductionId',
      m.deductionUnknown,
    );
    const retired = await call('POST', `/api/admin/deductions/${ids[SCUFF]}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    await expectIssue([item({})], 400, 'items.0.deductionId', m.deductionUnknown);
    // £200 agreed; two dents at £100 leave nothing.
    await expectIssue(
      [item({ deductionId: ids[DENT]!, quantity: 2, amount: '100' })],
      400,
      'items',
      m.notBelowZero(20_000, 20_000),
    );
    expect(await db().select().from(priceRevisions)).toEqual([]);

    // One open at a time.
    const first = await propose(id, [item({ deductionId: ids[DENT]!, amount: '60' })]);
    expect(first.statusCode, first.body).toBe(201);
    const second = await propose(id, [item({ deductionId: ids[DENT]!, amount: '60', photoIds: [await photo(id)] })]);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: m.alreadyOpen });
    // A photo evidences one item only.
    const withdrawn = await call(
      'POST',
      `/api/admin/valuations/${id}/revisions/${first.json<AdminRevisionChange>().revisions.revisions[0]!.id}/withdraw`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await expectIssue([item({ deductionId: ids[DENT]!, amount: '60' })], 400, 'items.0.photoIds', m.photoUsedTwice);

    // Before the seller accepted an offer there is nothing to revise.
    const early = await t!.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    const notAccepted = await propose(early.json<{ id: string }>().id, [item({ deductionId: ids[DENT]! })]);
    expect(notAccepted.statusCode).toBe(409);
    expect(notAccepted.json()).toMatchObject({ message: lifecycleMessages.revisionNeedsAcceptance });
  });

  it('lets the seller accept: the revised price is what the handover shows and the payment must match; a double tap changes nothing', async () => {
    await setup();
    const { id, secret } = await sale();
    const proposed = await propose(id, await twoItems(id));
    const revisionId = proposed.json<AdminRevisionChange>().revisions.revisions[0]!.id;

    const accepted = await asSeller(secret, 'POST', '/api/your-valuation/revision/accept', { revisionId });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ message: m.accepted('£8,760') });
    const again = await asSeller(secret, 'POST', '/api/your-valuation/revision/accept', { revisionId });
    expect(again.statusCode).toBe(200);
    expect(await messagesTo('jo@example.com', 'price-revision-accepted')).toHaveLength(1);
    const [alert] = await messagesTo(STAFF, 'seller-activity');
    expect(alert!.subject).toMatch(/^Revised price accepted: CB-/);
    const declined = await asSeller(secret, 'POST', '/api/your-valuation/revision/decline', { revisionId });
    expect(declined.statusCode).toBe(409);
    expect(declined.json()).toMatchObject({ message: m.notOpen });

    const after = await card(id);
    expect(after).toMatchObject({ agreedPricePence: 876_000, offerPence: 900_000, cannotPropose: null });
    expect(after.revisions[0]).toMatchObject({ status: 'accepted', toPence: 876_000 });
    const [row] = await db().select().from(priceRevisions).where(eq(priceRevisions.id, revisionId));
    expect(row).toMatchObject({ status: 'accepted', clientAddress: '127.0.0.0' });

    // Collection day: the driver's screen has the revised price, and only it can be paid.
    clock.advance(new Date('2026-12-16T10:50:00Z').getTime() - clock().getTime());
    staffCookie = await signedInCookie(t!.app, staffUser);
    const view = (await call('GET', `/api/admin/valuations/${id}/handover`)).json<HandoverView>();
    expect(view).toMatchObject({ pricePence: 876_000, split: { pricePence: 876_000, sellerPence: 876_000 } });
    const handedOver = await call('POST', `/api/admin/valuations/${id}/handover`, {
      condition: 'as_declared',
      mileage: 45_210,
      keys: 2,
      v5cHandedOver: true,
      sellerIsKeeper: true,
    });
    expect(handedOver.statusCode, handedOver.body).toBe(200);
    const part = (amount: string) => ({ seller: { amount, reference: 'CARBUY JO', paidAt: '2026-12-16T10:45:00Z' } });
    const original = await call('POST', `/api/admin/valuations/${id}/payment`, { ...part('9,000'), lender: null });
    expect(original.statusCode).toBe(400);
    expect(issuesOf(original)).toEqual([{ path: 'seller.amount', message: amountMismatch('seller', 876_000) }]);
    const paid = await call('POST', `/api/admin/valuations/${id}/payment`, { ...part('8,760'), lender: null });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<HandoverView>()).toMatchObject({ stage: 'completed', pricePence: 876_000 });
    // The receipt shows how £8,760 was reached: the offer, then each deduction the seller accepted.
    const receipt = await call('GET', `/api/admin/valuations/${id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const receiptText = await pdfText(receipt.rawPayload);
    for (const words of [
      'Our offer   £9,000',
      `Less: ${DENT}   £180 (2 × £90)`,
      `Less: ${KERBED}   £60`,
      'Price agreed   £8,760',
    ]) {
      expect(receiptText).toContain(words);
    }

    // The seller's subject-access export carries the revision, its items and staff's photos of the car.
    const exported = await call('POST', '/api/admin/data-requests/export', { email: 'jo@example.com' });
    expect(exported.statusCode, exported.body).toBe(200);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const data = JSON.parse(Buffer.from(zip['data.json']!).toString()) as {
      valuations: {
        priceRevisions: { status: string; toPence: number; items: { note: string; photos: string[] }[] }[];
      }[];
    };
    const [revision] = data.valuations[0]!.priceRevisions;
    expect(revision).toMatchObject({ status: 'accepted', toPence: 876_000 });
    expect(revision!.items).toHaveLength(2);
    const photos = revision!.items.flatMap((item) => item.photos);
    expect(photos.length).toBeGreaterThan(0);
    for (const path of photos) expect(zip[path]?.length, path).toBeGreaterThan(0);
    expect(JSON.stringify(revision)).not.toContain('proposedByUserId');
  });

  it('lets the seller decline at no cost: the request is lost, the collection and its reminder cancelled', async () => {
    await setup();
    const { id, secret } = await sale();
    const [reminder] = await messagesTo('+447911123456', 'collection-reminder');
    expect(reminder).toBeDefined();
    const proposed = await propose(id, await twoItems(id));
    const revisionId = proposed.json<AdminRevisionChange>().revisions.revisions[0]!.id;

    const declined = await asSeller(secret, 'POST', '/api/your-valuation/revision/decline', {
      revisionId,
      reason: 'I would rather sell it elsewhere.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ message: m.declined });
    expect((await asSeller(secret, 'POST', '/api/your-valuation/revision/decline', { revisionId })).statusCode).toBe(
      200,
    );
    const accept = await asSeller(secret, 'POST', '/api/your-valuation/revision/accept', { revisionId });
    expect(accept.statusCode).toBe(409);

    const [valuation] = await db().select().from(carValuations).where(eq(carValuations.id, id));
    expect(valuation).toMatchObject({ status: 'lost', lostReason: 'revision_declined' });
    const [booking] = await db().select().from(collectionBookings).where(eq(collectionBookings.valuationId, id));
    expect(booking).toMatchObject({ status: 'cancelled' });
    // The reminder never goes: it is taken back out of the outbox.
    expect(await messagesTo('+447911123456', 'collection-reminder')).toEqual([]);
    const mails = await messagesTo('jo@example.com', 'price-revision-declined');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('You keep your car, and there is nothing to pay');
    expect(mails[0]!.textBody).toContain(
      'We have cancelled the collection booked for Wednesday 16 December 2026, morning, 8am to 12 noon',
    );
    const [alert] = await messagesTo(STAFF, 'seller-activity');
    expect(alert!.subject).toMatch(/^Revised price declined: CB-/);

    const after = await card(id);
    expect(after.revisions[0]).toMatchObject({
      status: 'declined',
      declineReason: 'I would rather sell it elsewhere.',
    });
    expect(after.cannotPropose).toBe(lifecycleMessages.revisionNeedsAcceptance);
    const view = (await asSeller(secret, 'GET', '/api/your-valuation')).json<SellerView>();
    expect(view).toMatchObject({ stage: 'lost', lostReason: 'revision_declined', revision: { status: 'declined' } });
  });

  it('lapses at the end of the next UK day: the accepted price stands, and another may be proposed', async () => {
    await setup();
    const { id, secret } = await sale({ booked: false });
    const proposed = await propose(id, await twoItems(id));
    const revisionId = proposed.json<AdminRevisionChange>().revisions.revisions[0]!.id;
    // Tuesday 23:59:59 it still stands; a second later it has lapsed.
    clock.advance(new Date('2026-12-15T23:59:59Z').getTime() - clock().getTime());
    expect((await asSeller(secret, 'GET', '/api/your-valuation')).json<SellerView>().revision?.status).toBe('open');
    clock.advance(2_000);
    expect((await asSeller(secret, 'GET', '/api/your-valuation')).json<SellerView>().revision?.status).toBe('lapsed');
    const late = await asSeller(secret, 'POST', '/api/your-valuation/revision/accept', { revisionId });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: m.lapsed('23:59 on Tuesday 15 December', '£9,000') });
    staffCookie = await signedInCookie(t!.app, staffUser);
    const after = await card(id);
    expect(after).toMatchObject({ agreedPricePence: 900_000, cannotPropose: null });
    expect(after.revisions[0]).toMatchObject({ status: 'lapsed' });
    const ids = await table();
    const next = await propose(id, [
      { deductionId: ids[DENT]!, amount: '60', note: 'One dent after all.', photoIds: [await photo(id)] },
    ]);
    expect(next.statusCode, next.body).toBe(201);
    const [old] = await db().select().from(priceRevisions).where(eq(priceRevisions.id, revisionId));
    expect(old).toMatchObject({ status: 'lapsed' });
    // Closed on the way by the new proposal, and on the timeline like any other end.
    const lapsedEvents = await db()
      .select({ data: valuationEvents.data })
      .from(valuationEvents)
      .where(and(eq(valuationEvents.valuationId, id), eq(valuationEvents.type, 'price_revision_lapsed')));
    expect(lapsedEvents).toEqual([{ data: { revisionId, fromPence: 900_000, toPence: 876_000 } }]);
  });

  it('closes a lapsed revision with a job that tells staff once; answered and standing ones are left', async () => {
    await setup();
    const lapsing = await sale({ booked: false });
    await propose(lapsing.id, await twoItems(lapsing.id));
    const answered = await sale({ booked: false, email: 'sam@example.com' });
    const answeredRevision = (await propose(answered.id, await twoItems(answered.id))).json<AdminRevisionChange>()
      .revisions.revisions[0]!.id;
    const accepted = await asSeller(answered.secret, 'POST', '/api/your-valuation/revision/accept', {
      revisionId: answeredRevision,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const deps = { db: db(), outbox: t!.app.outbox, staffNotifyEmails: [STAFF] };

    // Tuesday 23:59:59: it still stands, and the job leaves it.
    clock.advance(new Date('2026-12-15T23:59:59Z').getTime() - clock().getTime());
    expect(await closeLapsedRevisions(deps, clock())).toBe(0);
    expect(await messagesTo(STAFF, 'seller-activity')).toHaveLength(1); // the acceptance's alert only
    // A second later it has lapsed: closed, on the timeline, staff told; a second run does nothing.
    clock.advance(2_000);
    expect(await closeLapsedRevisions(deps, clock())).toBe(1);
    expect(await closeLapsedRevisions(deps, clock())).toBe(0);

    const [revision] = await db().select().from(priceRevisions).where(eq(priceRevisions.valuationId, lapsing.id));
    expect(revision).toMatchObject({ status: 'lapsed', closedAt: clock() });
    const events = await db()
      .select({ type: valuationEvents.type, data: valuationEvents.data })
      .from(valuationEvents)
      .where(and(eq(valuationEvents.valuationId, lapsing.id), eq(valuationEvents.type, 'price_revision_lapsed')));
    expect(events).toEqual([
      { type: 'price_revision_lapsed', data: { revisionId: revision!.id, fromPence: 900_000, toPence: 876_000 } },
    ]);
    const alerts = await messagesTo(STAFF, 'seller-activity');
    expect(alerts).toHaveLength(2);
    expect(alerts[1]).toMatchObject({
      valuationId: lapsing.id,
      subject: expect.stringMatching(/^Revised price lapsed: CB-/),
    });
    expect(alerts[1]!.textBody).toContain(
      'The seller did not answer our revised price of £8,760 in time, so it lapsed and the price they accepted stands.',
    );
    // The seller's page and staff's card read it as lapsed; the accepted price stands.
    expect((await asSeller(lapsing.secret, 'GET', '/api/your-valuation')).json<SellerView>().revision?.status).toBe(
      'lapsed',
    );
    staffCookie = await signedInCookie(t!.app, staffUser);
    expect(await card(lapsing.id)).toMatchObject({ agreedPricePence: 900_000, revisions: [{ status: 'lapsed' }] });
  });

  it('lets staff withdraw an open revision: the seller is told and the agreed price stands', async () => {
    await setup();
    const { id, secret } = await sale();
    const proposed = await propose(id, await twoItems(id));
    const revisionId = proposed.json<AdminRevisionChange>().revisions.revisions[0]!.id;
    const withdrawn = await call('POST', `/api/admin/valuations/${id}/revisions/${revisionId}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<AdminRevisionChange>()).toMatchObject({
      message: m.withdrawn,
      revisions: { agreedPricePence: 900_000, cannotPropose: null, revisions: [{ status: 'withdrawn' }] },
    });
    expect((await call('POST', `/api/admin/valuations/${id}/revisions/${revisionId}/withdraw`)).statusCode).toBe(200);
    expect(await messagesTo('jo@example.com', 'price-revision-withdrawn')).toHaveLength(1);
    const accept = await asSeller(secret, 'POST', '/api/your-valuation/revision/accept', { revisionId });
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toMatchObject({ message: m.notOpen });
  });

  it('refuses every other way of lowering an agreed price', async () => {
    await setup();
    const { id } = await sale();
    // A new offer after acceptance.
    const offer = await call('POST', `/api/valuations/${id}/offer`, { offerAmount: '8000', sendMethod: 'email' });
    expect(offer.statusCode).toBe(409);
    expect(offer.json()).toMatchObject({ message: lifecycleMessages.offerAfterAcceptance });
    // Staff cannot give the seller's reason for them.
    const lost = await call('PATCH', `/api/valuations/${id}/status`, {
      status: 'lost',
      lostReason: 'revision_declined',
    });
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ message: lifecycleMessages.revisionDeclinedBySeller });
    // The database itself refuses a revision that does not lower the price, or lowers it to nothing.
    const [acceptedOffer] = await db().select().from(valuationOffers).where(eq(valuationOffers.valuationId, id));
    for (const toPence of [900_000, 950_000, 0]) {
      await expect(
        db().insert(priceRevisions).values({
          valuationId: id,
          offerId: acceptedOffer!.id,
          fromPence: 900_000,
          toPence,
          validUntil: NOW,
        }),
      ).rejects.toThrow();
    }
    // The car cannot be collected while a revised price waits for an answer.
    const proposed = await propose(id, await twoItems(id));
    expect(proposed.statusCode).toBe(201);
    clock.advance(new Date('2026-12-16T10:50:00Z').getTime() - clock().getTime());
    staffCookie = await signedInCookie(t!.app, staffUser);
    const handover = await call('POST', `/api/admin/valuations/${id}/handover`, {
      condition: 'as_declared',
      mileage: 45_210,
      keys: 2,
      v5cHandedOver: true,
      sellerIsKeeper: true,
    });
    // The revision proposed on Monday lapsed on Tuesday night, so the handover goes ahead at £9,000.
    expect(handover.statusCode, handover.body).toBe(200);
    expect(handover.json<HandoverView>()).toMatchObject({ stage: 'collected', pricePence: 900_000 });
  });

  it('keeps the handover waiting while a revised price is open, and closes it when staff mark the request lost', async () => {
    await setup();
    const { id } = await sale();
    // On collection day, at the door.
    clock.advance(new Date('2026-12-16T10:30:00Z').getTime() - clock().getTime());
    staffCookie = await signedInCookie(t!.app, staffUser);
    const proposed = await propose(id, await twoItems(id));
    expect(proposed.statusCode, proposed.body).toBe(201);
    const handover = await call('POST', `/api/admin/valuations/${id}/handover`, {
      condition: 'as_declared',
      mileage: 45_210,
      keys: 2,
      v5cHandedOver: true,
      sellerIsKeeper: true,
    });
    expect(handover.statusCode).toBe(409);
    expect(handover.json()).toMatchObject({ message: lifecycleMessages.revisionWaiting });
    const lost = await call('PATCH', `/api/valuations/${id}/status`, { status: 'lost', lostReason: 'not_buying' });
    expect(lost.statusCode, lost.body).toBe(200);
    const [row] = await db().select().from(priceRevisions).where(eq(priceRevisions.valuationId, id));
    expect(row).toMatchObject({ status: 'withdrawn', closedByUserId: staffUser.id });
    // Nothing is left open for a seller to accept after the sale ended.
    const open = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(priceRevisions)
      .where(eq(priceRevisions.status, 'open'));
    expect(open[0]!.n).toBe(0);
  });
});
