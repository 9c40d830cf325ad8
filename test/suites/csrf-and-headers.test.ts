import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/server/db/client';
import { outboundMessages } from '~/server/db/schema';
import { createDiskFileStore } from '~/server/storage/file-store';
import { createTestApp, type TestApp } from '../helpers/app';
import { cheapHasher, seedUser, signedInCookie } from '../helpers/auth';
import { testEngines } from '../helpers/database';
import { suiteFigures } from '../helpers/figures';
import { multipart, solid } from '../helpers/images';
import { appPages } from '../helpers/pages';
import { validValuation } from '../helpers/valuation';
import { builtFiles, crossSiteRoutes, samplePaths, seedPrivateRows, type Ids } from './route-access';

/**
 * CSRF and protective headers (issue 17, suite 3).
 *
 * CSRF: every unsafe route, called with a valid admin cookie as a page on another site would make
 * the browser call it, is refused (403) and changes nothing in any table.
 *
 * Headers: one response of every kind the site gives (pages, API answers, errors, files, images,
 * audio) carries the CSP, nosniff, a Referrer-Policy, HSTS in production over https, no
 * X-Powered-By, and no-store when it holds personal data.
 */

const suite = 'CSRF and headers';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_REFUSAL = 'Cross-site requests are not allowed.';
/** The same refusal as a page, for a form a page posts without JavaScript (render/error-page.ts). */
const FORM_REFUSAL = 'It did not come from a page of this website, so we did not accept it.';
const TWILIO_ENV = {
  // Twilio set up (against a closed port), so its webhooks check signatures rather than answer 503.
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'csrf-suite-auth-token',
  TWILIO_API_URL: 'http://127.0.0.1:9',
  TWILIO_PHONE_NUMBER: '+441632960000',
  STAFF_PHONE_NUMBER: '+447700900001',
  // A loaded test machine must not turn the answers into "busy" (503): that is the overload suite's.
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
};

/** How a page on another site gets the victim's browser to send an unsafe request. */
const forgeries: Record<string, Record<string, string>> = {
  'foreign Origin': { origin: 'https://evil.example' },
  'Origin: null': { origin: 'null' },
  'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
  'foreign Referer': { referer: 'https://evil.example/free-valuation' },
};

/**
 * A fingerprint of every row of every table, by table: any insert, update or delete shows. The
 * migrations' own bookkeeping lives in another schema.
 */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const prints: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const result = await db.execute<{ print: string | null }>(
      sql`select md5(string_agg(t::text, '|' order by t::text)) as print from ${sql.identifier(name)} t`,
    );
    prints[name] = result.rows[0]?.print ?? 'empty';
  }
  return prints;
}

describe.each(testEngines)('forged cross-site requests on %s', (engine) => {
  const figures = suiteFigures(suite);
  const hasher = cheapHasher();
  let t: TestApp;
  let cookie: string;
  let ids: Ids;

  beforeAll(async () => {
    // With the public pages, whose forms also post without JavaScript (POST /contact).
    t = await createTestApp(engine, { env: TWILIO_ENV, deps: { passwordHasher: hasher, renderSource: appPages } });
    const db = t.db.database.db;
    cookie = await signedInCookie(t.app, await seedUser(db, hasher, { isAdmin: true }));
    // Real rows behind every :id, so a forgery that got through would archive, delete or change one.
    ids = await seedPrivateRows(db, (await seedUser(db, hasher, { isAdmin: false })).id);
  });
  afterAll(async () => t?.close());

  const unsafeRoutes = () =>
    t.app.registeredRoutes.filter((r) => UNSAFE.has(r.method)).map((r) => `${r.method} ${r.url}`);

  const forge = (key: string, url: string, headers: Record<string, string>) =>
    t.app.inject({ method: key.split(' ')[0] as 'POST', url, headers: { cookie, ...headers }, payload: {} });

  it('refuses every unsafe route forged four ways, and nothing changes', async () => {
    const routes = unsafeRoutes();
    const accepted: string[] = [];
    const skipsTheCheck = new Set<string>();
    for (const key of routes) {
      const before = await fingerprint(t.db.database.db);
      for (const [forgery, headers] of Object.entries(forgeries)) {
        for (const url of samplePaths(key, ids)) {
          const response = await forge(key, url, headers);
          if (response.statusCode !== 403) accepted.push(`${key} (${forgery}): ${response.statusCode}`);
          if (!response.body.includes(CSRF_REFUSAL) && !response.body.includes(FORM_REFUSAL)) skipsTheCheck.add(key);
        }
      }
      const after = await fingerprint(t.db.database.db);
      for (const table of Object.keys(after)) {
        if (after[table] !== before[table]) accepted.push(`${key}: changed ${table}`);
      }
    }
    expect(accepted).toEqual([]);
    // Only the routes listed, with their reasons, skip the check (and are refused by Twilio's signature).
    expect([...skipsTheCheck].sort()).toEqual(Object.keys(crossSiteRoutes).sort());
    expect(routes.length).toBeGreaterThan(40);
    figures.report(`${routes.length} unsafe routes × ${Object.keys(forgeries).length} forgeries, 0 accepted`, engine);
  }, 120_000);

  it('refuses look-alike origins and same-site pages too', async () => {
    const url = `/api/valuations/${ids.valuation}/archive`;
    const lookAlikes: Record<string, string>[] = [
      { origin: 'http://localhost.evil.example' },
      { origin: 'https://localhost' },
      { origin: 'http://localhost:8080' },
      { origin: 'http://' },
      { origin: 'https://evil.example', referer: 'http://localhost/admin' },
      { referer: 'null' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost' },
    ];
    for (const headers of lookAlikes) {
      const response = await forge('POST', url, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().message).toBe(CSRF_REFUSAL);
    }
  });

  it('lets the site itself make the same change, which the fingerprint sees', async () => {
    const before = await fingerprint(t.db.database.db);
    const url = `/api/valuations/${ids.valuation}/archive`;
    const response = await forge('POST', url, { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode, response.body).toBe(200);
    const after = await fingerprint(t.db.database.db);
    expect(after.car_valuations).not.toBe(before.car_valuations);
  });
});

/**
 * Where a response may differ from the rule, and why. The e-mail preview is framed by the
 * Messages screen (message-body.tsx), so only the site itself may frame it.
 */
const frameAncestorsFor: Record<string, string> = { 'e-mail preview (HTML)': "'self'" };

type Kind = {
  name: string;
  request: (c: HeaderContext) => InjectOptions;
  status: number;
  /** Holds personal data: never kept by a cache. */
  personal?: boolean;
};

type HeaderContext = {
  admin: string;
  signedIn: string;
  photo: string;
  audio: string;
  message: string;
  /** A seller's valuation, its upload token and one of its photos. */
  valuation: { id: string; token: string; photo: string };
};

/** One response of every kind the site gives. */
const kinds: Kind[] = [
  { name: 'public page', request: () => ({ url: '/' }), status: 200 },
  { name: 'admin shell', request: () => ({ url: '/admin/messages' }), status: 200 },
  { name: 'API JSON', request: () => ({ url: '/api/health' }), status: 200 },
  {
    name: 'API JSON with personal data',
    request: (c) => ({ url: '/api/valuations/active', headers: { cookie: c.admin } }),
    status: 200,
    personal: true,
  },
  {
    name: 'the signed-in user',
    request: (c) => ({ url: '/api/auth/user', headers: { cookie: c.signedIn } }),
    status: 200,
    personal: true,
  },
  {
    name: 'sign-in',
    request: () => ({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody', password: 'x' } }),
    status: 401,
  },
  { name: 'refusal', request: () => ({ url: '/api/valuations/active' }), status: 401 },
  { name: 'bad input', request: () => ({ method: 'POST', url: '/api/reviews', payload: {} }), status: 400 },
  { name: 'page 404', request: () => ({ url: '/no-such-page' }), status: 404 },
  {
    name: 'form posted without JavaScript, shown again with its messages',
    request: () => plainFormPost('/contact', 'name=Jo+Seller&email=jo%40'),
    status: 400,
    personal: true,
  },
  {
    name: 'form posted without JavaScript, sent (redirect)',
    request: () =>
      plainFormPost('/contact', 'name=Jo+Seller&email=jo%40example.com&details=You+kept+my+number+after+I+asked.'),
    status: 303,
    personal: true,
  },
  { name: 'API 404', request: () => ({ url: '/api/no-such-endpoint' }), status: 404 },
  { name: 'server error (500)', request: () => ({ url: '/api/test/fail' }), status: 500 },
  { name: 'image (built file)', request: () => ({ url: '/favicon.svg' }), status: 200 },
  { name: 'image (uploaded photo)', request: (c) => ({ url: c.photo }), status: 200 },
  { name: 'image (ad artwork)', request: () => ({ url: '/social-media-ads/facebook.svg' }), status: 200 },
  { name: 'audio (voice message)', request: (c) => ({ url: c.audio }), status: 200 },
  { name: 'text file', request: () => ({ url: '/robots.txt' }), status: 200 },
  { name: 'redirect', request: () => ({ url: '/privacy' }), status: 301 },
  { name: 'broken %-encoding (400)', request: () => ({ url: '/api/vehicle/%E0%A4%A' }), status: 400 },
  { name: 'unknown Host (421)', request: () => ({ url: '/', headers: { host: 'rebound.evil.example' } }), status: 421 },
  {
    name: 'valuation submitted (upload token)',
    request: () => ({ method: 'POST', url: '/api/valuations', payload: validValuation() }),
    status: 201,
    personal: true,
  },
  {
    name: "seller's photo list (upload token)",
    request: (c) => ({ url: `/api/valuations/${c.valuation.id}`, headers: bearer(c.valuation.token) }),
    status: 200,
    personal: true,
  },
  {
    name: "seller's photo (upload token)",
    request: (c) => ({
      url: `/api/valuations/${c.valuation.id}/photos/${c.valuation.photo}`,
      headers: bearer(c.valuation.token),
    }),
    status: 200,
    personal: true,
  },
  {
    name: 'e-mail preview (HTML)',
    request: (c) => ({ url: `/api/admin/messages/${c.message}/html`, headers: { cookie: c.admin } }),
    status: 200,
    personal: true,
  },
  {
    name: 'e-mail attachment',
    request: (c) => ({ url: `/api/admin/messages/${c.message}/attachments/0`, headers: { cookie: c.admin } }),
    status: 200,
    personal: true,
  },
];

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A form of one of the site's pages, posted by a browser without JavaScript. */
const plainFormPost = (url: string, payload: string): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
  payload,
});

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(/\s+/)[0] === name)
    ?.slice(name.length)
    .trim();

/** What a response of this kind lacks; empty when it has every header it should. */
function missingHeaders(kind: Kind, response: LightMyRequestResponse, production: boolean): string[] {
  const h = response.headers;
  const policy = String(h['content-security-policy'] ?? '');
  const missing: string[] = [];
  if (response.statusCode !== kind.status) missing.push(`status ${response.statusCode}, not ${kind.status}`);
  if (directive(policy, 'object-src') !== "'none'") missing.push("object-src 'none'");
  if (directive(policy, 'base-uri') !== "'none'") missing.push("base-uri 'none'");
  const ancestors = frameAncestorsFor[kind.name] ?? "'none'";
  if (directive(policy, 'frame-ancestors') !== ancestors) missing.push(`frame-ancestors ${ancestors}`);
  if (h['x-content-type-options'] !== 'nosniff') missing.push('nosniff');
  if (!h['referrer-policy']) missing.push('Referrer-Policy');
  if (h['x-powered-by'] !== undefined) missing.push('no X-Powered-By');
  const hsts = String(h['strict-transport-security'] ?? '');
  if (production && !/max-age=(\d{8,}|3153600\d)/.test(hsts)) missing.push('HSTS for a year');
  if (!production && hsts) missing.push('no HSTS over http');
  if (kind.personal && !/\bno-store\b/.test(String(h['cache-control'] ?? ''))) missing.push('no-store');
  return missing;
}

/**
 * Headers do not depend on the database engine, so PGlite only; they do depend on the
 * configuration, so both a local (http) and a production (https) one.
 */
describe('protective headers on every kind of response', () => {
  const figures = suiteFigures(suite);
  const hasher = cheapHasher();
  const opened: TestApp[] = [];
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-headers-'));
    for (const [file, text] of Object.entries(builtFiles)) {
      fs.mkdirSync(path.dirname(path.join(dir, 'static', file)), { recursive: true });
      fs.writeFileSync(path.join(dir, 'static', file), text);
    }
  });
  afterAll(async () => {
    await Promise.all(opened.map((t) => t.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const configs: { name: string; production: boolean; env: Record<string, string>; host: string }[] = [
    { name: 'local, http', production: false, env: {}, host: 'localhost' },
    {
      name: 'production, https',
      production: true,
      env: { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://www.carbuy.example' },
      host: 'www.carbuy.example',
    },
  ];

  it('puts every protective header on every kind of response, HSTS only in production over https', async () => {
    const problems: string[] = [];
    for (const config of configs) {
      const files = createDiskFileStore(path.join(dir, `files-${config.production}`));
      const t = await createTestApp('pglite', {
        env: { ...TWILIO_ENV, ...config.env },
        deps: { passwordHasher: hasher, renderSource: appPages, staticRoot: path.join(dir, 'static'), files },
        setup(app) {
          // Hidden from the API document: a deliberate 500 is no part of the API (nor of its contract check).
          app.get('/api/test/fail', { config: { access: 'public' }, schema: { hide: true } }, async () => {
            throw new Error('Deliberate failure for the headers suite');
          });
        },
      });
      opened.push(t);
      const inject = (options: InjectOptions) =>
        t.app.inject({ ...options, headers: { host: config.host, ...options.headers } });
      const context = await headerContext(t.db.database.db, inject, files);
      for (const kind of kinds) {
        const response = await inject(kind.request(context));
        for (const missing of missingHeaders(kind, response, config.production)) {
          problems.push(`${config.name}, ${kind.name}: ${missing}`);
        }
      }
    }
    expect(problems).toEqual([]);
    figures.report(`${kinds.length} kinds of response, 0 missing headers`);
  }, 120_000);
});

/** Sign-ins, an uploaded photo, a voice message and an e-mail with an attachment to ask for. */
async function headerContext(
  db: Db,
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  files: ReturnType<typeof createDiskFileStore>,
): Promise<HeaderContext> {
  const hasher = cheapHasher();
  const signIn = async (isAdmin: boolean) => {
    const user = await seedUser(db, hasher, { isAdmin });
    const response = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0]!;
  };
  const admin = await signIn(true);
  const signedIn = await signIn(false);

  const vehicle = multipart([{ filename: 'car.jpg', content: await solid(800, 600).jpeg().toBuffer() }], {
    make: 'Ford',
    model: 'Focus',
    year: '2019',
  });
  const added = await inject({
    method: 'POST',
    url: '/api/admin/purchased-vehicles',
    headers: { cookie: admin, 'content-type': vehicle.contentType },
    payload: vehicle.payload,
  });
  expect(added.statusCode, added.body).toBe(201);
  const photo = added.json<{ photos: { srcSet: { webp: string } }[] }>().photos[0]!.srcSet.webp.split(' ')[0]!;

  const mp3 = fs.readFileSync(new URL('../fixtures/audio/tone-440hz.mp3', import.meta.url));
  const voice = multipart([{ field: 'audio', filename: 'hold.mp3', contentType: 'audio/mpeg', content: mp3 }], {
    type: 'hold',
  });
  const uploaded = await inject({
    method: 'POST',
    url: '/api/audio/upload',
    headers: { cookie: admin, 'content-type': voice.contentType },
    payload: voice.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);

  const storageKey = await files.save(Buffer.from('%PDF-1.4 dealer report'), { area: 'reports', extension: 'pdf' });
  const [message] = await db
    .insert(outboundMessages)
    .values({
      channel: 'email',
      recipient: 'seller@example.com',
      subject: 'Your offer',
      textBody: 'Your offer',
      htmlBody: '<p>Your offer</p>',
      templateName: 'valuation-offer',
      attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', storageKey, size: 22 }],
    })
    .returning();

  const submitted = await inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const { id, uploadToken: token } = submitted.json<{ id: string; uploadToken: string }>();
  const sellerPhoto = multipart([{ filename: 'car.jpg', content: await solid(800, 600).jpeg().toBuffer() }]);
  const photos = await inject({
    method: 'POST',
    url: `/api/valuations/${id}/photos`,
    headers: { ...bearer(token), 'content-type': sellerPhoto.contentType },
    payload: sellerPhoto.payload,
  });
  expect(photos.statusCode, photos.body).toBe(201);
  const valuation = { id, token, photo: photos.json<{ photoPaths: string[] }>().photoPaths[0]! };

  return { admin, signedIn, photo, audio: uploaded.json<{ url: string }>().url, message: message!.id, valuation };
}
