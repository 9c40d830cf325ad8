import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, valuationEvents } from '~/server/db/schema';
import type { FileStore } from '~/server/storage/file-store';
import { photoShotMessages } from '~/shared/photo-shots';
import {
  VALUATION_PHOTO_MAX_BYTES,
  valuationPhotoMessages as m,
  type ValuationPhotos,
} from '~/shared/valuation-photos';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/database';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { jpegWithGps, multipart, pixelFloodPng, smallJpeg, solid, type Upload } from '../../../../test/helpers/images';
import { validValuation } from '../../../../test/helpers/valuation';
import { canDecodeHeic } from '~/server/media/uploaded-image';
import { parsePhotoEntry } from './photos';

/**
 * The seller's photo calls after submit, as the success screen makes them: the upload token as the
 * only key (404 otherwise), limits, type by content, re-encoding without EXIF or GPS, and the
 * private store holding exactly the photos the valuation lists.
 */

/** The ftyp box an iPhone's HEIC photo starts with. */
const heicHeader = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic', 'latin1'),
    Buffer.alloc(4),
    Buffer.from('mif1heic', 'latin1'),
    Buffer.alloc(64),
  ]);

const stores = testStores();

describe.each(engineStoreCases())('valuation photos on %s, %s storage', (engine, kind) => {
  let t: TestApp | undefined;
  let database: TestDatabase | undefined;
  let stored: TestStores | undefined;
  let files: FileStore;

  afterEach(async () => {
    await t?.close();
    await database?.cleanup();
    await stored?.cleanup();
    t = undefined;
    database = undefined;
    stored = undefined;
  });

  async function setup(
    options: { maxInputPixels?: number; photoCallsLimit?: { limit: number; windowMs: number } } = {},
  ) {
    stored = await stores.create(kind);
    files = stored.files;
    database = await createTestDatabase(engine);
    t = await createTestApp(engine, {
      env: stored.env,
      deps: {
        database: database.database,
        files,
        valuations: {
          ...(options.maxInputPixels ? { maxInputPixels: options.maxInputPixels } : {}),
          ...(options.photoCallsLimit ? { photoCallsLimit: options.photoCallsLimit } : {}),
        },
      },
    });
  }

  async function submitValuation(): Promise<{ id: string; token: string }> {
    const response = await t!.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ id: string; uploadToken: string }>();
    return { id: body.id, token: body.uploadToken };
  }

  const bearer = (token: string | undefined): Record<string, string> =>
    token === undefined ? {} : { authorization: `Bearer ${token}` };

  function upload(id: string, token: string | undefined, uploads: Upload[], fields?: Record<string, string>) {
    const body = multipart(uploads, fields);
    return t!.app.inject({
      method: 'POST',
      url: `/api/valuations/${id}/photos`,
      payload: body.payload,
      headers: { 'content-type': body.contentType, ...bearer(token) },
    });
  }

  const list = (id: string, token: string | undefined) =>
    t!.app.inject({ url: `/api/valuations/${id}`, headers: bearer(token) });

  const photo = (id: string, token: string | undefined, photoId: string, size?: 'thumb') =>
    t!.app.inject({
      url: `/api/valuations/${id}/photos/${photoId}${size ? `?size=${size}` : ''}`,
      headers: bearer(token),
    });

  const remove = (id: string, token: string | undefined, photoId: string) =>
    t!.app.inject({ method: 'DELETE', url: `/api/valuations/${id}/photos/${photoId}`, headers: bearer(token) });

  /** Every file in the store, as keys. */
  const storedKeys = () => stored!.fileKeys('valuation-photos');

  async function storedEntries(id: string): Promise<string[]> {
    const [row] = await database!.database.db
      .select({ photoPaths: carValuations.photoPaths })
      .from(carValuations)
      .where(eq(carValuations.id, id));
    return row!.photoPaths;
  }

  function expectPhotos(response: LightMyRequestResponse, status = 201): string[] {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<ValuationPhotos>();
    expect(Object.keys(body)).toEqual(['photoPaths', 'photos']);
    for (const id of body.photoPaths) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(body.photos.map((photo) => photo.id)).toEqual(body.photoPaths);
    return body.photoPaths;
  }

  function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ message });
  }

  it('answers 404 without the token, with a wrong one, or with another valuation\u2019s, on every route', async () => {
    await setup();
    const mine = await submitValuation();
    const other = await submitValuation();
    const [photoId] = expectPhotos(
      await upload(mine.id, mine.token, [{ filename: 'a.jpg', content: await smallJpeg() }]),
    );
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const wrong = randomBytes(32).toString('base64url');

    for (const token of [undefined, wrong, other.token, `${mine.token}x`]) {
      const content = await smallJpeg();
      expectRefused(await upload(mine.id, token, [{ filename: 'b.jpg', content }]), 404, m.notFound);
      expectRefused(await list(mine.id, token), 404, m.notFound);
      expectRefused(await photo(mine.id, token, photoId!), 404, m.notFound);
      expectRefused(await remove(mine.id, token, photoId!), 404, m.notFound);
    }
    // An unknown valuation looks exactly like a known one without its token.
    expectRefused(await list(unknownId, mine.token), 404, m.notFound);
    expectRefused(
      await upload(unknownId, mine.token, [{ filename: 'b.jpg', content: await smallJpeg() }]),
      404,
      m.notFound,
    );
    // The token in a cookie or the query string is not the token.
    const inQuery = await t!.app.inject({ url: `/api/valuations/${mine.id}?token=${mine.token}` });
    expect(inQuery.statusCode).toBe(404);

    expect(await storedEntries(mine.id)).toHaveLength(1);
    expect(await storedEntries(other.id)).toEqual([]);
    expect(await storedKeys()).toHaveLength(2); // the one photo and its thumbnail
  });

  it('re-encodes a JPEG: orientation applied, EXIF and GPS gone, with a thumbnail; lists and serves it privately', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ width: 300, height: 100, orientation: 6 });
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the original's EXIF.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const [photoId] = expectPhotos(await upload(id, token, [{ filename: 'IMG_0001.JPG', content: original }]));
    const [entry] = await storedEntries(id);
    const parsed = parsePhotoEntry(entry!)!;
    expect(parsed.id).toBe(photoId);
    expect(parsed.full).toMatch(/^valuation-photos\/[0-9a-f]{32}\.jpg$/);
    expect(parsed.thumb).not.toBe(parsed.full);
    expect(await storedKeys()).toEqual([parsed.full, parsed.thumb].sort());

    const stored = await files.read(parsed.full);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 100, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Jo Seller'))).toBe(false);

    expectPhotos(await list(id, token), 200);
    expect((await list(id, token)).json()).toEqual({ photoPaths: [photoId], photos: [{ id: photoId, shot: null }] });

    const full = await photo(id, token, photoId!);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toBe('no-store, private');
    expect(full.rawPayload.equals(stored)).toBe(true);
    const thumb = await photo(id, token, photoId!, 'thumb');
    expect(thumb.rawPayload.equals(await files.read(parsed.thumb))).toBe(true);
    expect((await photo(id, token, 'f'.repeat(32))).statusCode).toBe(404);
  });

  it('accepts PNG and WebP, stores them as JPEG, shrinks the longest side to 2048 px and the thumbnail to 400 px', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const png = await solid(3000, 1000).png().toBuffer();
    const webp = await solid(640, 480).webp().toBuffer();
    const ids = expectPhotos(
      await upload(id, token, [
        // Names and declared types count for nothing either way.
        { filename: 'wide.png', content: png, contentType: 'application/octet-stream' },
        { filename: 'photo.gif', content: webp, contentType: 'image/gif' },
      ]),
    );
    expect(ids).toHaveLength(2);
    const [wide, small] = (await storedEntries(id)).map((e) => parsePhotoEntry(e)!);
    expect(await sharp(await files.read(wide!.full)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 2048,
      height: 683,
    });
    expect(await sharp(await files.read(wide!.thumb)).metadata()).toMatchObject({ width: 400, height: 133 });
    expect(await sharp(await files.read(small!.full)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 640,
      height: 480,
    });
    expect(await sharp(await files.read(small!.thumb)).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('refuses an HTML file named photo.jpg, a HEIC it cannot read, and a broken JPEG, storing nothing', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    expectRefused(await upload(id, token, [{ filename: 'photo.jpg', content: html }]), 415, m.notAnImage);
    // A good photo beside a bad one: the request is refused whole, the good one is not kept.
    const mixed = [
      { filename: 'good.jpg', content: await smallJpeg() },
      { filename: 'photo.jpg', content: html },
    ];
    expectRefused(await upload(id, token, mixed), 415, m.notAnImage);
    if (!canDecodeHeic) {
      expectRefused(
        await upload(id, token, [{ filename: 'IMG_1.HEIC', content: heicHeader() }]),
        415,
        m.heicUnsupported,
      );
    }
    const broken = (await smallJpeg()).subarray(0, 40);
    expectRefused(await upload(id, token, [{ filename: 'cut.jpg', content: broken }]), 400, m.unreadable);
    expect(await storedEntries(id)).toEqual([]);
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses a photo over 5MB with SPEC\u2019s message, storing nothing', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const big = Buffer.concat([await smallJpeg(), randomBytes(VALUATION_PHOTO_MAX_BYTES)]);
    const response = await upload(id, token, [
      { filename: 'ok.jpg', content: await smallJpeg() },
      { filename: 'big.jpg', content: big },
    ]);
    expectRefused(response, 413, m.tooLarge);
    expect(response.json()).toMatchObject({ issues: [{ path: 'photos', message: m.tooLarge }] });
    expect(await storedEntries(id)).toEqual([]);
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses a pixel flood before decoding it, with the default limit and a lowered one', async () => {
    await setup({ maxInputPixels: 1_000_000 });
    const { id, token } = await submitValuation();
    expectRefused(await upload(id, token, [{ filename: 'flood.png', content: pixelFloodPng() }]), 400, m.tooManyPixels);
    const large = await solid(1200, 1000).png().toBuffer();
    expectRefused(await upload(id, token, [{ filename: 'large.png', content: large }]), 400, m.tooManyPixels);
    expect(await storedKeys()).toEqual([]);
  });

  it('keeps at most 20 photos in total: the 21st is refused, in one request or across several', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const jpeg = await smallJpeg();
    const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ filename: `${i}.jpg`, content: jpeg }));

    expectRefused(await upload(id, token, photos(21)), 400, m.tooMany);
    expect(await storedKeys()).toEqual([]);

    expect(expectPhotos(await upload(id, token, photos(15)))).toHaveLength(15);
    expectRefused(await upload(id, token, photos(6)), 400, m.tooMany);
    expect(expectPhotos(await upload(id, token, photos(5)))).toHaveLength(20);
    expectRefused(await upload(id, token, photos(1)), 400, m.tooMany);
    expect(await storedEntries(id)).toHaveLength(20);
    expect(await storedKeys()).toHaveLength(40);
  });

  it('refuses other fields, other field names and an empty upload', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const jpeg = await smallJpeg();
    expectRefused(await upload(id, token, [{ filename: 'a.jpg', content: jpeg }], { note: 'hi' }), 400, m.onlyPhotos);
    expectRefused(await upload(id, token, [{ filename: 'a.jpg', content: jpeg, field: 'file' }]), 400, m.onlyPhotos);
    expectRefused(await upload(id, token, []), 400, m.noPhotos);
    const json = await t!.app.inject({
      method: 'POST',
      url: `/api/valuations/${id}/photos`,
      payload: { photos: [] },
      headers: bearer(token),
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(await storedKeys()).toEqual([]);
  });

  it('keeps each guided shot with its photo: one photo a shot, a retake replaces it, other photos beside', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const jpeg = await smallJpeg();
    const one = (name: string) => [{ filename: name, content: jpeg }];
    const [other] = expectPhotos(await upload(id, token, one('extra.jpg')));
    const [, front] = expectPhotos(await upload(id, token, one('front.jpg'), { shot: 'front_three_quarter' }));
    const [, , dash] = expectPhotos(await upload(id, token, one('dash.jpg'), { shot: 'dashboard' }));
    const firstFront = parsePhotoEntry((await storedEntries(id))[1]!)!;
    expect(firstFront.shot).toBe('front_three_quarter');

    // A retake: the new photo takes the shot, the old one and its files are gone.
    const retaken = await upload(id, token, one('front-again.jpg'), { shot: 'front_three_quarter' });
    const ids = expectPhotos(retaken);
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(front);
    const newFront = ids[2]!;
    expect(retaken.json<ValuationPhotos>().photos).toEqual([
      { id: other, shot: null },
      { id: dash, shot: 'dashboard' },
      { id: newFront, shot: 'front_three_quarter' },
    ]);
    expect(await storedKeys()).not.toContain(firstFront.full);
    expect(await storedKeys()).toHaveLength(6);

    // Refused, storing nothing: a shot that does not exist, two photos for one shot, the shot after the file.
    expectRefused(await upload(id, token, one('x.jpg'), { shot: 'roof' }), 400, photoShotMessages.unknownShot);
    expectRefused(
      await upload(id, token, [...one('a.jpg'), ...one('b.jpg')], { shot: 'boot' }),
      400,
      photoShotMessages.oneFilePerShot,
    );
    const fileFirst = multipart(one('c.jpg'));
    const late = Buffer.from(
      fileFirst.payload
        .toString('latin1')
        .replace(
          /--(\S+)--\r\n$/,
          (_all, b: string) => `--${b}\r\nContent-Disposition: form-data; name="shot"\r\n\r\nboot\r\n--${b}--\r\n`,
        ),
      'latin1',
    );
    const lateShot = await t!.app.inject({
      method: 'POST',
      url: `/api/valuations/${id}/photos`,
      payload: late,
      headers: { 'content-type': fileFirst.contentType, ...bearer(token) },
    });
    expectRefused(lateShot, 400, m.onlyPhotos);
    expect(await storedKeys()).toHaveLength(6);

    // At 20 photos a retake still goes (it replaces); a new shot does not.
    const jpegs = (n: number) => Array.from({ length: n }, (_, i) => ({ filename: `${i}.jpg`, content: jpeg }));
    expect(expectPhotos(await upload(id, token, jpegs(17)))).toHaveLength(20);
    expect(expectPhotos(await upload(id, token, one('dash-2.jpg'), { shot: 'dashboard' }))).toHaveLength(20);
    expectRefused(await upload(id, token, one('boot.jpg'), { shot: 'boot' }), 400, m.tooMany);
  });

  it('deletes a photo: 204, gone from the list and from the store; an unknown one is 404', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const jpeg = await smallJpeg();
    const [first, second] = expectPhotos(
      await upload(id, token, [
        { filename: 'a.jpg', content: jpeg },
        { filename: 'b.jpg', content: jpeg },
      ]),
    );
    const removed = parsePhotoEntry((await storedEntries(id))[0]!)!;
    const response = await remove(id, token, first!);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect((await list(id, token)).json()).toEqual({ photoPaths: [second], photos: [{ id: second, shot: null }] });
    const keys = await storedKeys();
    expect(keys).toHaveLength(2);
    expect(keys).not.toContain(removed.full);
    expect(keys).not.toContain(removed.thumb);

    expectRefused(await remove(id, token, first!), 404, m.photoNotFound);
    // Paths are not ids: nothing that names a folder gets through.
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', encodeURIComponent(removed.full), 'ABC']) {
      expect((await remove(id, token, bad)).statusCode).toBe(400);
    }
  });

  it('never shows a stored path: answers carry ids only', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const response = await upload(id, token, [{ filename: 'a.jpg', content: await smallJpeg() }]);
    expect(response.body).not.toMatch(/valuation-photos|\/|\.jpg/);
    expect((await list(id, token)).body).not.toMatch(/valuation-photos|\/|\.jpg/);
    expect(response.body).not.toMatch(/carbuy-stores|test-[0-9a-f]{12}/); // neither the folder nor the prefix
  });

  it('writes the seller\u2019s photo changes to the valuation\u2019s timeline, and nothing for a refused upload', async () => {
    await setup();
    const { id, token } = await submitValuation();
    const jpeg = await smallJpeg();
    const [first] = expectPhotos(
      await upload(id, token, [
        { filename: 'a.jpg', content: jpeg },
        { filename: 'b.jpg', content: jpeg },
      ]),
    );
    expect(
      (await upload(id, token, [{ filename: 'page.jpg', content: Buffer.from('<html></html>') }])).statusCode,
    ).toBe(415);
    expect((await remove(id, token, first!)).statusCode).toBe(204);
    const events = await database!.database.db
      .select({ type: valuationEvents.type, data: valuationEvents.data, actor: valuationEvents.actorUserId })
      .from(valuationEvents)
      .where(eq(valuationEvents.valuationId, id))
      .orderBy(asc(valuationEvents.id));
    expect(events).toEqual([
      { type: 'created', data: {}, actor: null },
      { type: 'photos_added', data: { added: 2, total: 2 }, actor: null },
      { type: 'photo_removed', data: { total: 1 }, actor: null },
    ]);
  });

  it('limits photo calls per client address with 429 and Retry-After, wrong tokens included', async () => {
    await setup({ photoCallsLimit: { limit: 3, windowMs: 60_000 } });
    const { id, token } = await submitValuation();
    expect((await list(id, 'a'.repeat(22))).statusCode).toBe(404);
    expect((await list(id, token)).statusCode).toBe(200);
    expect((await list(id, token)).statusCode).toBe(200);
    const refused = await list(id, token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/Too many photo requests/) });
    // Another address is not held back.
    const other = await t!.app.inject({
      url: `/api/valuations/${id}`,
      headers: bearer(token),
      remoteAddress: '192.0.2.7',
    });
    expect(other.statusCode).toBe(200);
  });
});
