import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vehicleLookups } from '~/server/db/schema';
import { vehicleLookupMessages, vehicleLookupResultSchema } from '~/shared/vehicle-lookup';
import { apiInstances } from '../../../../test/helpers/api-cluster';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { hours, minutes, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { dvlaAppEnv, startFakeDvla, type FakeDvla } from '../../../../test/fakes/dvla/fake-dvla';
import { dvsaAppEnv, startFakeDvsa, type FakeDvsa } from '../../../../test/fakes/dvsa/fake-dvsa';
import { deleteExpiredVehicleLookups } from '.';

/**
 * GET /api/vehicle/{registration} against the local fake DVLA and DVSA, through the real clients:
 * the test registrations' answers, refusals, provider failures, the cache, one provider call for
 * concurrent lookups, DVSA's token reuse, and the per-address limit.
 */

const START = new Date('2026-03-02T09:00:00Z');
let clock: ReturnType<typeof testClock>;
let dvla: FakeDvla;
let dvsa: FakeDvsa;

beforeAll(async () => {
  clock = testClock(START);
  [dvla, dvsa] = await Promise.all([startFakeDvla({ now: () => clock() }), startFakeDvsa({ now: () => clock() })]);
});
afterAll(() => Promise.all([dvla.close(), dvsa.close()]));

const dvlaEnv = () => dvlaAppEnv(dvla);
const dvsaEnv = () => dvsaAppEnv(dvsa);

describe.each(testEngines)('vehicle lookup on %s', (engine) => {
  let t: TestApp | undefined;

  afterEach(async () => {
    // Every exchange with the fakes must match DVLA's and DVSA's published documents.
    expect(dvla.contractProblems).toEqual([]);
    expect(dvsa.contractProblems).toEqual([]);
    dvla.reset();
    dvsa.reset();
    await t?.close();
    t = undefined;
  });

  async function start(env: Record<string, string> = { ...dvlaEnv(), ...dvsaEnv() }, perMinute = 1000) {
    clock = testClock(START);
    t = await createTestApp(engine, { env, deps: { clock, vehicleData: { timeoutMs: 1500, perMinute } } });
    return t;
  }
  const lookUp = (registration: string, remoteAddress = '203.0.113.7') =>
    t!.app.inject({ method: 'GET', url: `/api/vehicle/${encodeURIComponent(registration)}`, remoteAddress });

  it('answers a full record with the model from DVSA', async () => {
    await start();
    const response = await lookUp('aa19 aaa');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      registration: 'AA19AAA',
      make: 'FORD',
      model: 'FOCUS',
      year: 2019,
      fuelType: 'PETROL',
      engineSize: '2000',
      color: 'RED',
      // DVLA holds no MOT status for it; its MOT history's newest pass is where the status comes from.
      motStatus: 'Valid, from DVSA’s MOT history',
      motExpiryDate: '2027-02-09',
      taxStatus: 'Taxed',
      taxDueDate: '2027-03-02',
      co2Emissions: 300,
      dateOfLastV5CIssued: '2019-05-20',
      markedForExport: false,
    });
    expect(vehicleLookupResultSchema.parse(response.json())).toBeTruthy();
    expect(dvla.lookups).toEqual(['AA19AAA']);
    expect(dvsa.lookups).toEqual(['AA19AAA']);
  });

  it.each([
    ['AA19EEE', { make: 'TESLA', model: 'MODEL 3', fuelType: 'ELECTRICITY', motStatus: 'No results returned' }],
    ['AA19PPP', { make: 'VOLVO', model: 'FH', engineSize: '12800', fuelType: 'DIESEL' }],
    ['L2WPS', { make: 'ROVER', year: 1994, taxStatus: 'Untaxed', taxDueDate: '2025-03-02', motStatus: 'Not valid' }],
    ['AA19SRN', { taxStatus: 'SORN', model: 'FIESTA' }],
    ['AA19MOT', { motStatus: 'Valid', motExpiryDate: '2027-03-02', model: 'KUGA' }],
  ])('maps test registration %s', async (registration, expected) => {
    await start();
    const response = await lookUp(registration);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, registration, ...expected });
    const body = response.json<Record<string, unknown>>();
    if (registration === 'AA19EEE') expect(body).not.toHaveProperty('engineSize');
    if (registration === 'AA19SRN') expect(body).not.toHaveProperty('taxDueDate');
  });

  it.each([
    ['A1', vehicleLookupMessages.tooShort],
    ['  a 1 ', vehicleLookupMessages.tooShort],
    ['AB12-CDE', vehicleLookupMessages.characters],
    ['AB12CDEF', vehicleLookupMessages.tooLong],
    ['ABCDEF', vehicleLookupMessages.lettersAndDigits],
    ['123456', vehicleLookupMessages.lettersAndDigits],
  ])('refuses %j with 400 and a clear message, calling nobody', async (registration, message) => {
    await start();
    const response = await lookUp(registration);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, code: 'INVALID_INPUT' });
    expect(dvla.requests + dvsa.requests).toBe(0);
  });

  it('answers 404 for a registration DVLA does not know, and remembers it for an hour', async () => {
    await start();
    const response = await lookUp('ZZ99ZZZ');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: vehicleLookupMessages.notFound, code: 'NOT_FOUND' });
    expect((await lookUp('ZZ99ZZZ')).statusCode).toBe(404);
    expect(dvla.lookups).toEqual(['ZZ99ZZZ']);
    clock.advance(hours(1) + 1);
    expect((await lookUp('ZZ99ZZZ')).statusCode).toBe(404);
    expect(dvla.lookups).toEqual(['ZZ99ZZZ', 'ZZ99ZZZ']);
  });

  it('answers 503 "not configured" without DVLA settings', async () => {
    await start({});
    const response = await lookUp('AA19AAA');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      message: 'Vehicle lookup is not configured',
      code: 'NOT_CONFIGURED',
    });
  });

  it('answers without a model when DVSA is not configured, or fails', async () => {
    await start(dvlaEnv());
    const without = await lookUp('AA19AAA');
    expect(without.statusCode).toBe(200);
    expect(without.json()).not.toHaveProperty('model');
    expect(dvsa.requests).toBe(0);

    await t!.close();
    await start();
    dvsa.failNext({ status: 500 });
    const failing = await lookUp('AA19MOT');
    expect(failing.statusCode).toBe(200);
    expect(failing.json()).toMatchObject({ make: 'FORD', motStatus: 'Valid' });
    expect(failing.json()).not.toHaveProperty('model');
    dvsa.failNext({ hang: true });
    const hanging = await lookUp('AA19SRN');
    expect(hanging.statusCode).toBe(200);
    expect(hanging.json()).not.toHaveProperty('model');
  });

  it.each([
    ['ER19BAD', 400, 'INVALID_INPUT', /could not read that registration/],
    ['ER19NFD', 404, 'NOT_FOUND', /could not find a vehicle/],
    ['ER19THR', 503, 'UNAVAILABLE', /busy/],
    ['ER19ERR', 502, 'BAD_GATEWAY', /had a problem/],
    ['ER19MNT', 503, 'UNAVAILABLE', /down for maintenance/],
  ])('maps DVLA test registration %s to %i', async (registration, status, code, message) => {
    await start();
    const response = await lookUp(registration);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code, message: expect.stringMatching(message) });
    if (status === 503) expect(response.headers['retry-after']).toBe('60');
    // Failures are not cached: the next lookup asks DVLA again.
    await lookUp(registration);
    expect(dvla.lookups).toEqual(status === 404 ? [registration] : [registration, registration]);
  });

  it('answers 502 when DVLA refuses our key, and 503 when it does not answer in time', async () => {
    await start({ ...dvlaEnv(), DVLA_API_KEY: 'wrong-key' });
    const refused = await lookUp('AA19AAA');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ success: false, code: 'BAD_GATEWAY' });
    expect(t!.logs.text()).toContain('Forbidden');
    expect(t!.logs.text()).not.toContain('wrong-key');

    await t!.close();
    await start();
    dvla.failNext({ hang: true });
    const late = await lookUp('AA19AAA');
    expect(late.statusCode).toBe(503);
    expect(late.json()).toMatchObject({ success: false, message: expect.stringMatching(/did not answer in time/) });
  });

  it('answers from the cache for 24 hours, then asks DVLA again', async () => {
    await start();
    const first = await lookUp('AA19AAA');
    const [row] = await t!.db.database.db
      .select()
      .from(vehicleLookups)
      .where(eq(vehicleLookups.registration, 'AA19AAA'));
    expect(row).toMatchObject({ found: true, fetchedAt: START, expiresAt: new Date(START.getTime() + hours(24)) });
    clock.advance(hours(23));
    const second = await lookUp('AA19 AAA');
    expect(second.json()).toEqual(first.json());
    expect(dvla.requests).toBe(1);
    clock.advance(hours(1) + 1);
    expect((await lookUp('AA19AAA')).statusCode).toBe(200);
    expect(dvla.requests).toBe(2);
  });

  it('makes one provider call for concurrent lookups of one registration', async () => {
    await start();
    const answers = await Promise.all([lookUp('AA19AAA'), lookUp('aa19aaa'), lookUp('AA19 AAA')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    // One call per process at most: concurrent lookups are shared within a process (decision 006).
    expect(new Set(dvla.lookups)).toEqual(new Set(['AA19AAA']));
    expect(dvla.lookups.length).toBeLessThanOrEqual(apiInstances);
    expect(dvsa.lookups.length).toBe(dvla.lookups.length);
  });

  it('reuses the DVSA token until it is about to expire', async () => {
    await start();
    // Each process keeps its own token (decision 006); requests reach the instances in turn.
    await Promise.all([lookUp('AA19AAA'), lookUp('AA19MOT')]);
    await lookUp('AA19SRN');
    expect(dvsa.tokensIssued).toBe(apiInstances);
    expect(dvsa.lookups).toHaveLength(3);
    clock.advance(minutes(59)); // the fake's tokens last 3599 s; the client renews a minute early
    for (const registration of ['AA19PPP', 'AA19EEE'].slice(0, apiInstances)) await lookUp(registration);
    expect(dvsa.tokensIssued).toBe(2 * apiInstances);
    expect((await lookUp('L2WPS')).json()).toMatchObject({ model: '214 SI' });
    expect(dvsa.tokensIssued).toBe(2 * apiInstances);
  });

  it('limits each address to the configured lookups a minute, with Retry-After', async () => {
    await start(undefined, 3);
    for (let i = 0; i < 3; i += 1) expect((await lookUp('AA19AAA')).statusCode).toBe(200);
    const limited = await lookUp('AA19AAA');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookUp('AA19AAA', '203.0.113.8')).statusCode).toBe(200);
    clock.advance(minutes(1));
    expect((await lookUp('AA19AAA')).statusCode).toBe(200);
  });

  it('clean-up removes expired lookups only', async () => {
    await start();
    await lookUp('AA19AAA');
    await lookUp('ZZ99ZZZ');
    const db = t!.db.database.db;
    await deleteExpiredVehicleLookups(db, new Date(START.getTime() + hours(2)));
    expect((await db.select().from(vehicleLookups)).map((row) => row.registration)).toEqual(['AA19AAA']);
  });
});
