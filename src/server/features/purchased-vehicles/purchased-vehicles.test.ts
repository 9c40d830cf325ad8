import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { purchasedVehicles } from '~/server/db/schema';
import {
  PURCHASED_VEHICLE_PHOTO_MAX_BYTES,
  PURCHASED_VEHICLE_UPLOAD_AREA,
  purchasedVehicleMessages as m,
  purchasedVehiclePhotoMessages as pm,
  latestVehicleYear,
  type AdminPurchasedVehicle,
  type PublicVehiclePage,
} from '~/shared/purchased-vehicles';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { jpegWithGps, multipart, pixelFloodPng, solid, type Upload } from '../../../../test/helpers/images';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';

/**
 * Recently purchased vehicles through the API, as staff's screen and the public pages use it:
 * SPEC's fields and messages, photos re-encoded into public files (and removed with their vehicle),
 * and a public list that never shows a registration or a price.
 */

const ORIGIN = 'http://localhost';
const NOW = new Date('2026-11-24T10:00:00Z');

const details = (overrides: Record<string, string> = {}) => ({
  make: 'Ford',
  model: 'Focus',
  year: '2019',
  registration: 'ab12 cde',
  fuelType: 'Petrol',
  engineSize: '1.0L',
  color: 'Blue',
  mileage: '45000',
  purchasePrice: '4250.5',
  location: 'Grimsby',
  description: 'One owner, full service history.',
  purchaseDate: '2026-11-20',
  ...overrides,
});

const photo = async (name = 'car.jpg', width = 1600, height = 1200): Promise<Upload> => ({
  filename: name,
  content: await solid(width, height).jpeg().toBuffer(),
});

const stores = testStores();

describe.each(engineStoreCases())('purchased vehicles on %s, %s storage', (engine, kind) => {
  let t: TestApp | undefined;
  let stored: TestStores | undefined;
  let cookie: string;

  afterEach(async () => {
    await t?.close();
    await stored?.cleanup();
    t = undefined;
    stored = undefined;
  });

  async function setup(options: { maxInputPixels?: number; visibleMaxAgeMs?: number } = {}) {
    const hasher = cheapHasher();
    stored = await stores.create(kind);
    t = await createTestApp(engine, {
      env: stored.env,
      deps: {
        uploads: stored.uploads,
        passwordHasher: hasher,
        clock: testClock(NOW),
        purchasedVehicles: { visibleMaxAgeMs: 0, ...options },
      },
    });
    cookie = await signedInCookie(t.app, await seedUser(db(), hasher));
  }

  const db = () => t!.db.database.db;
  const headers = () => ({ cookie, origin: ORIGIN });
  const storedFiles = () => stored!.uploadNames(PURCHASED_VEHICLE_UPLOAD_AREA);
  const rows = () => db().select().from(purchasedVehicles);

  const add = async (fields: Record<string, string>, uploads: Upload[] = []) => {
    const body = multipart(uploads, fields);
    return t!.app.inject({
      method: 'POST',
      url: '/api/admin/purchased-vehicles',
      payload: body.payload,
      headers: { ...headers(), 'content-type': body.contentType },
    });
  };
  const addOk = async (fields: Record<string, string> = details(), uploads: Upload[] = []) => {
    const response = await add(fields, uploads);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminPurchasedVehicle>();
  };
  const put = (id: number, payload: object) =>
    t!.app.inject({ method: 'PUT', url: `/api/admin/purchased-vehicles/${id}`, payload, headers: headers() });
  const publicList = async (query = '') => {
    const response = await t!.app.inject({ method: 'GET', url: `/api/purchased-vehicles${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('adds a vehicle with 3 photos: price in pence, registration upper-cased, photos in every size', async () => {
    await setup();
    const vehicle = await addOk(details(), [
      await photo('a.jpg'),
      await photo('b.png', 300, 200),
      await photo('c.jpg'),
    ]);
    expect(vehicle).toMatchObject({
      make: 'Ford',
      model: 'Focus',
      year: 2019,
      registration: 'AB12CDE',
      purchasePricePence: 425050,
      mileage: 45000,
      purchaseDate: '2026-11-20',
      isVisible: true,
    });
    expect(vehicle.photos).toHaveLength(3);
    const [first, small] = vehicle.photos;
    expect(first).toMatchObject({ width: 1200, height: 900 });
    expect(first!.srcSet.webp.split(', ').map((s) => s.split(' ')[1])).toEqual(['400w', '800w', '1200w']);
    expect(small).toMatchObject({ width: 300, height: 200 });
    expect(small!.srcSet.jpeg).toBe(`/uploads/purchased-vehicles/${small!.id}-300.jpg 300w`);
    // 3 widths × 2 formats for each big photo, 1 × 2 for the small one.
    expect(await storedFiles()).toHaveLength(14);
    expect(vehicle.photoPaths[0]).toBe(`purchased-vehicles/${first!.id}-1200.jpg`);
  });

  it('serves the photos publicly under /uploads/ with a year of immutable caching', async () => {
    await setup();
    const vehicle = await addOk(details(), [await photo()]);
    const [first] = vehicle.photos;
    const webp = await t!.app.inject({ method: 'GET', url: `/uploads/purchased-vehicles/${first!.id}-800.webp` });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(webp.headers['x-content-type-options']).toBe('nosniff');
    const jpeg = await t!.app.inject({ method: 'GET', url: first!.url });
    expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(1200);
    for (const url of [
      '/uploads/purchased-vehicles/../../etc/passwd',
      '/uploads/purchased-vehicles/x.jpg',
      '/uploads/',
    ]) {
      expect((await t!.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('removes EXIF and GPS and applies the orientation', async () => {
    await setup();
    const vehicle = await addOk(details(), [{ filename: 'gps.jpg', content: await jpegWithGps() }]);
    const [first] = vehicle.photos;
    // Stored 300 × 100 with orientation 6: upright it is 100 × 300.
    expect(first).toMatchObject({ width: 100, height: 300 });
    const jpeg = await t!.app.inject({ method: 'GET', url: first!.url });
    const meta = await sharp(jpeg.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(jpeg.rawPayload.includes('Jo Seller')).toBe(false);
  });

  it('refuses a 4th photo with "Maximum 3 photos allowed", storing nothing', async () => {
    await setup();
    const four = await Promise.all(['1', '2', '3', '4'].map((n) => photo(`${n}.jpg`)));
    const response = await add(details(), four);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: pm.tooMany, issues: [{ path: 'photos', message: pm.tooMany }] });
    expect(await rows()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses files that are not images by their content, whatever their name, storing nothing', async () => {
    await setup();
    const fake = { filename: 'car.jpg', content: Buffer.from('<html><script>alert(1)</script></html>') };
    const response = await add(details(), [await photo(), fake]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: pm.notAnImage });
    const truncated = { filename: 'cut.jpg', content: (await solid(800, 600).jpeg().toBuffer()).subarray(0, 400) };
    const cut = await add(details(), [truncated]);
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ message: pm.unreadable });
    expect(await rows()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a pixel flood and an oversize photo, storing nothing', async () => {
    await setup();
    const flood = await add(details(), [{ filename: 'flood.png', content: pixelFloodPng() }]);
    expect(flood.statusCode).toBe(400);
    expect(flood.json()).toMatchObject({ message: pm.tooManyPixels });
    const big = { filename: 'big.jpg', content: Buffer.alloc(PURCHASED_VEHICLE_PHOTO_MAX_BYTES + 1, 0xff) };
    const oversize = await add(details(), [big]);
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ message: pm.tooLarge });
    expect(await rows()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("answers bad fields with SPEC's messages and writes nothing, photos included", async () => {
    await setup();
    const response = await add({ make: ' ', model: '', year: '' }, [await photo()]);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'make', message: m.makeRequired },
      { path: 'model', message: m.modelRequired },
      { path: 'year', message: m.yearRequired },
    ]);
    const latest = latestVehicleYear();
    const cases: [Record<string, string>, string, string][] = [
      [{ year: '1899' }, 'year', m.yearRange(latest)],
      [{ year: String(latest + 1) }, 'year', m.yearRange(latest)],
      [{ year: '20x9' }, 'year', m.yearRange(latest)],
      [{ purchasePrice: '12.345' }, 'purchasePrice', m.purchasePrice],
      [{ purchasePrice: '-5' }, 'purchasePrice', m.purchasePrice],
      [{ purchasePrice: '1000000.01' }, 'purchasePrice', m.purchasePriceTooHigh],
      [{ mileage: '1.5' }, 'mileage', m.mileage],
      [{ registration: 'AB12-CDE' }, 'registration', m.registrationCharacters],
      [{ registration: 'A'.repeat(21) }, 'registration', m.registrationTooLong],
      [{ make: 'M'.repeat(101) }, 'make', m.makeTooLong],
      [{ purchaseDate: '2026-02-30' }, 'purchaseDate', m.purchaseDate],
      [{ purchaseDate: '2999-01-01' }, 'purchaseDate', m.purchaseDateFuture],
      [{ description: 'x'.repeat(2001) }, 'description', m.descriptionTooLong],
      [{ location: 'Bad\u0007bell' }, 'location', 'Remove the hidden or control characters from this text.'],
    ];
    for (const [change, field, message] of cases) {
      const bad = await add(details(change));
      expect(bad.statusCode, JSON.stringify(change)).toBe(400);
      expect(bad.json().issues, JSON.stringify(change)).toEqual([{ path: field, message }]);
    }
    expect(await rows()).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('takes blank optional fields as not given', async () => {
    await setup();
    const vehicle = await addOk({
      make: 'Vauxhall',
      model: 'Corsa',
      year: '2015',
      registration: '',
      mileage: '',
      purchasePrice: '',
    });
    expect(vehicle).toMatchObject({
      registration: null,
      mileage: null,
      purchasePricePence: null,
      fuelType: null,
      photos: [],
    });
  });

  it('lists visible vehicles publicly, newest purchase first, never with the registration or price', async () => {
    await setup();
    await addOk(details({ model: 'Older', purchaseDate: '2026-01-05' }));
    await addOk(details({ model: 'Undated', purchaseDate: '' }));
    const newest = await addOk(details({ model: 'Newest', purchaseDate: '2026-11-01' }));
    await addOk(details({ model: 'Hidden', isVisible: 'false' }));
    const response = await publicList();
    const list = response.json<PublicVehiclePage>();
    expect(list.items.map((v) => v.model)).toEqual(['Newest', 'Older', 'Undated']);
    expect(list.total).toBe(3);
    expect(response.body).not.toMatch(/AB12CDE|registration|425050|4250|purchasePrice/i);
    expect(Object.keys(list.items[0]!).sort()).toEqual(
      [
        'color',
        'description',
        'engineSize',
        'fuelType',
        'id',
        'location',
        'make',
        'mileage',
        'model',
        'photoPaths',
        'photos',
        'purchaseDate',
        'year',
      ].sort(),
    );
    expect(list.items[0]!.id).toBe(newest.id);
    expect((await publicList('?page=2&pageSize=2')).json<PublicVehiclePage>().items.map((v) => v.model)).toEqual([
      'Undated',
    ]);
  });

  it('hides, shows and edits a vehicle, changing the public list at once', async () => {
    await setup();
    const vehicle = await addOk();
    const hidden = await put(vehicle.id, { isVisible: false });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ isVisible: false, model: 'Focus' });
    expect((await publicList()).json<PublicVehiclePage>().items).toEqual([]);
    await put(vehicle.id, { isVisible: true });
    const edited = await put(vehicle.id, {
      model: 'Fiesta',
      purchasePrice: '3999.99',
      mileage: 46000,
      registration: null,
    });
    expect(edited.json()).toMatchObject({
      model: 'Fiesta',
      purchasePricePence: 399999,
      mileage: 46000,
      registration: null,
      make: 'Ford',
    });
    expect((await publicList()).json<PublicVehiclePage>().items.map((v) => v.model)).toEqual(['Fiesta']);
    const bad = await put(vehicle.id, { make: '', year: 1800 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(['make', 'year']);
    expect((await put(vehicle.id, {})).json()).toMatchObject({ message: m.nothingToChange });
    expect((await put(vehicle.id, { isVisible: 'maybe' })).statusCode).toBe(400);
    expect((await put(vehicle.id, { price: 1 })).statusCode).toBe(400);
    expect((await put(999_999, { isVisible: true })).statusCode).toBe(404);
    const [row] = await rows();
    expect(row).toMatchObject({ model: 'Fiesta', make: 'Ford', year: 2019 });
  });

  it('shows a change at once although the public list is kept for a few seconds', async () => {
    await setup({ visibleMaxAgeMs: 60_000 });
    const models = async () => (await publicList()).json<PublicVehiclePage>().items.map((v) => v.model);
    expect(await models()).toEqual([]);
    const vehicle = await addOk();
    expect(await models()).toEqual(['Focus']);
    await put(vehicle.id, { model: 'Fiesta' });
    expect(await models()).toEqual(['Fiesta']);
    await put(vehicle.id, { isVisible: false });
    expect(await models()).toEqual([]);
    await put(vehicle.id, { isVisible: true });
    await t!.app.inject({ method: 'DELETE', url: `/api/admin/purchased-vehicles/${vehicle.id}`, headers: headers() });
    expect(await models()).toEqual([]);
  });

  it('adds, reorders and removes photos of a vehicle, keeping at most 3 and deleting removed files', async () => {
    await setup();
    const vehicle = await addOk(details(), [await photo('1.jpg'), await photo('2.jpg')]);
    const upload = async (uploads: Upload[]) => {
      const body = multipart(uploads);
      return t!.app.inject({
        method: 'POST',
        url: `/api/admin/purchased-vehicles/${vehicle.id}/photos`,
        payload: body.payload,
        headers: { ...headers(), 'content-type': body.contentType },
      });
    };
    const tooMany = await upload([await photo('3.jpg'), await photo('4.jpg')]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: pm.tooMany });
    expect(await storedFiles()).toHaveLength(12);
    const added = await upload([await photo('3.jpg', 640, 480)]);
    expect(added.statusCode).toBe(201);
    const three = added.json<AdminPurchasedVehicle>().photos.map((p) => p.id);
    expect(three).toHaveLength(3);

    const reordered = await put(vehicle.id, { photoOrder: [three[2], three[0], three[1]] });
    expect(reordered.json<AdminPurchasedVehicle>().photos.map((p) => p.id)).toEqual([three[2], three[0], three[1]]);
    expect((await put(vehicle.id, { photoOrder: [three[0], three[0], three[1]] })).json()).toMatchObject({
      message: m.photoOrder,
    });

    const removed = await t!.app.inject({
      method: 'DELETE',
      url: `/api/admin/purchased-vehicles/${vehicle.id}/photos/${three[0]}`,
      headers: headers(),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<AdminPurchasedVehicle>().photos.map((p) => p.id)).toEqual([three[2], three[1]]);
    expect((await storedFiles()).some((name) => name.startsWith(three[0]!))).toBe(false);
    const again = await t!.app.inject({
      method: 'DELETE',
      url: `/api/admin/purchased-vehicles/${vehicle.id}/photos/${three[0]}`,
      headers: headers(),
    });
    expect(again.statusCode).toBe(404);
    const malformed = await t!.app.inject({
      method: 'DELETE',
      url: `/api/admin/purchased-vehicles/${vehicle.id}/photos/not-a-photo`,
      headers: headers(),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: pm.notFound });
  });

  it('deletes a vehicle with its files', async () => {
    await setup();
    const keep = await addOk(details({ model: 'Kept' }), [await photo()]);
    const vehicle = await addOk(details(), [await photo(), await photo()]);
    expect(await storedFiles()).toHaveLength(18);
    const response = await t!.app.inject({
      method: 'DELETE',
      url: `/api/admin/purchased-vehicles/${vehicle.id}`,
      headers: headers(),
    });
    expect(response.statusCode).toBe(204);
    expect(await storedFiles()).toEqual(expect.arrayContaining([`${keep.photos[0]!.id}-400.webp`]));
    expect(await storedFiles()).toHaveLength(6);
    expect(await db().select().from(purchasedVehicles).where(eq(purchasedVehicles.id, vehicle.id))).toEqual([]);
    expect((await t!.app.inject({ method: 'GET', url: vehicle.photos[0]!.url })).statusCode).toBe(404);
    const again = await t!.app.inject({
      method: 'DELETE',
      url: `/api/admin/purchased-vehicles/${vehicle.id}`,
      headers: headers(),
    });
    expect(again.statusCode).toBe(404);
  });

  it("pages staff's list, newest added first, with everything staff need", async () => {
    await setup();
    for (const model of ['A', 'B', 'C']) await addOk(details({ model, isVisible: model === 'B' ? 'false' : 'true' }));
    const response = await t!.app.inject({
      method: 'GET',
      url: '/api/admin/purchased-vehicles?page=1&pageSize=2',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json<{ items: AdminPurchasedVehicle[]; total: number; pageCount: number }>();
    expect(list.items.map((v) => [v.model, v.isVisible, v.registration])).toEqual([
      ['C', true, 'AB12CDE'],
      ['B', false, 'AB12CDE'],
    ]);
    expect([list.total, list.pageCount]).toEqual([3, 2]);
  });
});
