import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, GOOGLE_ROUTES_PATH, type FakeGoogle } from './fake-google';
import { routeMatrixContract } from './routes-contract';

/**
 * The fake Routes API, spoken to directly, and the contract it is checked against. Google's
 * published OpenAPI document does not describe the Routes API, so the contract is ours, written
 * from shared/contracts/external-apis.md §3b: first, it must accept the examples that document
 * gives (copied here as they stand there) and refuse what Google would refuse.
 */

const contract = routeMatrixContract();
const path = GOOGLE_ROUTES_PATH;
const headers = {
  'content-type': 'application/json',
  'x-goog-api-key': 'KEY',
  'x-goog-fieldmask': 'originIndex,destinationIndex,status,condition,distanceMeters,duration,localizedValues',
};

describe('the computeRouteMatrix contract', () => {
  it("accepts external-apis.md's example request and response", () => {
    const request = {
      origins: [{ waypoint: { location: { latLng: { latitude: 53.2307, longitude: -0.5406 } } } }],
      destinations: [{ waypoint: { address: 'LN11 0AA' } }],
      travelMode: 'DRIVE',
      routingPreference: 'TRAFFIC_UNAWARE',
      units: 'IMPERIAL',
      languageCode: 'en-GB',
      regionCode: 'GB',
    };
    const response = [
      {
        originIndex: 0,
        destinationIndex: 0,
        status: {},
        condition: 'ROUTE_EXISTS',
        distanceMeters: 42487,
        duration: '2460s',
        staticDuration: '2460s',
        localizedValues: {
          distance: { text: '26.4 mi' },
          duration: { text: '41 mins' },
          staticDuration: { text: '41 mins' },
        },
      },
    ];
    const error = { error: { code: 400, message: '...', status: 'INVALID_ARGUMENT' } };
    expect(contract.validateRequest({ method: 'POST', path, headers, body: request })).toEqual([]);
    expect(contract.validateResponse({ method: 'POST', path, status: 200, body: response })).toEqual([]);
    expect(contract.validateResponse({ method: 'POST', path, status: 400, body: error })).toEqual([]);
  });

  it('refuses a request without key or field mask, with unknown fields or values, or no waypoint', () => {
    const body = { origins: [{ waypoint: { address: 'LN11 0LQ, UK' } }], destinations: [{ waypoint: {} }] };
    const problems = contract.validateRequest({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: { ...body, travelMode: 'CAR', unit: 'METRIC' },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/X-Goog-FieldMask: is required$/),
        expect.stringMatching(/no credentials for ApiKeyAuth$/),
        expect.stringMatching(/request body: must NOT have additional properties \(unit\)$/),
        expect.stringMatching(/request body travelMode: must be equal to one of the allowed values/),
        expect.stringMatching(/request body destinations.0.waypoint: must match exactly one schema in oneOf$/),
      ]),
    );
  });

  it('refuses an answer that is not an array of elements, or a duration in another form', () => {
    const validate = (body: unknown) => contract.validateResponse({ method: 'POST', path, status: 200, body });
    expect(validate({ rows: [] })).toEqual([expect.stringMatching(/must be array$/)]);
    expect(validate([{ condition: 'ROUTE_EXISTS', duration: 2460 }])).toEqual([
      expect.stringMatching(/0.duration: must be string$/),
    ]);
    expect(validate([{ condition: 'OK' }])).toEqual([expect.stringMatching(/0.condition: must be equal to one of/)]);
  });
});

describe('the fake Google Routes API', () => {
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
  });
  afterAll(() => google.close());
  afterEach(() => {
    expect(google.contractProblems).toEqual([]);
    google.reset();
  });

  const ask = (destinations: string[], extra: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${google.url}${path}`, {
      method: 'POST',
      signal,
      headers: { ...headers, 'x-goog-api-key': google.apiKey, ...extra },
      body: JSON.stringify({
        origins: [{ waypoint: { address: 'LN11 0LQ, UK' } }],
        destinations: destinations.map((address) => ({ waypoint: { address } })),
        travelMode: 'DRIVE',
        units: 'METRIC',
        regionCode: 'GB',
      }),
    });

  it('answers every element of the matrix, zero values left out, in no promised order', async () => {
    const response = await ask(['SW1A 1AA, UK', 'ZE1 0AA, UK', 'LN99 9ZZ, UK', 'LN11 0LQ, UK', 'PE21 6AA, UK']);
    expect(response.status).toBe(200);
    const elements = (await response.json()) as Record<string, unknown>[];
    const at = (index: number) => elements.find((e) => (e.destinationIndex ?? 0) === index);
    expect(at(0)).toEqual({
      status: {},
      condition: 'ROUTE_EXISTS',
      distanceMeters: 251_300,
      duration: '12000s',
      staticDuration: '12000s',
      localizedValues: {
        distance: { text: '251 km' },
        duration: { text: '3 hours 20 mins' },
        staticDuration: { text: '3 hours 20 mins' },
      },
    });
    expect(at(1)).toEqual({ destinationIndex: 1, status: {}, condition: 'ROUTE_NOT_FOUND' });
    expect(at(2)).toMatchObject({ destinationIndex: 2, status: { code: 5 } });
    expect(at(3)).toMatchObject({ destinationIndex: 3, condition: 'ROUTE_EXISTS', duration: '0s' });
    expect(at(3)).not.toHaveProperty('distanceMeters');
    expect(at(4)).toMatchObject({ destinationIndex: 4, condition: 'ROUTE_EXISTS' });
    expect(elements[0]).toBe(at(4));
    expect(google.destinations).toEqual(['SW1A 1AA', 'ZE1 0AA', 'LN99 9ZZ', 'LN11 0LQ', 'PE21 6AA']);
  });

  it('puts a postcode a few streets from the base a short drive away, not 0 m (its district centroid is the base’s)', async () => {
    const elements = (await (await ask(['LN11 8AB, UK'])).json()) as Record<string, unknown>[];
    expect(elements[0]).toMatchObject({ condition: 'ROUTE_EXISTS', distanceMeters: 1_000 });
  });

  it("refuses a missing key, a wrong key and a missing field mask in Google's error body", async () => {
    const missingKey = await fetch(`${google.url}${path}`, { method: 'POST', headers: { 'x-goog-fieldmask': '*' } });
    expect(missingKey.status).toBe(403);
    expect(await missingKey.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
    const wrongKey = await ask(['SW1A 1AA, UK'], { 'x-goog-api-key': 'nope' });
    expect(wrongKey.status).toBe(400);
    expect(await wrongKey.json()).toEqual({
      error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
    });
    const noMask = await ask(['SW1A 1AA, UK'], { 'x-goog-fieldmask': '' });
    expect(noMask.status).toBe(400);
    // The fake's own checks found each bad request; the contract saw the missing key and the empty mask too.
    expect(google.contractProblems).toHaveLength(3);
    google.contractProblems.length = 0;
  });

  it('fails the next requests as asked', async () => {
    google.failNext({ status: 503 }, { status: 429, message: 'Quota exceeded' });
    expect((await ask(['SW1A 1AA, UK'])).status).toBe(503);
    const quota = await ask(['SW1A 1AA, UK']);
    expect(await quota.json()).toEqual({
      error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' },
    });
    expect((await ask(['SW1A 1AA, UK'])).status).toBe(200);
    google.failNext({ hang: true });
    // Left unanswered: only the caller's own time-out ends it.
    await expect(ask(['SW1A 1AA, UK'], {}, AbortSignal.timeout(300))).rejects.toThrow(/aborted/i);
  });
});
