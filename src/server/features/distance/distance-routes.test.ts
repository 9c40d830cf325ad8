import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '~/server/config';
import { distanceLookups } from '~/server/db/schema';
import { distanceBadgeOf, distanceMessages, ESTIMATE_ATTRIBUTION, GOOGLE_ATTRIBUTION } from '~/shared/distance';
import { distanceResultSchema, type DistanceResult } from '~/shared/distance-schema';
import { apiInstances } from '../../../../test/helpers/api-cluster';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, hours, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { startFakeGoogle, type FakeGoogle } from '../../../../test/fakes/google/fake-google';
import { deleteExpiredDistanceLookups } from '.';

/**
 * GET /api/distance/{postcode} as an admin sees it: Google's Routes API through the real client
 * against the local fake (routes, no route, unplaceable postcodes, error bodies, one retry,
 * time-outs), the offline estimate without a key, the day-long cache, one provider call for
 * concurrent lookups, and the refusals of what cannot be a postcode.
 */

const START = new Date('2026-03-02T09:00:00Z');
const hasher = cheapHasher();
let clock: ReturnType<typeof testClock>;
let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());

const googleEnv = () => ({ GOOGLE_MAPS_API_KEY: google.apiKey, GOOGLE_MAPS_API_URL: google.url });

describe.each(testEngines)('distance lookup on %s', (engine) => {
  let t: TestApp | undefined;
  let cookie: string;
  let admin: { username: string; password: string };

  afterEach(async () => {
    // Every exchange with the fake must match the documented computeRouteMatrix shapes.
    expect(google.contractProblems).toEqual([]);
    google.reset();
    await t?.close();
    t = undefined;
  });

  /** A generous time-out (a loaded test machine is slow), shortened only where Google hangs anyway. */
  async function start(env: Record<string, string> = googleEnv(), timeoutMs = 2_000) {
    clock = testClock(START);
    t = await createTestApp(engine, {
      env,
      deps: { clock, passwordHasher: hasher, distance: { timeoutMs, retryDelayMs: 0 } },
    });
    admin = await seedUser(t.db.database.db, hasher, { isAdmin: true });
    cookie = await signedInCookie(t.app, admin);
    return t;
  }
  /** Moves the clock on; the admin signs in again (sessions end after 2 idle hours). */
  async function later(ms: number) {
    clock.advance(ms);
    cookie = await signedInCookie(t!.app, admin);
  }
  const distanceTo = (postcode: string) =>
    t!.app.inject({ method: 'GET', url: `/api/distance/${encodeURIComponent(postcode)}`, headers: { cookie } });
  const okBody = async (postcode: string) => {
    const response = await distanceTo(postcode);
    expect(response.statusCode, response.body).toBe(200);
    return distanceResultSchema.parse(response.json());
  };

  describe('with Google configured', () => {
    it('answers the road distance and time from the collection base, in SPEC shape', async () => {
      await start();
      const response = await distanceTo('sw1a1aa');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        status: 'OK',
        postcode: 'SW1A 1AA',
        origin: 'LN11 0LQ',
        distance: '156 miles',
        duration: '3 hours 20 mins',
        distanceValue: 251_300,
        durationValue: 12_000,
        band: 'Long Distance',
        estimated: false,
        attribution: GOOGLE_ATTRIBUTION,
        directions: {
          embedUrl: null,
          linkUrl: 'https://www.google.com/maps/dir/?api=1&origin=LN11%200LQ&destination=SW1A%201AA&travelmode=driving',
        },
      });
      expect(distanceBadgeOf(response.json<DistanceResult>())).toBe('Long');
      // What the client sent: the documented request, with the key and field mask in headers.
      expect(google.received).toHaveLength(1);
      const [sent] = google.received;
      expect(sent?.headers).toMatchObject({
        'x-goog-api-key': google.apiKey,
        'x-goog-fieldmask': 'originIndex,destinationIndex,status,condition,distanceMeters,duration,localizedValues',
      });
      expect(sent?.body).toEqual({
        origins: [{ waypoint: { address: 'LN11 0LQ, UK' } }],
        destinations: [{ waypoint: { address: 'SW1A 1AA, UK' } }],
        travelMode: 'DRIVE',
        routingPreference: 'TRAFFIC_UNAWARE',
        units: 'METRIC',
        languageCode: 'en-GB',
        regionCode: 'GB',
      });
    });

    it.each([
      // In miles for UK staff (issue 31); the bands stay SPEC's, in kilometres.
      ['LN11 9AA', 'Local', 'Local', '2 miles'],
      ['LN2 1PX', 'Local', 'Local', '26 miles'],
      ['NG1 1AA', 'Regional', 'Regional', '76 miles'],
      ['M1 1AE', 'Long Distance', 'Long', '120 miles'],
      ['EH1 1YZ', 'Very Far', 'Very Far', '274 miles'],
    ])('%s is %s ("%s" badge), %s', async (postcode, band, badge, distance) => {
      await start();
      const body = await okBody(postcode);
      expect(body).toMatchObject({ status: 'OK', band, distance, estimated: false });
      expect(distanceBadgeOf(body)).toBe(badge);
    });

    it('looks up a district on its own', async () => {
      await start();
      const body = await okBody('ng1');
      expect(body).toMatchObject({ status: 'OK', postcode: 'NG1', band: 'Regional', estimated: false });
      expect(google.destinations).toEqual(['NG1']);
    });

    it('answers ZERO_RESULTS "Distance unavailable" when no road leads there, and keeps it for the day', async () => {
      await start();
      const body = await okBody('ZE1 0AA');
      expect(body).toEqual({
        status: 'ZERO_RESULTS',
        postcode: 'ZE1 0AA',
        origin: 'LN11 0LQ',
        estimated: false,
        attribution: GOOGLE_ATTRIBUTION,
        message: distanceMessages.unavailable,
        directions: {
          embedUrl: null,
          linkUrl: 'https://www.google.com/maps/dir/?api=1&origin=LN11%200LQ&destination=ZE1%200AA&travelmode=driving',
        },
      });
      expect(distanceBadgeOf(body)).toBe('N/A');
      await okBody('ZE1 0AA');
      expect(google.requests).toBe(1);
    });

    it('answers NOT_FOUND "Distance unavailable" for a postcode Google cannot place', async () => {
      await start();
      const body = await okBody('LN99 9ZZ');
      expect(body).toMatchObject({ status: 'NOT_FOUND', message: distanceMessages.unavailable, estimated: false });
      expect(t!.logs.text()).toContain('Google could not place a postcode');
      expect(t!.logs.text()).not.toContain('LN99 9ZZ');
    });

    it('answers ERROR "Unable to calculate distance" (502) for an error body, without retrying a refusal', async () => {
      await start();
      google.failNext({ status: 400, message: 'Invalid destination waypoint' });
      const response = await distanceTo('SW1A 1AA');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        status: 'ERROR',
        postcode: 'SW1A 1AA',
        message: distanceMessages.error,
        estimated: false,
      });
      expect(distanceBadgeOf(response.json<DistanceResult>())).toBe('N/A');
      expect(google.requests).toBe(1);
      expect(t!.logs.text()).toContain('INVALID_ARGUMENT: Invalid destination waypoint');
      // A failure is not kept: the next lookup asks again and gets the distance.
      expect((await okBody('SW1A 1AA')).status).toBe('OK');
      expect(google.requests).toBe(2);
    });

    it('answers ERROR when Google refuses the key, and never logs the key', async () => {
      await start({ ...googleEnv(), GOOGLE_MAPS_API_KEY: 'wrong-google-key' });
      const response = await distanceTo('SW1A 1AA');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ status: 'ERROR', message: distanceMessages.error });
      expect(t!.logs.text()).toContain('API key not valid');
      expect(t!.logs.text()).not.toContain('wrong-google-key');
    });

    it('asks once more after a server error: one failure is hidden, two answer ERROR', async () => {
      await start();
      google.failNext({ status: 503 });
      expect((await okBody('M1 1AE')).status).toBe('OK');
      expect(google.requests).toBe(2);

      google.reset();
      google.failNext({ status: 500 }, { status: 500 });
      const response = await distanceTo('NG1 1AA');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ status: 'ERROR', message: distanceMessages.error });
      expect(google.requests).toBe(2);
    });

    it('gives up on a Google that does not answer (twice) with ERROR, 503', async () => {
      await start(googleEnv(), 300);
      google.failNext({ hang: true }, { hang: true });
      const response = await distanceTo('SW1A 1AA');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'ERROR', message: distanceMessages.error });
      expect(google.requests).toBe(2);
    });

    it('answers from the cache for 24 hours per postcode and base, then asks Google again', async () => {
      await start();
      const first = await okBody('SW1A 1AA');
      const db = t!.db.database.db;
      const [row] = await db
        .select()
        .from(distanceLookups)
        .where(and(eq(distanceLookups.postcode, 'SW1A 1AA'), eq(distanceLookups.origin, 'LN11 0LQ')));
      // Kept without the directions, which each answer builds afresh.
      const { directions: _directions, ...measured } = first;
      expect(row).toMatchObject({ fetchedAt: START, expiresAt: new Date(START.getTime() + hours(24)), data: measured });
      await later(hours(23));
      expect(await okBody('sw1a 1aa')).toEqual(first);
      expect(google.requests).toBe(1);
      await later(hours(1) + 1);
      expect(await okBody('SW1A 1AA')).toEqual(first);
      expect(google.requests).toBe(2);
    });

    it('writes a distance kept from before distances were in miles afresh', async () => {
      await start();
      const first = await okBody('SW1A 1AA');
      const db = t!.db.database.db;
      const { directions: _directions, ...measured } = first;
      await db.update(distanceLookups).set({ data: { ...measured, distance: '251 km' } });
      expect(await okBody('SW1A 1AA')).toMatchObject({ distance: '156 miles', distanceValue: 251_300 });
      expect(google.requests).toBe(1);
    });

    it('measures from COLLECTION_POSTCODE when it is set', async () => {
      await start({ ...googleEnv(), COLLECTION_POSTCODE: 'ln1 1aa' });
      const body = await okBody('SW1A 1AA');
      expect(body).toMatchObject({ status: 'OK', origin: 'LN1 1AA' });
      expect(google.received[0]?.body).toMatchObject({ origins: [{ waypoint: { address: 'LN1 1AA, UK' } }] });
    });

    it('makes one provider call for concurrent lookups of one postcode', async () => {
      await start();
      const answers = await Promise.all([distanceTo('SW1A 1AA'), distanceTo('sw1a1aa'), distanceTo(' SW1A  1AA ')]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      // One call per process at most: concurrent lookups are shared within a process (decision 006).
      expect(new Set(google.destinations)).toEqual(new Set(['SW1A 1AA']));
      expect(google.destinations.length).toBeLessThanOrEqual(apiInstances);
    });

    it('clean-up removes expired distances only', async () => {
      await start();
      await okBody('SW1A 1AA');
      await later(hours(12));
      await okBody('NG1 1AA');
      const db = t!.db.database.db;
      await deleteExpiredDistanceLookups(db, new Date(START.getTime() + hours(25)));
      expect((await db.select().from(distanceLookups)).map((row) => row.postcode)).toEqual(['NG1 1AA']);
    });
  });

  describe('without a Google key', () => {
    it('estimates from the district centroids, labelled estimated, with the data credit', async () => {
      await start({});
      const body = await okBody('SW1A 1AA');
      expect(body).toMatchObject({
        status: 'OK',
        postcode: 'SW1A 1AA',
        origin: 'LN11 0LQ',
        estimated: true,
        attribution: ESTIMATE_ATTRIBUTION,
        band: 'Long Distance',
      });
      if (body.status !== 'OK') throw new Error('unreachable');
      // About 208 km in a straight line; by road about 250 km in 3.5 hours.
      expect(body.distanceValue).toBeGreaterThan(230_000);
      expect(body.distanceValue).toBeLessThan(300_000);
      expect(body.distance).toMatch(/^1\d{2} miles$/);
      expect(body.duration).toMatch(/^3 hours( \d+ mins?)?$/);
      expect(google.requests).toBe(0);
      // Estimates cost nothing and are not cached.
      expect(await t!.db.database.db.select().from(distanceLookups)).toEqual([]);
    });

    it.each([
      ['LN11', 'Local', 'Same postcode district as the base'],
      ['LN11 8AB', 'Local', 'Same postcode district as the base'],
      ['LN11 0LQ', 'Local', 'Same postcode as the base'],
      ['LN2 1PX', 'Local', undefined],
      ['PE21 6AA', 'Regional', undefined],
      ['NG1', 'Regional', undefined],
      ['M1 1AE', 'Long Distance', undefined],
      ['EH1 1YZ', 'Very Far', undefined],
      ['BT1 1AA', 'Very Far', undefined],
    ])('estimates %s as %s', async (postcode, band, distance) => {
      await start({});
      const body = await okBody(postcode);
      expect(body).toMatchObject({ status: 'OK', band, estimated: true, ...(distance ? { distance } : {}) });
    });

    it('answers NOT_FOUND "Distance unavailable" for a district missing from the data', async () => {
      await start({});
      const body = await okBody('LN99 9ZZ');
      expect(body).toEqual({
        status: 'NOT_FOUND',
        postcode: 'LN99 9ZZ',
        origin: 'LN11 0LQ',
        estimated: true,
        attribution: ESTIMATE_ATTRIBUTION,
        message: distanceMessages.unavailable,
        directions: {
          embedUrl: null,
          linkUrl: 'https://www.google.com/maps/dir/?api=1&origin=LN11%200LQ&destination=LN99%209ZZ&travelmode=driving',
        },
      });
    });
  });

  describe('directions', () => {
    it('carry a Maps Embed directions frame when GOOGLE_MAPS_EMBED_KEY is set, on every answer, cached or not', async () => {
      await start({ ...googleEnv(), GOOGLE_MAPS_EMBED_KEY: 'embed-key-1' });
      const expected = {
        embedUrl:
          'https://www.google.com/maps/embed/v1/directions?key=embed-key-1&origin=LN11%200LQ%2CUK' +
          '&destination=NG1%2CUK&mode=driving&region=GB',
        linkUrl: 'https://www.google.com/maps/dir/?api=1&origin=LN11%200LQ&destination=NG1&travelmode=driving',
      };
      expect((await okBody('ng1')).directions).toEqual(expected);
      expect((await okBody('NG1')).directions).toEqual(expected); // from the cache
      expect(google.requests).toBe(1);
      const [row] = await t!.db.database.db.select().from(distanceLookups);
      expect(row?.data).not.toHaveProperty('directions');
    });

    it('come with failures too, and with estimates', async () => {
      await start({ GOOGLE_MAPS_EMBED_KEY: 'embed-key-2' });
      const body = await okBody('LN99 9ZZ');
      expect(body.status).toBe('NOT_FOUND');
      expect(body.directions.embedUrl).toContain('key=embed-key-2');
      expect(body.directions.embedUrl).toContain('destination=LN99%209ZZ%2CUK');
    });
  });

  it.each([
    ['A', distanceMessages.noPostcode],
    [' l n ', distanceMessages.noPostcode],
    ['HELLO', distanceMessages.notAPostcode],
    ['LN11 0L', distanceMessages.notAPostcode],
    ['12345', distanceMessages.notAPostcode],
    ['QQ1 1QQ', distanceMessages.notAPostcode],
    ['LN11-0LQ', distanceMessages.notAPostcode],
  ])('refuses %j with 400 and a clear message, calling nobody', async (postcode, message) => {
    await start();
    const response = await distanceTo(postcode);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'INVALID_INPUT' });
    expect(google.requests).toBe(0);
  });
});

describe('COLLECTION_POSTCODE', () => {
  it('defaults to LN11 0LQ and is normalised', () => {
    expect(loadConfig({}).distance).toEqual({ origin: 'LN11 0LQ', google: undefined });
    expect(loadConfig({ COLLECTION_POSTCODE: ' pe21 6aa ' }).distance.origin).toBe('PE21 6AA');
  });

  it('must be a full UK postcode', () => {
    expect(() => loadConfig({ COLLECTION_POSTCODE: 'LN11' })).toThrow(ConfigError);
    expect(() => loadConfig({ COLLECTION_POSTCODE: 'LN11' })).toThrow(
      'COLLECTION_POSTCODE: must be a full UK postcode, such as LN11 0LQ (got "LN11")',
    );
  });

  it('points the client at GOOGLE_MAPS_API_URL, Google by default, and hides the key', () => {
    const config = loadConfig({ GOOGLE_MAPS_API_KEY: 'secret-maps-key' });
    expect(config.distance.google).toEqual({ apiKey: 'secret-maps-key', apiUrl: 'https://routes.googleapis.com' });
    expect(JSON.stringify(config)).not.toContain('secret-maps-key');
  });
});
