import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/app';
import { storeKinds, testStores, type TestStores } from '../../../test/helpers/stores';
import { FileNotFoundError } from './file-store';
import { startServer } from '../server';
import { RangeNotSatisfiableError } from './s3-stores';
import { StorageCheckError, storesFor } from './stores';

/**
 * One contract, both implementations: what the features rely on of the private FileStore and the
 * PublicUploads, and what browsers get from /uploads/, holds for the folders and for S3 alike.
 */
const stores = testStores();
const photo = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 not really a photo');
const NAME = `${'ab'.repeat(16)}-800.webp`;

describe.each(storeKinds)('file stores: %s', (kind) => {
  let s: TestStores;
  beforeEach(async () => {
    s = await stores.create(kind);
  });
  afterEach(() => s.cleanup());

  describe('private files', () => {
    it('gives back the bytes saved, under a new key in the area', async () => {
      const key = await s.files.save(photo, { area: 'valuation-photos', extension: 'webp' });
      expect(key).toMatch(/^valuation-photos\/[0-9a-f]{32}\.webp$/);
      expect((await s.files.read(key)).equals(photo)).toBe(true);
      expect(await s.fileKeys('valuation-photos')).toEqual([key]);
    });

    it('makes unguessable keys, never the same twice for the same bytes', async () => {
      const keys = await Promise.all([1, 2, 3].map(() => s.files.save(photo, { area: 'a', extension: 'bin' })));
      expect(new Set(keys).size).toBe(3);
      expect(await s.fileKeys('a')).toEqual([...keys].sort());
    });

    it('refuses areas, extensions and keys not in its shapes, storing nothing', async () => {
      for (const area of ['', 'Bad', '../up', 'a/b', 'x'.repeat(41)]) {
        await expect(s.files.save(photo, { area, extension: 'jpg' })).rejects.toThrow(/Not a file area/);
      }
      for (const extension of ['', 'JPG', 'tar.gz', 'toolongext', '../x']) {
        await expect(s.files.save(photo, { area: 'a', extension })).rejects.toThrow(/Not a file extension/);
      }
      for (const key of ['../etc/passwd', 'a/short.jpg', `a/${'0'.repeat(32)}.jpg/x`, `/a/${'0'.repeat(32)}.jpg`]) {
        await expect(s.files.read(key)).rejects.toThrow(/Not a file key/);
        await expect(s.files.remove(key)).rejects.toThrow(/Not a file key/);
      }
      expect(await s.fileKeys('a')).toEqual([]);
    });

    it('rejects a read of a missing key with FileNotFoundError', async () => {
      const missing = `a/${'0'.repeat(32)}.jpg`;
      await expect(s.files.read(missing)).rejects.toBeInstanceOf(FileNotFoundError);
    });

    it('removes a file, and a second remove (or of a file never stored) is no error', async () => {
      const key = await s.files.save(photo, { area: 'a', extension: 'jpg' });
      await s.files.remove(key);
      await s.files.remove(key);
      await s.files.remove(`a/${'1'.repeat(32)}.jpg`);
      await expect(s.files.read(key)).rejects.toBeInstanceOf(FileNotFoundError);
      expect(await s.fileKeys('a')).toEqual([]);
    });
  });

  describe('public uploads', () => {
    it('writes, tells what exists, and removes (twice is no error)', async () => {
      expect(await s.uploads.exists('purchased-vehicles', NAME)).toBe(false);
      await s.uploads.write('purchased-vehicles', NAME, photo);
      expect(await s.uploads.exists('purchased-vehicles', NAME)).toBe(true);
      expect(await s.uploadNames('purchased-vehicles')).toEqual([NAME]);
      await s.uploads.remove('purchased-vehicles', NAME);
      await s.uploads.remove('purchased-vehicles', NAME);
      expect(await s.uploads.exists('purchased-vehicles', NAME)).toBe(false);
      expect(await s.uploadNames('purchased-vehicles')).toEqual([]);
    });

    it('refuses names and areas not in its shapes', async () => {
      for (const [area, name] of [
        ['purchased-vehicles', '../../etc/passwd'],
        ['purchased-vehicles', 'photo.jpg'],
        ['../x', NAME],
        ['Up', NAME],
      ] as const) {
        await expect(s.uploads.write(area, name, photo)).rejects.toThrow(/Not an upload/);
        await expect(s.uploads.exists(area, name)).rejects.toThrow(/Not an upload/);
      }
    });
  });

  describe('served under /uploads/', () => {
    let t: TestApp;
    beforeEach(async () => {
      // S3: the app builds its stores from the settings, as the server does; the folder is handed over.
      t = await createTestApp('pglite', { env: s.env, deps: kind === 'folder' ? { uploads: s.uploads } : {} });
      await t.uploads.write('purchased-vehicles', NAME, photo);
    });
    afterEach(() => t.close());

    const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url, headers });

    it('sends the file with a year of immutable caching, its type and a validator', async () => {
      const response = await get(`/uploads/purchased-vehicles/${NAME}`);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(photo)).toBe(true);
      expect(response.headers).toMatchObject({
        'cache-control': 'public, max-age=31536000, immutable',
        'content-type': 'image/webp',
        'content-length': String(photo.length),
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers.etag).toMatch(/^(W\/)?".+"$/);
      expect(Date.parse(String(response.headers['last-modified']))).not.toBeNaN();
    });

    it('answers 304 to its ETag (alone, in a list, or weak) and the file again to another', async () => {
      const { etag } = (await get(`/uploads/purchased-vehicles/${NAME}`)).headers;
      const bare = String(etag).replace(/^W\//, '');
      for (const ifNoneMatch of [String(etag), `"other", ${String(etag)}`, `W/${bare}`]) {
        const response = await get(`/uploads/purchased-vehicles/${NAME}`, { 'if-none-match': ifNoneMatch });
        expect(response.statusCode, ifNoneMatch).toBe(304);
        expect(response.body).toBe('');
        expect(response.headers.etag).toBe(etag);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      const changed = await get(`/uploads/purchased-vehicles/${NAME}`, { 'if-none-match': '"other"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.equals(photo)).toBe(true);
    });

    it('answers HEAD with the headers and no body', async () => {
      const response = await get(`/uploads/purchased-vehicles/${NAME}`, {}, 'HEAD');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('');
      expect(response.headers).toMatchObject({ 'content-type': 'image/webp', 'content-length': String(photo.length) });
      expect(response.headers.etag).toBeDefined();
    });

    it('sends a byte range (audio players ask for them)', async () => {
      const response = await get(`/uploads/purchased-vehicles/${NAME}`, { range: 'bytes=0-3' });
      expect(response.statusCode).toBe(206);
      expect(response.body).toBe('RIFF');
      expect(response.headers['content-range']).toBe(`bytes 0-3/${photo.length}`);
      const rest = await get(`/uploads/purchased-vehicles/${NAME}`, { range: 'bytes=4-' });
      expect(rest.statusCode).toBe(206);
      expect(rest.rawPayload.equals(photo.subarray(4))).toBe(true);
    });

    it('answers 416 to a range that starts past the end, as the folder does, never with the file', async () => {
      const url = `/uploads/purchased-vehicles/${NAME}`;
      const conditional = { 'if-none-match': '"other"' };
      for (const [range, headers] of [
        [`bytes=${photo.length}-`, {}],
        ['bytes=1000-', {}],
        ['bytes=1000-2000', {}],
        ['bytes=1000-', conditional],
      ] as const) {
        const response = await get(url, { range, ...headers });
        const label = `${range} ${JSON.stringify(headers)}`;
        expect(response.statusCode, label).toBe(416);
        expect(response.json(), label).toEqual({ message: 'Range Not Satisfiable' });
        expect(response.headers['content-type'], label).toBe('application/json; charset=utf-8');
        expect(response.headers.etag, label).toBeUndefined();
      }
      // A range that only ends past the end is what there is.
      const tail = await get(url, { range: `bytes=${photo.length - 4}-1000` });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${photo.length - 4}-${photo.length - 1}/${photo.length}`);
      expect(tail.rawPayload.equals(photo.subarray(-4))).toBe(true);
    });

    it('is a 404 for a missing file, and for any name not in our shape', async () => {
      for (const url of [
        `/uploads/purchased-vehicles/${'cd'.repeat(16)}.webp`,
        '/uploads/purchased-vehicles/../../etc/passwd',
        '/uploads/purchased-vehicles/x.jpg',
        `/uploads/Purchased/${NAME}`,
        `/uploads/purchased-vehicles/${NAME}/more`,
        '/uploads/',
      ]) {
        expect((await get(url)).statusCode, url).toBe(404);
        expect((await get(url, {}, 'HEAD')).statusCode, url).toBe(404);
      }
    });
  });
});

describe('the S3 store and a range past the end', () => {
  it('reports it as the folder’s @fastify/send does: a 416 error giving the size in Content-Range', async () => {
    const s = await stores.create('s3');
    await s.uploads.write('purchased-vehicles', NAME, photo);
    const { served } = s.uploads;
    if (!('fetch' in served)) throw new Error('The S3 store is fetched, not a folder');
    const asked = served.fetch('purchased-vehicles', NAME, { body: true, range: 'bytes=1000-' });
    await expect(asked).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    await expect(asked).rejects.toMatchObject({
      name: 'RangeNotSatisfiableError',
      message: 'Range Not Satisfiable',
      status: 416,
      statusCode: 416,
      headers: { 'Content-Range': `bytes */${photo.length}` },
    });
    // A missing file is still no file, whatever the range.
    const missing = `${'cd'.repeat(16)}.webp`;
    expect(await served.fetch('purchased-vehicles', missing, { body: true, range: 'bytes=1000-' })).toBeUndefined();
  });
});

describe('the S3 start-up check (server.ts stops when it fails)', () => {
  it('passes for a bucket it may use, and names the bucket, never a key, when it cannot', async () => {
    const { env } = await stores.create('s3');
    const check = async (override: Record<string, string> = {}) =>
      (await storesFor(testConfig({ ...env, ...override }))).check().then(
        () => 'usable',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    expect(await check()).toBe('usable');
    expect(await check({ S3_BUCKET: 'no-such-bucket' })).toBe(
      'StorageCheckError: STORAGE=s3: cannot use the bucket "no-such-bucket": it does not exist',
    );
    const denied = await check({ S3_ACCESS_KEY_ID: 'AKIAUNKNOWN', S3_SECRET_ACCESS_KEY: 'canary-s3-secret' });
    expect(denied).toMatch(/^StorageCheckError: STORAGE=s3: cannot use the bucket "test-[0-9a-f]+": access is denied/);
    expect(denied).not.toContain('canary-s3-secret');
    const unreachable = await check({ S3_ENDPOINT: 'http://127.0.0.1:1' });
    expect(unreachable).toMatch(/cannot use the bucket "test-[0-9a-f]+": it cannot be reached \(.*ECONNREFUSED/);
  });

  it('stops the server starting, before its database is opened', async () => {
    const { env } = await stores.create('s3');
    const config = testConfig({ ...env, S3_BUCKET: 'no-such-bucket' }); // DATA_DIR: a folder that is not there
    await expect(startServer({ config })).rejects.toThrow(StorageCheckError);
  });
});
