import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  vehicleInfoMessages,
  vehicleInfoResultSchema,
  type MotTest,
  type VehicleInfoResult,
} from '~/shared/vehicle-info';
import { vehicleLookupMessages } from '~/shared/vehicle-lookup';
import { apiInstances } from '../../../../test/helpers/api-cluster';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, minutes, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { dvlaAppEnv, startFakeDvla, type FakeDvla } from '../../../../test/fakes/dvla/fake-dvla';
import { dvsaAppEnv, startFakeDvsa, type FakeDvsa } from '../../../../test/fakes/dvsa/fake-dvsa';

/**
 * GET /api/dvla-info/{registration} (the admin's DVLA tab) against the local fake DVLA and DVSA,
 * through the real clients: the combined answer, a new car, one provider or none configured, not
 * found, provider failures and time-outs, registration checks, the in-process cache and one pair
 * of provider calls for concurrent requests.
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

const types = (test: MotTest | undefined) => test?.defects.map((defect) => defect.type);

describe.each(testEngines)('vehicle information for admins on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let adminCookie = '';

  afterEach(async () => {
    // Every exchange with the fakes must match DVLA's and DVSA's published documents.
    expect(dvla.contractProblems).toEqual([]);
    expect(dvsa.contractProblems).toEqual([]);
    dvla.reset();
    dvsa.reset();
    await t?.close();
    t = undefined;
  });

  async function start(env: Record<string, string> = { ...dvlaEnv(), ...dvsaEnv() }) {
    clock = testClock(START);
    t = await createTestApp(engine, {
      env,
      deps: { clock, passwordHasher: hasher, vehicleData: { timeoutMs: 1500, perMinute: 1000 } },
    });
    adminCookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: true }));
    return t;
  }
  const info = (registration: string, cookie = adminCookie) =>
    t!.app.inject({ url: `/api/dvla-info/${encodeURIComponent(registration)}`, headers: { cookie } });
  const found = async (registration: string) => {
    const response = await info(registration);
    expect(response.statusCode, response.body).toBe(200);
    return vehicleInfoResultSchema.parse(response.json());
  };

  it("combines DVLA's record and DVSA's MOT history, tests newest first with their defects by type", async () => {
    await start();
    const body = await found('aa19 aaa');
    expect(body).toMatchObject({ success: true, registration: 'AA19AAA', vesDataError: null, motHistoryError: null });
    expect(body.vesData).toEqual({
      make: 'FORD',
      fuelType: 'PETROL',
      engineCapacity: 2000,
      taxStatus: 'Taxed',
      taxDueDate: '2027-03-02',
      motStatus: 'No details held by DVLA',
      motExpiryDate: null,
      dateOfLastV5CIssued: '2019-05-20',
      co2Emissions: 300,
      yearOfManufacture: 2019,
      colour: 'RED',
      markedForExport: false,
    });
    const history = body.motHistory!;
    expect(history).toMatchObject({ make: 'FORD', model: 'FOCUS', fuelType: 'Petrol', engineSize: '2000' });
    const tests = history.motTests;
    expect(tests.map((test) => [test.completedDate?.slice(0, 10), test.testResult])).toEqual([
      ['2026-02-10', 'PASSED'],
      ['2025-02-21', 'PASSED'],
      ['2025-02-18', 'FAILED'],
      ['2024-02-26', 'PASSED'],
      ['2023-02-27', 'PASSED'],
    ]);
    // Readings are numbers in miles, rising over the years.
    expect(tests.map((test) => [test.odometerValue, test.odometerUnit])).toEqual([
      [48210, 'mi'],
      [39874, 'mi'],
      [39862, 'mi'],
      [31405, 'mi'],
      [22950, 'mi'],
    ]);
    expect(tests[0]).toMatchObject({ expiryDate: '2027-02-09', motTestNumber: expect.stringMatching(/^\d{12}$/) });
    expect(types(tests[0])).toEqual(['ADVISORY', 'ADVISORY', 'USER ENTERED']);
    const failed = tests[2]!;
    expect(failed.expiryDate).toBeNull();
    expect(types(failed)).toEqual(['DANGEROUS', 'MAJOR', 'MAJOR', 'ADVISORY']);
    expect(failed.defects.map((defect) => defect.dangerous)).toEqual([true, false, false, false]);
    expect(failed.defects[0]?.text).toBe('Offside Front Brake hose leaking (1.1.12 (a))');
    expect(failed.rfrAndComments).toEqual(failed.defects.map(({ text }) => ({ text })));
    expect(types(tests[1])).toEqual(['MINOR']);
    expect(tests[4]?.defects).toEqual([]);
    expect(dvla.lookups).toEqual(['AA19AAA']);
    expect(dvsa.lookups).toEqual(['AA19AAA']);
  });

  it('answers a new car with no MOT tests yet, and its first MOT due date', async () => {
    await start();
    const body = await found('AA19EEE');
    expect(body.motHistory).toEqual({
      make: 'TESLA',
      model: 'MODEL 3',
      fuelType: 'Electric',
      engineSize: null,
      motTests: [],
      motTestDueDate: '2027-03-02',
      hasOutstandingRecall: 'No',
    });
    expect(body.vesData).toMatchObject({ make: 'TESLA', fuelType: 'ELECTRICITY', engineCapacity: null });
  });

  it('gives no reading where none was taken: a lorry tested by CVS, an unreadable odometer', async () => {
    await start();
    const lorry = (await found('AA19PPP')).motHistory!.motTests;
    expect(lorry).toHaveLength(3);
    for (const test of lorry) {
      expect(test).toMatchObject({ odometerValue: null, odometerUnit: null, odometerResultType: 'NO_ODOMETER' });
    }
    const rover = await found('L2WPS');
    expect(rover.vesData).toMatchObject({ motStatus: 'Not valid', motExpiryDate: '2025-02-20' });
    const tests = rover.motHistory!.motTests;
    expect(tests[0]).toMatchObject({ testResult: 'PASSED', expiryDate: '2025-02-20', odometerValue: 131902 });
    expect(tests.find((test) => test.odometerResultType === 'UNREADABLE')).toMatchObject({
      odometerValue: null,
      odometerUnit: null,
    });
  });

  it('answers DVLA only when DVSA is not configured, and DVSA only without DVLA, saying why', async () => {
    await start(dvlaEnv());
    const vesOnly = await found('AA19MOT');
    expect(vesOnly).toMatchObject({
      vesData: { motStatus: 'Valid', motExpiryDate: '2027-03-02' },
      motHistory: null,
      motHistoryError: vehicleInfoMessages.motNotConfigured,
      vesDataError: null,
    });
    expect(dvsa.requests).toBe(0);

    await t!.close();
    dvla.reset();
    await start(dvsaEnv());
    const motOnly = await found('AA19MOT');
    expect(motOnly).toMatchObject({ vesData: null, vesDataError: vehicleInfoMessages.vesNotConfigured });
    expect(motOnly.motHistory?.motTests[0]).toMatchObject({ expiryDate: '2027-03-02' });
    expect(dvla.requests).toBe(0);
  });

  it('answers 503 "not configured" when neither provider is', async () => {
    await start({});
    const response = await info('AA19AAA');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      error: vehicleInfoMessages.notConfigured,
      code: 'NOT_CONFIGURED',
    });
  });

  it('answers 404 when neither DVLA nor DVSA knows the registration, and remembers it for 15 minutes', async () => {
    await start();
    const response = await info('ER19NFD');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: vehicleInfoMessages.notFound, code: 'NOT_FOUND' });
    clock.advance(minutes(14));
    expect((await info('ER19NFD')).statusCode).toBe(404);
    expect([dvla.lookups, dvsa.lookups]).toEqual([['ER19NFD'], ['ER19NFD']]);
    clock.advance(minutes(1) + 1);
    expect((await info('ER19NFD')).statusCode).toBe(404);
    expect(dvla.lookups).toEqual(['ER19NFD', 'ER19NFD']);
  });

  it.each([
    ['A1', vehicleLookupMessages.tooShort],
    ['AB12-CDE', vehicleLookupMessages.characters],
    ['AB12CDEF', vehicleLookupMessages.tooLong],
    ['123456', vehicleLookupMessages.lettersAndDigits],
  ])('refuses %j with 400 and the lookup’s message, calling nobody', async (registration, message) => {
    await start();
    const response = await info(registration);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: message, code: 'INVALID_INPUT' });
    expect(dvla.requests + dvsa.requests).toBe(0);
  });

  it.each([
    ['ER19ERR', 502, 'BAD_GATEWAY', /^The DVLA vehicle service had a problem/],
    ['ER19MNT', 503, 'UNAVAILABLE', /^The DVLA vehicle service is down for maintenance/],
    ['ER19THR', 503, 'UNAVAILABLE', /^The DVLA vehicle service is busy/],
    ['ER19BAD', 400, 'INVALID_INPUT', /^The DVLA vehicle service could not read that registration/],
  ])(
    'answers DVLA test registration %s (DVSA has no record) with %i, never cached',
    async (reg, status, code, error) => {
      await start();
      const response = await info(reg);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ success: false, code, error: expect.stringMatching(error) });
      if (status === 503) expect(response.headers['retry-after']).toBe('60');
      await info(reg);
      expect(dvla.lookups).toEqual([reg, reg]);
    },
  );

  it('shows what one provider answered when the other fails or is late, and asks again next time', async () => {
    await start();
    dvla.failNext({ hang: true });
    const late = await found('AA19AAA');
    expect(late.vesData).toBeNull();
    expect(late.vesDataError).toBe('The DVLA vehicle service did not answer in time; try again.');
    expect(late.motHistory?.motTests).toHaveLength(5);

    dvsa.failNext({ status: 500 });
    const failing = await found('AA19AAA');
    expect(failing).toMatchObject({ vesData: { make: 'FORD' }, motHistory: null, vesDataError: null });
    expect(failing.motHistoryError).toBe('The DVSA MOT history service had a problem; try again.');

    // Neither answer was kept: the third opening asks both again and gets everything.
    const whole = await found('AA19AAA');
    expect(whole.vesData && whole.motHistory).toBeTruthy();
    expect(dvla.lookups).toHaveLength(3);
    expect(dvsa.lookups).toHaveLength(3);
  });

  it('answers 503 with both reasons when both providers time out, rather than hanging', async () => {
    await start();
    dvla.failNext({ hang: true });
    dvsa.failNext({ hang: true });
    const response = await info('AA19AAA');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      code: 'UNAVAILABLE',
      error:
        'The DVLA vehicle service did not answer in time; try again. ' +
        'The DVSA MOT history service did not answer in time; try again.',
    });
  });

  it('answers 502 when DVLA refuses our key and DVSA is not configured, naming the setting', async () => {
    await start({ ...dvlaEnv(), DVLA_API_KEY: 'wrong-key' });
    const response = await info('AA19AAA');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      success: false,
      error: 'The DVLA vehicle service refused our credentials; check the DVLA_API_KEY.',
    });
    expect(t!.logs.text()).not.toContain('wrong-key');
  });

  it('answers from its cache for an hour, then asks DVLA and DVSA again', async () => {
    await start();
    const first = await found('AA19AAA');
    clock.advance(minutes(59));
    expect(await found('AA19 aaa')).toEqual(first);
    expect([dvla.requests, dvsa.lookups.length]).toEqual([1, 1]);
    clock.advance(minutes(1) + 1);
    await found('AA19AAA');
    expect([dvla.requests, dvsa.lookups.length]).toEqual([2, 2]);
  });

  it('makes one pair of provider calls for concurrent requests for one registration', async () => {
    await start();
    const answers = await Promise.all([info('AA19MOT'), info('aa19mot'), info('AA19 MOT')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const bodies = answers.map((answer) => answer.json<VehicleInfoResult>());
    expect(bodies[1]).toEqual(bodies[0]);
    // One pair per process at most: concurrent requests are shared within a process (decision 006).
    expect(new Set([...dvla.lookups, ...dvsa.lookups])).toEqual(new Set(['AA19MOT']));
    expect(dvla.lookups.length).toBeLessThanOrEqual(apiInstances);
    expect(dvsa.lookups.length).toBe(dvla.lookups.length);
  });

  it('is for admins only: 401 without a session, 403 for staff who are not admins', async () => {
    await start();
    expect((await info('AA19AAA', '')).statusCode).toBe(401);
    const staff = await signedInCookie(t!.app, await seedUser(t!.db.database.db, hasher, { isAdmin: false }));
    const refused = await info('AA19AAA', staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty('success');
    expect(dvla.requests + dvsa.requests).toBe(0);
  });

  it('keeps the seller lookup and the admin answer apart, each asking once', async () => {
    await start();
    expect((await t!.app.inject({ url: '/api/vehicle/AA19AAA' })).statusCode).toBe(200);
    await found('AA19AAA');
    await found('AA19AAA');
    expect((await t!.app.inject({ url: '/api/vehicle/AA19AAA' })).statusCode).toBe(200);
    expect(dvla.lookups).toEqual(['AA19AAA', 'AA19AAA']);
    // One DVSA token serves both (one per process: decision 006).
    expect(dvsa.tokensIssued).toBe(apiInstances);
  });
});
