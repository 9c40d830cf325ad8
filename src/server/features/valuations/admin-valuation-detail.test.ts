import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, valuationEvents } from '~/server/db/schema';
import type { FileStore } from '~/server/storage/file-store';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { adminValuationMessages } from '~/shared/admin-valuations';
import type { ValuationCreated } from '~/shared/valuation';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { validValuation } from '../../../../test/helpers/valuation';
import { formatPhotoEntry, PHOTO_AREA } from './photos';

/**
 * The detail page's call (issue 11): every field the tabs show, the photos as ids, the timeline
 * with who did what, the first view recorded once; and staff's private photo route.
 */

const ORIGIN = 'http://localhost';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NOW = new Date('2026-03-02T09:00:00Z');

const stores = testStores();

describe.each(engineStoreCases())('admin valuation detail on %s, %s storage', (engine, kind) => {
  const hasher = cheapHasher();
  /** A test that never reads a stored file runs once per engine, with the folder, not again with S3. */
  const storeFree = it.skipIf(kind === 's3');
  let t: TestApp | undefined;
  let s: TestStores | undefined;
  let files: FileStore;

  afterEach(async () => {
    await t?.close();
    await s?.cleanup();
    t = undefined;
    s = undefined;
  });

  async function setup() {
    s = await stores.create(kind);
    files = s.files;
    t = await createTestApp(engine, {
      env: s.env,
      deps: { passwordHasher: hasher, clock: testClock(NOW), files, uploads: s.uploads },
    });
    const admin = await seedUser(t.db.database.db, hasher, { username: 'dana' });
    return { admin, cookie: await signedInCookie(t.app, admin) };
  }

  /** A valuation as a seller submits it, through the public API (so its event and token are real). */
  async function created(): Promise<ValuationCreated> {
    const response = await t!.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ValuationCreated>();
  }
  const submitted = async () => (await created()).id;

  const get = (url: string, cookie?: string) =>
    t!.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  storeFree(
    'answers every field the tabs show, without the upload token, and records the first view once',
    async () => {
      const { cookie } = await setup();
      const { id, reference } = await created();
      const first = await get(`/api/admin/valuations/${id}`, cookie);
      expect(first.statusCode, first.body).toBe(200);
      const detail = first.json<ValuationDetail>();
      const sent = validValuation();
      expect(detail).toMatchObject({
        id,
        // The one the seller was given.
        reference,
        status: 'new',
        // As stored: normalised on submit (DESIGN 6).
        registration: 'AB12CDE',
        mileage: sent.mileage,
        firstName: sent.firstName,
        email: 'jo@example.com',
        postcode: 'LN11 0LQ',
        contactPreference: sent.contactPreference,
        isArchived: false,
        firstViewedAt: NOW.toISOString(),
        photoIds: [],
        photos: [],
      });
      expect(first.body).not.toMatch(/uploadToken|upload_token/);
      expect(detail.events.map((e) => [e.type, e.actor])).toEqual([
        ['created', null],
        ['viewed', 'dana'],
      ]);
      expect(first.headers['cache-control']).toBe('no-store');

      // A second look, by another admin, changes nothing.
      const other = await seedUser(t!.db.database.db, hasher, { username: 'eli' });
      const again = (
        await get(`/api/admin/valuations/${id}`, await signedInCookie(t!.app, other))
      ).json<ValuationDetail>();
      expect(again.events.map((e) => e.type)).toEqual(['created', 'viewed']);
      expect(again.firstViewedAt).toBe(NOW.toISOString());
    },
  );

  storeFree('shows archive and restore in the timeline with who did them', async () => {
    const { cookie } = await setup();
    const id = await submitted();
    const post = (url: string) => t!.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN } });
    expect((await post(`/api/valuations/${id}/archive`)).statusCode).toBe(200);
    expect((await post(`/api/valuations/${id}/unarchive`)).statusCode).toBe(200);
    const detail = (await get(`/api/admin/valuations/${id}`, cookie)).json<ValuationDetail>();
    expect(detail.events.map((e) => [e.type, e.actor])).toEqual([
      ['created', null],
      ['archived', 'dana'],
      ['restored', 'dana'],
      ['viewed', 'dana'],
    ]);
  });

  storeFree('moves the stage from the detail page through the lifecycle, on the timeline with who', async () => {
    const { cookie } = await setup();
    const id = await submitted();
    const patch = (payload: Record<string, unknown>, target = id) =>
      t!.app.inject({
        method: 'PATCH',
        url: `/api/valuations/${target}/status`,
        headers: { cookie, origin: ORIGIN },
        payload,
      });
    const contacted = await patch({ status: 'contacted' });
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({ id, status: 'contacted' });
    expect((await patch({ status: 'contacted' })).statusCode).toBe(200); // already there: nothing changes

    // Refused, with the way there: a sale is completed by recording its payment (issue 36).
    const early = await patch({ status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message: 'Record the payment on the handover screen: it completes the sale and sends the receipt.',
    });
    expect((await patch({ status: 'offer_accepted' })).json()).toMatchObject({
      message: 'Only the seller can accept an offer, on their own page.',
    });
    expect((await patch({ status: 'lost' })).json()).toMatchObject({ message: 'Choose why this request was lost.' });
    const refused = await patch({ status: 'sold' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: adminValuationMessages.invalidStatus });
    expect((await patch({ status: 'lost', lostReason: 'bored' })).json()).toMatchObject({
      message: adminValuationMessages.invalidLostReason,
    });
    expect((await patch({ status: 'new' }, UNKNOWN_ID)).statusCode).toBe(404);

    // Lost with its reason, then reopened.
    expect((await patch({ status: 'lost', lostReason: 'no_response' })).json()).toMatchObject({ status: 'lost' });
    expect((await patch({ status: 'contacted' })).json()).toMatchObject({ status: 'contacted' });

    const detail = (await get(`/api/admin/valuations/${id}`, cookie)).json<ValuationDetail>();
    expect(detail.status).toBe('contacted');
    expect(detail.events.filter((e) => e.type === 'status_changed').map((e) => [e.actor, e.data])).toEqual([
      ['dana', { from: 'new', to: 'contacted', event: 'contact' }],
      ['dana', { from: 'contacted', to: 'lost', event: 'mark_lost', lostReason: 'no_response' }],
      ['dana', { from: 'lost', to: 'contacted', event: 'reopen' }],
    ]);
  });

  storeFree('answers 404 for an unknown valuation and 400 for a malformed id, writing nothing', async () => {
    const { cookie } = await setup();
    expect((await get(`/api/admin/valuations/${UNKNOWN_ID}`, cookie)).json()).toMatchObject({
      message: 'Valuation not found',
    });
    expect((await get(`/api/admin/valuations/${UNKNOWN_ID}`, cookie)).statusCode).toBe(404);
    expect((await get('/api/admin/valuations/not-an-id', cookie)).statusCode).toBe(400);
    expect(await t!.db.database.db.select().from(valuationEvents)).toEqual([]);
  });

  it('serves the seller’s photos to staff, never cached, and nothing else', async () => {
    const { cookie } = await setup();
    const id = await submitted();
    const full = await files.save(Buffer.from('full jpeg'), { area: PHOTO_AREA, extension: 'jpg' });
    const thumb = await files.save(Buffer.from('thumb jpeg'), { area: PHOTO_AREA, extension: 'jpg' });
    await t!.db.database.db
      .update(carValuations)
      .set({ photoPaths: [formatPhotoEntry(full, thumb)] })
      .where(eq(carValuations.id, id));
    const [photoId] = (await get(`/api/admin/valuations/${id}`, cookie)).json<ValuationDetail>().photoIds;
    expect(photoId).toMatch(/^[0-9a-f]{32}$/);

    const image = await get(`/api/admin/valuations/${id}/photos/${photoId}`, cookie);
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('full jpeg');
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('no-store, private');
    expect((await get(`/api/admin/valuations/${id}/photos/${photoId}?size=thumb`, cookie)).body).toBe('thumb jpeg');

    expect((await get(`/api/admin/valuations/${id}/photos/${'0'.repeat(32)}`, cookie)).statusCode).toBe(404);
    expect((await get(`/api/admin/valuations/${UNKNOWN_ID}/photos/${photoId}`, cookie)).statusCode).toBe(404);
    expect((await get(`/api/admin/valuations/${id}/photos/..%2F..%2Fetc%2Fpasswd`, cookie)).statusCode).toBe(400);
    // Without a session: refused before anything is read.
    expect((await get(`/api/admin/valuations/${id}/photos/${photoId}`)).statusCode).toBe(401);
  });
});
