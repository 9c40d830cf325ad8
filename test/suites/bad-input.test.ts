import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLogs, customerReviews, purchasedVehicles } from '~/server/db/schema';
import type { Db } from '~/server/db/client';
import { addressMessages } from '~/server/http/error-handler';
import { bodyMessages, DEFAULT_BODY_LIMIT } from '~/server/http/json-body';
import { escapeRegExp } from '~/server/lib/escape-regexp';
import { projectRoot } from '~/server/project-root';
import { createTestApp, type TestApp } from '../helpers/app';
import { cheapHasher, seedUser, signedInCookie, strongPassword } from '../helpers/auth';
import { testEngines } from '../helpers/database';
import { appPages } from '../helpers/pages';
import { count, suiteFigures } from '../helpers/figures';
import { validValuation } from '../helpers/valuation';
import {
  badBodies,
  badParameters,
  jsonBodySchema,
  type BadRequest,
  type JsonSchema,
  type Parameter,
} from './bad-input-arbitraries';

/**
 * Issue 17, suite 1 "Bad input": every operation of the OpenAPI document that takes a JSON body
 * (and every path or query parameter with a schema) gets fast-check's invalid requests, derived
 * from its schema, so a new route is covered without being listed here. Every one must be
 * refused with 400 and a message from the shared catalogue (src/shared), and nothing may be
 * written: every table is fingerprinted before and after. Two refusals come before any schema
 * and keep their own statuses: a body over the 16 KB limit (the 100,000-character strings) gets
 * 413, and a path part over the router's 100 characters 414, each with its plain message.
 */

/** Fixed, so a failure reproduces: the same seed generates the same cases, and the report names it. */
const SEED = 17_001;
/**
 * Runs per operation, on each engine: the body runs alone give the issue's 10,000 and more across
 * the operations (a new route adds its own). At a few milliseconds a request this stays well
 * inside the time budget of `npm test`.
 */
const RUNS = { body: 600, parameters: 30 };
const MIN_TOTAL = 10_000;
/** Fastify's default: a longer path part is refused by the router, before any schema. */
const MAX_PARAM_LENGTH = 100;

/** Operations left out, and why. Anything else with a JSON body must get cases. */
const SKIPPED_PREFIXES = [
  // Twilio's webhooks take form-encoded bodies signed with the account's auth token, checked before
  // the body is validated: an unsigned request gets 403 (503 without Twilio settings), never 400.
  // calls.test.ts covers them.
  '/api/twilio/',
];
/**
 * Lookups whose path parameter the handler checks, answering a bad one in the route's own
 * documented shape (SPEC's `{ success: false, error }` for the vehicle lookups; the distance's
 * message) rather than the shared one: a 400 is all this suite asks of them (the contract check
 * in test/helpers/api-contract.ts holds the body to the document).
 */
const OWN_REFUSALS = new Set([
  'GET /api/vehicle/{registration}',
  'GET /api/dvla-info/{registration}',
  'GET /api/distance/{postcode}',
]);
/** Multipart uploads (photos, audio): suite 4's, which sends real files. */
const MULTIPART = new Set([
  'POST /api/valuations/{id}/photos',
  // A price revision's photo (issue 37): revisions.test.ts sends real files and refused ones.
  'POST /api/admin/valuations/{id}/revision-photos',
  'POST /api/admin/purchased-vehicles',
  'POST /api/admin/purchased-vehicles/{id}/photos',
  'POST /api/audio/upload',
]);

type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Parameter[];
};
type ApiDocument = { paths: Record<string, Record<string, Operation>> };

type Seeded = {
  adminCookie: string;
  userId: number;
  valuationId: string;
  reviewId: number;
  vehicleId: number;
  callSid: string;
  password: string;
};

/** Valid bodies, so a refusal can only be for the one thing spoiled; a new route needs none. */
function validBodies(seeded: Seeded): Record<string, Record<string, unknown>> {
  return {
    'POST /api/auth/login': { username: 'someone', password: 'a password' },
    'POST /api/auth/change-password': { currentPassword: seeded.password, newPassword: strongPassword('fresh') },
    'POST /api/admin/users': {
      username: 'new.staff',
      password: strongPassword('new'),
      firstName: 'Alex',
      lastName: 'Staff',
      email: 'alex@example.com',
      isAdmin: false,
    },
    'PATCH /api/admin/users/{id}': { firstName: 'Alex', lastName: 'Staff', email: 'alex@example.com', isAdmin: true },
    'POST /api/valuations': validValuation() as Record<string, unknown>,
    'PATCH /api/valuations/{id}/status': { status: 'contacted' },
    'POST /api/valuations/{id}/offer': { offerAmount: '4250', notes: 'Thanks for waiting', sendMethod: 'email' },
    'POST /api/admin/messages/test': { channel: 'email', to: 'staff@example.com' },
    'POST /api/valuations/{id}/send-to-dealer': {
      dealerName: 'Lincs Motors',
      dealerEmail: 'trade@lincs-motors.co.uk',
      message: 'One for you',
      senderName: 'Sam',
      includeContactDetails: false,
    },
    'POST /api/reviews': {
      customerName: 'Jo Seller',
      email: 'jo@example.com',
      rating: 5,
      reviewTitle: 'Quick and fair',
      reviewText: 'They collected the car the next day.',
      location: 'Louth',
      vehicleSold: 'Ford Focus',
    },
    'PATCH /api/admin/reviews/{id}/approve': { adminNotes: 'Looks genuine' },
    'PATCH /api/admin/reviews/{id}/reject': { adminNotes: 'Spam' },
    'PUT /api/admin/purchased-vehicles/{id}': {
      make: 'Ford',
      model: 'Focus',
      year: 2018,
      registration: 'AB12CDE',
      mileage: 45000,
      purchasePrice: '4250.50',
      location: 'Grimsby',
      description: 'One owner.',
      purchaseDate: '2025-01-10',
      isVisible: true,
    },
    'POST /api/analytics/collect': { path: '/' },
    'PATCH /api/calls/{callSid}/notes': { notes: 'Called back' },
    'POST /api/calls/make': { phoneNumber: '07911 123456' },
    'POST /api/complaints': {
      name: 'Jo Seller',
      email: 'jo@example.com',
      phone: '07911 123456',
      details: 'You kept my number after I asked you to delete it.',
    },
    'PATCH /api/admin/complaints/{id}/resolve': { resolutionNote: 'Replied by e-mail' },
    'POST /api/admin/data-requests/search': { email: 'nobody.here@example.com' },
    'POST /api/admin/data-requests/export': { email: 'nobody.here@example.com' },
    'POST /api/admin/data-requests/erase': { email: 'nobody.here@example.com', confirm: 'nobody.here@example.com' },
    'PUT /api/admin/collections/settings': { morning: 2, afternoon: 2 },
    'PUT /api/admin/collections/days/{date}': { morning: 1, afternoon: 0, note: 'Van in for service' },
    'POST /api/admin/valuations/{id}/handover': {
      condition: 'as_declared',
      mileage: 45000,
      keys: 2,
      v5cHandedOver: true,
      sellerIsKeeper: true,
      notes: 'As declared',
    },
    'POST /api/admin/valuations/{id}/payment': {
      seller: { amount: '1250', reference: 'CARBUY 1', paidAt: '2026-01-01T10:00:00Z' },
      lender: null,
    },
    'POST /api/admin/vouchers/{id}/sent': { code: 'L2S-1234' },
    // Price revisions (issue 37).
    'POST /api/admin/deductions': { name: 'Cracked bumper', amountFrom: '120', amountTo: '250', evidence: 'A photo' },
    'PUT /api/admin/deductions/{id}': { name: 'Cracked bumper', amountFrom: 120, amountTo: null, evidence: 'A photo' },
    'POST /api/admin/deductions/{id}/move': { direction: 'up' },
    'POST /api/admin/valuations/{id}/revisions': {
      items: [
        {
          deductionId: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e',
          quantity: 2,
          amount: '45',
          note: 'Rear bumper scuffed; not declared.',
          photoIds: ['8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e'],
        },
      ],
    },
    'POST /api/your-valuation/revision/accept': { revisionId: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e' },
    'POST /api/your-valuation/revision/decline': {
      revisionId: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e',
      reason: 'I will sell it elsewhere.',
    },
    'PUT /api/admin/valuations/{id}/owner': { userId: null },
    'POST /api/admin/valuations/{id}/contacts': { channel: 'call', note: 'Spoke to the seller' },
  };
}

/** Path parameters that resolve to a real row (or a well-formed value), by name and path. */
function validParameters(seeded: Seeded, apiPath: string): Record<string, string> {
  const id = apiPath.includes('/users/')
    ? String(seeded.userId)
    : apiPath.includes('/reviews/')
      ? String(seeded.reviewId)
      : apiPath.includes('/purchased-vehicles/')
        ? String(seeded.vehicleId)
        : apiPath.includes('/messages/')
          ? '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e'
          : seeded.valuationId;
  return {
    id,
    callSid: seeded.callSid,
    photoPath: '0'.repeat(32),
    // A revision's photo (issue 37) is a uuid; a purchased vehicle's, 32 hex digits.
    photoId: apiPath.includes('/revision-photos/') ? '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e' : '0'.repeat(32),
    revisionId: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e',
    markerId: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e',
    documentId: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e',
    kind: 'v5c',
    index: '0',
    type: 'welcome',
    // A collection day far ahead, so no day's change is refused as past.
    date: '2099-01-05',
  };
}

describe.each(testEngines)('bad input (%s)', (engine) => {
  let figures: ReturnType<typeof suiteFigures>;
  let t: TestApp;
  let seeded: Seeded;
  let document: ApiDocument;
  const shared = sharedMessages();

  beforeAll(async () => {
    figures = suiteFigures('Bad input');
    const hasher = cheapHasher();
    const unlimited = { limit: 1_000_000_000, windowMs: 60_000 };
    t = await createTestApp(engine, {
      // Overload protection off: a busy shared test machine must not turn a refusal into a 503.
      // Warnings only: ten thousand "request refused" lines would cost more than the requests.
      env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '0', LOG_LEVEL: 'warn' },
      // The public submission limits count bad requests too: raised so every case reaches validation.
      deps: {
        passwordHasher: hasher,
        valuations: { submitLimit: unlimited },
        reviews: { submitLimit: unlimited },
        complaints: { submitLimit: unlimited },
        analytics: { collectLimit: unlimited },
        sellerPortal: { callsLimit: unlimited, lostLinkLimits: { perAddress: unlimited, perRecipient: unlimited } },
        damage: { callsLimit: unlimited },
        documents: { callsLimit: unlimited },
        collections: { callsLimit: unlimited },
        handover: { callsLimit: unlimited },
        revisions: { callsLimit: unlimited },
      },
    });
    seeded = await seed(t, hasher);
    const response = await t.app.inject({ url: '/api/openapi.json', headers: { cookie: seeded.adminCookie } });
    expect(response.statusCode).toBe(200);
    document = response.json<ApiDocument>();
  });
  afterAll(async () => t?.close());

  it('refuses every invalid request with 400 and a shared message, and writes nothing', async () => {
    const db = t.db.database.db;
    const before = await tableFingerprints(db);
    const bases = validBodies(seeded);
    const failures: string[] = [];
    const counts = new Map<string, number>();
    for (const [key, operation] of operations(document)) {
      const [method, apiPath] = key.split(' ') as [string, string];
      const arbitraries = casesFor(key, operation, bases[key], validParameters(seeded, apiPath));
      if (arbitraries.body.length === 0 && arbitraries.parameters.length === 0) continue;
      // Every case runs (no stop at the first): each kind of defect is reported once per field,
      // with its counterexample; the fixed seed replays the same cases.
      const problems = new Map<string, string>();
      const check = async (bad: BadRequest) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        const response = await send(t, method, apiPath, bad, seeded.adminCookie);
        const ownShape = OWN_REFUSALS.has(key) && response.statusCode === 400;
        const problem = ownShape ? undefined : refusalProblem(bad, response, shared, bases[key] !== undefined);
        const name = `${bad.kind} (${bad.field || 'body'})`;
        if (problem && !problems.has(name)) problems.set(name, `${problem}\n    sent: ${shorten(JSON.stringify(bad))}`);
      };
      for (const [cases, numRuns] of [
        [arbitraries.body, RUNS.body],
        [arbitraries.parameters, RUNS.parameters],
      ] as const) {
        if (cases.length) await fc.assert(fc.asyncProperty(fc.oneof(...cases), check), { seed: SEED, numRuns });
      }
      for (const [name, problem] of problems) failures.push(`${key}: ${name}: ${problem}`);
    }
    expect(failures, `seed ${SEED}:\n${failures.join('\n')}`).toEqual([]);
    expect(await tableFingerprints(db)).toEqual(before);

    // Every operation with a JSON body got cases, so a new route cannot slip through unchecked.
    const uncovered = [...operations(document)]
      .filter(([, operation]) => jsonBodySchema(operation))
      .map(([key]) => key)
      .filter((key) => !counts.get(key));
    expect(uncovered).toEqual([]);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(MIN_TOTAL);
    figures.report(`${count(total)} bad inputs, 0 accepted`, engine);
  }, 600_000);

  it('answers addresses the router refuses in our words', async () => {
    const tooLong = await t.app.inject({ url: `/api/valuations/${'a'.repeat(MAX_PARAM_LENGTH + 1)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ message: addressMessages.tooLong });
    const broken = await t.app.inject({ url: '/api/admin/users/%E0%A4%A', headers: { cookie: seeded.adminCookie } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: addressMessages.invalid });
  });

  it('would notice a write: the fingerprints change when a valid request changes a row', async () => {
    const db = t.db.database.db;
    const before = await tableFingerprints(db);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/calls/${seeded.callSid}/notes`,
      headers: { cookie: seeded.adminCookie },
      payload: { notes: 'Rang back on Tuesday' },
    });
    expect(response.statusCode).toBe(200);
    expect(await tableFingerprints(db)).not.toEqual(before);
  });
});

/**
 * The public forms posted without JavaScript (render/page-forms.ts), which the API document does
 * not list: an app with the public pages, whose catch-all page route would otherwise take the
 * API's over-long addresses from the router's 414 above.
 */
describe.each(testEngines)('bad input to the plain forms (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    const unlimited = { limit: 1_000_000_000, windowMs: 60_000 };
    t = await createTestApp(engine, {
      env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '0', LOG_LEVEL: 'warn' },
      deps: { renderSource: appPages, reviews: { submitLimit: unlimited }, complaints: { submitLimit: unlimited } },
    });
  });
  afterAll(async () => t?.close());

  it.each(Object.keys(PLAIN_FORMS))(
    'refuses every bad plain post of %s (no JavaScript) with its page again, and writes nothing',
    async (url) => {
      const db = t.db.database.db;
      const before = await tableFingerprints(db);
      const { valid, badValues } = PLAIN_FORMS[url]!;
      const bad = fc.oneof(
        ...Object.entries(badValues).map(([name, values]) => values.map((value) => ({ name, value }))),
      );
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(bad, async ({ name, value }) => {
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
            payload: new URLSearchParams({ ...valid, [name]: value }).toString(),
          });
          const html = /^text\/html/.test(String(response.headers['content-type']));
          if (response.statusCode !== 400 || !html) {
            failures.push(
              `${name}=${shorten(JSON.stringify(value))}: ${response.statusCode} ${shorten(response.body)}`,
            );
          }
        }),
        { seed: SEED, numRuns: 200 },
      );
      expect(failures).toEqual([]);
      expect(await tableFingerprints(db)).toEqual(before);
    },
  );
});

const long = (min: number) => fc.string({ minLength: min, maxLength: min + 500 });
const nul = fc.string({ maxLength: 20 }).map((text) => `${text}\u0000`);

/**
 * The public forms posted without JavaScript (render/page-forms.ts; not in the API document): a
 * valid form, and values each field refuses, of the shared checks' kinds (missing, too long, NUL,
 * not the shape).
 */
const PLAIN_FORMS: Record<string, { valid: Record<string, string>; badValues: Record<string, fc.Arbitrary<string>> }> =
  {
    '/contact': {
      valid: {
        name: 'Jo Seller',
        email: 'jo@example.com',
        phone: '07911 123456',
        details: 'You kept my number after I asked you to delete it.',
      },
      badValues: {
        name: fc.oneof(fc.constant(''), long(101), nul, fc.constant('\u0007bell')),
        email: fc.oneof(fc.constant(''), long(256), nul, fc.constantFrom('not an e-mail', 'abc@', '@example.com')),
        phone: fc.oneof(long(31), nul, fc.constantFrom('+44', 'abc', '0123')),
        details: fc.oneof(fc.constant(''), long(4001), nul, fc.constantFrom('short', '  \n  ')),
      },
    },
    '/reviews/write': {
      valid: {
        rating: '5',
        customerName: 'Jo Seller',
        email: 'jo@example.com',
        reviewTitle: 'Quick and fair',
        reviewText: 'They collected the car the next day.',
        location: 'Louth',
        vehicleSold: 'Ford Focus',
      },
      badValues: {
        rating: fc.constantFrom('', '0', '6', '4.5', 'five', '\u0000'),
        customerName: fc.oneof(fc.constant('J'), long(101), nul),
        email: fc.oneof(fc.constant(''), nul, fc.constantFrom('not an e-mail', 'abc@')),
        reviewTitle: fc.oneof(fc.constant('Hi'), long(101), nul),
        reviewText: fc.oneof(fc.constant(''), long(1001), nul),
        location: fc.oneof(long(101), nul),
        vehicleSold: fc.oneof(long(101), nul),
      },
    },
  };

/** Every operation of the document but the skipped ones, as "METHOD /path". */
function* operations(document: ApiDocument): Generator<[string, Operation]> {
  for (const [apiPath, item] of Object.entries(document.paths)) {
    if (SKIPPED_PREFIXES.some((prefix) => apiPath.startsWith(prefix))) continue;
    for (const [method, operation] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${apiPath}`;
      if (!MULTIPART.has(key)) yield [key, operation];
    }
  }
}

function casesFor(
  key: string,
  operation: Operation,
  base: Record<string, unknown> | undefined,
  valid: Record<string, string>,
) {
  const schema = jsonBodySchema(operation);
  const parameters = operation.parameters ?? [];
  const params = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, valid[p.name] ?? '1']),
  );
  const body = schema ? badBodies(schema, base).map((arbitrary) => arbitrary.map((bad) => ({ params, ...bad }))) : [];
  // Parameters with a spoiled value, the body (if any) valid so the parameter is what is refused.
  const parameterCases = badParameters(parameters, valid).map((arbitrary) =>
    arbitrary.map((bad) => (schema && base ? { ...bad, body: base } : schema ? { ...bad, rawBody: '{}' } : bad)),
  );
  if (schema && body.length === 0) throw new Error(`${key}: no invalid bodies could be derived from its schema`);
  return { body, parameters: parameterCases };
}

async function send(t: TestApp, method: string, apiPath: string, bad: BadRequest, cookie: string) {
  const url = apiPath.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(bad.params?.[name] ?? '1'));
  const hasBody = bad.rawBody !== undefined || bad.body !== undefined;
  return t.app.inject({
    method: method as 'POST',
    url,
    query: bad.query,
    headers: { cookie, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: bad.rawBody ?? JSON.stringify(bad.body) } : {}),
  });
}

const shorten = (text: string) => text.replace(/(.)\1{40,}/g, (run, c: string) => `${c}×${run.length}`).slice(0, 600);

/** Why the response is not the refusal it should be, or undefined when it is. */
function refusalProblem(
  bad: BadRequest,
  response: LightMyRequestResponse,
  shared: (message: string) => boolean,
  hasBase: boolean,
): string | undefined {
  const answer = `${response.statusCode} ${shorten(response.body)}`;
  const bytes = Buffer.byteLength(bad.rawBody ?? JSON.stringify(bad.body ?? ''));
  // Bodies over the limit are refused while they arrive, before anything parses them: 413, not 400.
  if (bytes > DEFAULT_BODY_LIMIT) {
    return response.statusCode === 413 && response.json().message === bodyMessages.tooLarge ? undefined : answer;
  }
  // Likewise a path part longer than the router takes (Fastify's maxParamLength, 100): 414.
  const pathPart = bad.kind === 'bad path parameter' ? encodeURIComponent(bad.params?.[bad.field] ?? '') : '';
  if (pathPart.length > MAX_PARAM_LENGTH) {
    return response.statusCode === 414 && response.json().message === addressMessages.tooLong ? undefined : answer;
  }
  if (response.statusCode !== 400) return `not 400: ${answer}`;
  let body: { message?: unknown; issues?: { path: string; message: string }[] };
  try {
    body = response.json();
  } catch {
    return `not JSON: ${answer}`;
  }
  if (typeof body.message !== 'string' || !shared(body.message)) return `not a shared message: ${answer}`;
  const unshared = (body.issues ?? []).filter((issue) => !shared(issue.message));
  if (unshared.length) return `an issue without a shared message: ${answer}`;
  if (!bad.field) return undefined;
  // The refusal names the spoiled field; with a valid base, nothing else.
  const paths = (body.issues ?? []).map((issue) => issue.path);
  const names = (p: string) => p === bad.field || p.startsWith(`${bad.field}.`);
  if (!paths.some(names)) return `the issues do not name ${bad.field}: ${answer}`;
  if (hasBase && bad.body !== undefined && !paths.every(names)) return `the issues name other fields: ${answer}`;
  return undefined;
}

// --- Fixtures -------------------------------------------------------------------------------

async function seed(t: TestApp, hasher: ReturnType<typeof cheapHasher>): Promise<Seeded> {
  const db = t.db.database.db;
  const admin = await seedUser(db, hasher, { isAdmin: true });
  const other = await seedUser(db, hasher, { isAdmin: true });
  const adminCookie = await signedInCookie(t.app, admin);
  const created = await t.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
  expect(created.statusCode, created.body).toBe(201);
  const [review] = await db
    .insert(customerReviews)
    .values({
      customerName: 'Jo Seller',
      email: 'jo@example.com',
      rating: 5,
      reviewTitle: 'Quick and fair',
      reviewText: 'They collected the car the next day.',
    })
    .returning({ id: customerReviews.id });
  const [vehicle] = await db
    .insert(purchasedVehicles)
    .values({ make: 'Ford', model: 'Focus', year: 2018 })
    .returning({ id: purchasedVehicles.id });
  const callSid = `CA${'0123456789abcdef'.repeat(2)}`;
  await db.insert(callLogs).values({ callSid, status: 'completed', direction: 'inbound' });
  return {
    adminCookie,
    userId: other.id,
    valuationId: created.json<{ id: string }>().id,
    reviewId: review!.id,
    vehicleId: vehicle!.id,
    callSid,
    password: admin.password,
  };
}

/**
 * Each table's row count and a digest of its rows, to prove nothing was written. Left out:
 * rate_limit_counters, which counts every public submission before its body is read, on purpose
 * (a flood of bad requests must use up the limit too); and the rows of sessions, whose last-seen
 * time moves as the admin's requests arrive (their number is still compared).
 */
async function tableFingerprints(db: Db): Promise<Record<string, string>> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select format('%I.%I', schemaname, tablename) as name from pg_catalog.pg_tables
    where schemaname not in ('information_schema', 'drizzle') and left(schemaname, 3) <> 'pg_'
    order by 1`);
  const prints: Record<string, string> = {};
  for (const { name } of rows) {
    if (name === 'public.rate_limit_counters') continue;
    const digest =
      name === 'public.sessions' ? sql`''` : sql`md5(coalesce(string_agg(t::text, '|' order by t::text), ''))`;
    const result = await db.execute<{ n: string; digest: string }>(
      sql`select count(*)::text as n, ${digest} as digest from ${sql.raw(name)} t`,
    );
    prints[name] = `${result.rows[0]!.n} rows ${result.rows[0]!.digest}`;
  }
  return prints;
}

/**
 * The shared messages: every string written in src/shared (the forms' and the API's wording,
 * SPEC sections 5 and 8), templates as patterns. A refusal in zod's or Fastify's own words
 * ("Invalid input: expected string, received number") is not one of them.
 */
function sharedMessages(): (message: string) => boolean {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) exact.add(node.text);
    else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      // Only templates with words of their own: `${a}${b}` would match anything.
      if (parts.join('').trim().length >= 8) patterns.push(new RegExp(`^${parts.map(escapeRegExp).join('.+')}$`, 's'));
    }
    ts.forEachChild(node, visit);
  };
  const folder = path.join(projectRoot, 'src', 'shared');
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  }
  // The server's own refusals of a request as a whole (a body too large or not JSON, a bad address).
  for (const message of [...Object.values(bodyMessages), ...Object.values(addressMessages)]) exact.add(message);
  return (message) => exact.has(message) || patterns.some((pattern) => pattern.test(message));
}
