import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '~/server/app';
import { openDatabase } from '~/server/db/client';
import { customerReviews, purchasedVehicles, type NewPurchasedVehicle } from '~/server/db/schema';
import { createTestApp, logCapture, testConfig, type TestApp } from '../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../test/helpers/auth';
import { testEngines } from '../../../test/helpers/database';
import { appPages, cachedAppPages } from '../../../test/helpers/pages';
import { cspHash, pageStyles } from './critical-css';
import { pathVerdict } from './canonical-path';
import { createPageCache } from './page-cache';
import type { RenderSource } from './page-routes';
import { pageCacheKey } from './page-cache-key';

/**
 * Kept public pages (docs/decisions/003-public-page-speed.md): served from memory with ETags and
 * their own compressed bytes, and never out of date by more than the change takes to be heard.
 */

const ORIGIN = 'http://localhost';

const aVehicle = (overrides: Partial<NewPurchasedVehicle> = {}): NewPurchasedVehicle => ({
  make: 'Skoda',
  model: 'Octavia',
  year: 2019,
  location: 'Grimsby',
  purchaseDate: '2026-02-20',
  ...overrides,
});

const aReview = (title: string, overrides: Partial<typeof customerReviews.$inferInsert> = {}) => ({
  customerName: 'Priya Shah',
  email: 'priya@example.com',
  rating: 5,
  reviewTitle: title,
  reviewText: 'Collected on the Friday and paid the same afternoon.',
  isApproved: true,
  isPublished: false,
  submittedAt: new Date('2026-02-27T10:00:00Z'),
  ...overrides,
});

/** React's `<!-- -->` text separators out, so sentences can be searched for. */
const text = (body: string) => body.replace(/<!-- -->/g, '');

describe('pageCacheKey', () => {
  it('keys a page on its path and the query it reads, dropping campaign tags', () => {
    expect(pageCacheKey('/')).toBe('/');
    expect(pageCacheKey('/about?utm_source=facebook&utm_campaign=launch&gclid=abc&fbclid=x')).toBe('/about');
    expect(pageCacheKey('/recently-purchased?page=2&utm_medium=cpc')).toBe('/recently-purchased?page=2');
  });

  it('never keeps a page rendered for a query it may show back (a registration) or one it does not know', () => {
    expect(pageCacheKey('/valuation?registration=AB12CDE')).toBeNull();
    expect(pageCacheKey('/about?anything=else')).toBeNull();
    expect(pageCacheKey('/recently-purchased?page=1&page=2')).toBeNull();
    expect(pageCacheKey(`/${'a'.repeat(300)}`)).toBeNull();
  });
});

describe('pathVerdict', () => {
  it('leaves the one spelling of a page alone', () => {
    for (const url of ['/', '/about', '/recently-purchased?page=2', '/valuation?registration=AB12%20CDE', '/caf%C3%A9'])
      expect(pathVerdict(url).kind, url).toBe('canonical');
  });

  it('sends spellings a link may produce to the page, keeping the query', () => {
    expect(pathVerdict('//about')).toMatchObject({ kind: 'redirect', location: '/about' });
    expect(pathVerdict('/about/?utm_source=x')).toMatchObject({ kind: 'redirect', location: '/about?utm_source=x' });
    expect(pathVerdict('/reviews//write///')).toMatchObject({ kind: 'redirect', location: '/reviews/write' });
    expect(pathVerdict('/%61bout')).toMatchObject({ kind: 'redirect', location: '/about' });
    expect(pathVerdict('/caf%c3%a9')).toMatchObject({ kind: 'redirect', location: '/caf%C3%A9' });
    expect(pathVerdict('//')).toMatchObject({ kind: 'redirect', location: '/' });
  });

  it('refuses spellings only a crafted address has', () => {
    for (const url of [
      '//x123/%2e%2e',
      '/about/..',
      '/./about',
      '/x/%2E%2e/about',
      '/.%2e/about',
      '/about%2f',
      '/%5cabout',
      '/\\evil.example',
      '/about%',
      '/about%zz',
      '/%c3',
      'http://evil.example/about',
    ])
      expect(pathVerdict(url).kind, url).toBe('refused');
  });
});

describe.each(testEngines)('kept public pages on %s', (engine) => {
  let t: TestApp | undefined;
  const closeLater: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of closeLater.splice(0).reverse()) await close();
    await t?.close();
    t = undefined;
  });

  async function setup(
    options: { env?: Record<string, string>; clock?: ReturnType<typeof testClock>; renderSource?: RenderSource } = {},
  ) {
    const pageCache = createPageCache();
    t = await createTestApp(engine, {
      env: options.env,
      deps: { renderSource: options.renderSource ?? cachedAppPages, clock: options.clock ?? testClock(), pageCache },
    });
    const admin = await seedUser(t.db.database.db, cheapHasher(), { email: 'sam.staff@example.com' });
    const cookie = await signedInCookie(t.app, admin);
    return { app: t.app, db: t.db.database.db, pageCache, cookie };
  }

  it('serves a page once rendered with a strong ETag per encoding, 304 on If-None-Match, and the same bytes however compressed', async () => {
    const { app, pageCache } = await setup();
    const first = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'identity' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(pageCache.size).toBe(1);

    const br = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag.replace(/"$/, '-br"'));
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(first.body);

    for (const tag of [etag, `W/${etag}`, String(br.headers.etag), `"other", ${String(gz.headers.etag)}`]) {
      const again = await app.inject({ method: 'GET', url: '/about', headers: { 'if-none-match': tag } });
      expect(again.statusCode, tag).toBe(304);
      expect(again.body).toBe('');
    }
    expect((await app.inject({ method: 'GET', url: '/about', headers: { 'if-none-match': '"old"' } })).statusCode).toBe(
      200,
    );
    // An advert's campaign tags get the same kept page.
    const fromAd = await app.inject({ method: 'GET', url: '/about?utm_source=google&gclid=Cj0K' });
    expect(fromAd.headers.etag).toBe(etag);
    expect(pageCache.size).toBe(1);
  });

  it('keeps a page with only the styles it uses inline, allowed by its own CSP', async () => {
    const wholeSheet = '.mx-auto{margin-inline:auto}.never-on-a-page{color:red}';
    const styledPages: RenderSource = {
      ...cachedAppPages,
      template: async (url, kind) =>
        (await cachedAppPages.template(url, kind)).replace('</head>', `<style>${wholeSheet}</style></head>`),
      inlineStyleHashes: [cspHash(wholeSheet)],
      pageStyles: (html) => pageStyles(html),
    };
    const { app } = await setup({ renderSource: styledPages });
    const styleSources = (response: { headers: Record<string, unknown> }) =>
      /style-src ([^;]+)/.exec(String(response.headers['content-security-policy']))![1]!;
    const inlineStyle = (body: string) => /<style>([\s\S]*?)<\/style>/.exec(body)![1]!;

    const kept = await app.inject({ method: 'GET', url: '/about' });
    expect(kept.statusCode).toBe(200);
    expect(inlineStyle(kept.body)).toBe('.mx-auto{margin-inline:auto}');
    expect(styleSources(kept)).toBe(`'self' '${cspHash('.mx-auto{margin-inline:auto}')}'`);
    // Served again from memory, and revalidated, with the same policy.
    const again = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(styleSources(again)).toBe(styleSources(kept));
    const revalidated = await app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'if-none-match': String(kept.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(styleSources(revalidated)).toBe(styleSources(kept));

    // A page made for one request keeps the whole stylesheet and the policy allowing it.
    const ownPage = await app.inject({ method: 'GET', url: '/valuation?registration=AB12CDE' });
    expect(inlineStyle(ownPage.body)).toBe(wholeSheet);
    expect(styleSources(ownPage)).toBe(`'self' '${cspHash(wholeSheet)}'`);
  });

  it('shows a review the moment it is published, on the home page and /reviews', async () => {
    const { app, db, cookie } = await setup();
    const [review] = await db.insert(customerReviews).values(aReview('Sold my Fiesta in a day')).returning();
    for (const url of ['/', '/reviews']) expect(text((await app.inject(url)).body)).not.toContain('Sold my Fiesta');

    const publish = await app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${review!.id}/publish`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(publish.statusCode, publish.body).toBe(200);
    for (const url of ['/', '/reviews']) expect(text((await app.inject(url)).body), url).toContain('Sold my Fiesta');
  });

  it('takes a hidden vehicle off the home page and /recently-purchased at once', async () => {
    const { app, db, cookie } = await setup();
    const [vehicle] = await db
      .insert(purchasedVehicles)
      .values(aVehicle({ model: 'Superb' }))
      .returning();
    for (const url of ['/', '/recently-purchased']) expect(text((await app.inject(url)).body), url).toContain('Superb');

    const hide = await app.inject({
      method: 'PUT',
      url: `/api/admin/purchased-vehicles/${vehicle!.id}`,
      headers: { cookie, origin: ORIGIN },
      payload: { isVisible: false },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    for (const url of ['/', '/recently-purchased']) {
      expect(text((await app.inject(url)).body), url).not.toContain('Superb');
    }
  });

  it('changes the pages the day the promotion moves to its next phase', async () => {
    const clock = testClock(new Date('2026-03-02T23:30:00Z')); // 11.30 pm in the UK, the day before it is announced
    const env = {
      PROMOTION_ANNOUNCE_DATE: '2026-03-03',
      PROMOTION_START_DATE: '2026-03-10',
      PROMOTION_END_DATE: '2026-03-20',
    };
    const { app } = await setup({ env, clock });
    expect(text((await app.inject('/')).body)).not.toContain('Coming soon: a');
    clock.advance(60 * 60_000);
    expect(text((await app.inject('/')).body)).toContain('Coming soon: a');
  });

  it('never keeps a visitor’s own data: a page first viewed signed in is the same bytes as one viewed anonymously', async () => {
    const { app, cookie, pageCache } = await setup();
    const signedIn = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).not.toMatch(/sam\.staff@example\.com|Sam Staff|sid=/);
    const anonymous = await app.inject('/');
    expect(anonymous.body).toBe(signedIn.body);
    expect(pageCache.size).toBe(1);

    // What a seller typed is rendered for them alone, and never kept.
    const mine = await app.inject('/valuation?registration=AB12CDE');
    const theirs = await app.inject('/valuation?registration=LB07SEO');
    expect(mine.body).toContain('value="AB12CDE"');
    expect(theirs.body).toContain('value="LB07SEO"');
    expect(theirs.body).not.toContain('AB12CDE');
    expect(mine.headers.etag).toBeUndefined();
    expect((await app.inject('/valuation')).body).not.toMatch(/AB12CDE|LB07SEO/);
    expect(pageCache.size).toBe(2); // '/' and '/valuation'
  });

  it('renders and keeps nothing for other spellings of a page: they are redirected or refused first', async () => {
    let renders = 0;
    const counted: RenderSource = { ...cachedAppPages, entry: () => ((renders += 1), cachedAppPages.entry()) };
    const pageCache = createPageCache({ maxEntries: 2, recheckAfterMs: 3_600_000 });
    t = await createTestApp(engine, { deps: { renderSource: counted, clock: testClock(), pageCache } });
    const get = await rawGetter(t.app);
    for (const url of ['/', '/about']) expect((await get(url)).statusCode).toBe(200);
    expect([pageCache.size, renders]).toEqual([2, 2]);

    const redirected = ['//about', '/about/', '/%61bout', '//?utm_source=x'];
    for (let i = 0; i < 20; i += 1) {
      const junk = await get(`//x${i}/%2e%2e`);
      expect(junk.statusCode).toBe(404);
      expect(junk.headers['content-type']).toMatch(/^text\/html/);
      expect((await get(`/about/%2e%2e/x${i}`)).statusCode).toBe(404);
      expect((await get(`/about%2f${i}`)).statusCode).toBe(404);
      const moved = await get(redirected[i % redirected.length]!);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toMatch(/^\/(about)?(\?utm_source=x)?$/);
      // Query-string variants of a page are rendered for their visitor, never kept.
      expect((await get(`/about?a=${i}`)).statusCode).toBe(200);
      expect((await get(`/no-such-page-${i}`)).statusCode).toBe(404);
    }
    expect(pageCache.size).toBe(2);
    const rendersForJunk = renders;
    expect(rendersForJunk).toBe(2 + 20 * 2); // the ?a= variants and the unknown pages only

    // The real pages are still kept: served again without a render.
    for (const url of ['/', '/about']) expect((await get(url)).statusCode).toBe(200);
    expect(renders).toBe(rendersForJunk);
  });

  it('refuses API and upload paths in any spelling, never rendering them as pages', async () => {
    const { app, pageCache } = await setup();
    const get = await rawGetter(app);
    for (const url of ['//api/health', '/api//health', '//api/valuations/x/%2e%2e', '//uploads/a.jpg']) {
      const answer = await get(url);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
    }
    expect(pageCache.size).toBe(0);
  });

  it('does not keep 404s or pages past the last, so made-up addresses cannot fill it', async () => {
    const { app, pageCache } = await setup();
    for (let i = 0; i < 5; i += 1) expect((await app.inject(`/no-such-page-${i}`)).statusCode).toBe(404);
    expect((await app.inject('/recently-purchased?page=7')).statusCode).toBe(404);
    expect(pageCache.size).toBe(0);
  });

  it('re-checks a kept page within a second and drops it when its data changed behind the app’s back', async () => {
    const pageCache = createPageCache({ recheckAfterMs: 0 });
    t = await createTestApp(engine, {
      deps: {
        renderSource: cachedAppPages,
        clock: testClock(),
        pageCache,
        purchasedVehicles: { visibleMaxAgeMs: 0 },
      },
    });
    const db = t.db.database.db;
    await db.insert(purchasedVehicles).values(aVehicle({ model: 'Kodiaq' }));
    expect(text((await t.app.inject('/recently-purchased')).body)).toContain('Kodiaq');
    // A change written straight to the database: nobody told this process.
    await db
      .update(purchasedVehicles)
      .set({ model: 'Karoq', updatedAt: new Date() })
      .where(eq(purchasedVehicles.model, 'Kodiaq'));
    // The view that notices is served the kept page while the re-check runs; the one after is current.
    await t.app.inject('/recently-purchased');
    await expect.poll(async () => text((await t!.app.inject('/recently-purchased')).body)).toContain('Karoq');
  });

  it.runIf(engine === 'postgres')('reaches a second process within seconds (LISTEN/NOTIFY)', async () => {
    const { app, db, cookie } = await setup();
    await app.contentChanges.listen().then((stop) => closeLater.push(stop));
    const [review] = await db.insert(customerReviews).values(aReview('Another process heard it')).returning();

    // A second server process on the same database, with pages of its own.
    const database = await openDatabase({ databaseUrl: t!.db.databaseUrl, dataDir: '/nonexistent' });
    closeLater.push(() => database.close());
    const second = await buildApp({
      config: testConfig(),
      database,
      logStream: logCapture().stream,
      passwordHasher: cheapHasher(),
      renderSource: cachedAppPages,
      pageCache: createPageCache({ recheckAfterMs: 60_000 }), // only the notification can tell it
    });
    closeLater.push(() => second.close());
    await second.contentChanges.listen().then((stop) => closeLater.push(stop));
    expect(text((await second.inject('/reviews')).body)).not.toContain('Another process heard it');

    await app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${review!.id}/publish`,
      headers: { cookie, origin: ORIGIN },
    });
    await expect
      .poll(async () => text((await second.inject('/reviews')).body), { timeout: 5_000 })
      .toContain('Another process heard it');
  });

  it('answers kept views inside the request cycle, so a hook that counts views (analytics) sees every one', async () => {
    const views: string[] = [];
    const pageCache = createPageCache();
    t = await createTestApp(engine, {
      deps: { renderSource: cachedAppPages, clock: testClock(), pageCache },
      setup: (app) =>
        app.addHook('onResponse', async (request, reply) => {
          if (String(reply.getHeader('content-type')).startsWith('text/html')) views.push(request.url);
        }),
    });
    for (const headers of [{}, {}, { 'accept-encoding': 'br' }]) await t.app.inject({ url: '/contact', headers });
    expect(pageCache.size).toBe(1);
    expect(views).toEqual(['/contact', '/contact', '/contact']);
  });

  it('is off where the renderer is not built (development), so an edit shows on reload', async () => {
    const pageCache = createPageCache();
    t = await createTestApp(engine, { deps: { renderSource: appPages, clock: testClock(), pageCache } });
    expect((await t.app.inject('/about')).headers.etag).toBeUndefined();
    expect(pageCache.size).toBe(0);
  });
});

/**
 * GET with the path exactly as written, over a real socket: app.inject (and fetch) parse the
 * address first, turning `//x/%2e%2e` into another path before the server sees it.
 */
async function rawGetter(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return (path: string) =>
    new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path, headers: { host: 'localhost' } }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode!, headers: response.headers, body }));
      });
      request.on('error', reject);
    });
}
