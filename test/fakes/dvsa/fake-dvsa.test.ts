import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMotHistoryClient, ProviderError } from '~/server/features/vehicle-data';
import { loadYamlContract } from '../json-fake-server';
import { loadDvsaContract, startFakeDvsa, type FakeDvsa } from './fake-dvsa';

// The fake DVSA through the real client: the token flow, the vehicle record, and the contract
// check catching answers DVSA's document does not allow.

let fake: FakeDvsa;
beforeAll(async () => {
  fake = await startFakeDvsa({ tokenLifetimeSeconds: 1199 });
});
afterEach(() => {
  expect(fake.contractProblems).toEqual([]);
  fake.reset();
});
afterAll(() => fake.close());

const settings = () => ({
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  apiKey: fake.apiKey,
  scope: fake.scope,
  tokenUrl: fake.tokenUrl,
  apiUrl: fake.url,
});

describe('fake DVSA', () => {
  it('issues one token for concurrent callers and answers both record shapes', async () => {
    const client = createMotHistoryClient(settings(), { timeoutMs: 1500 });
    const [ford, tesla, none] = await Promise.all([
      client.vehicle('AA19AAA'),
      client.vehicle('AA19EEE'),
      client.vehicle('ZZ99ZZZ'),
    ]);
    expect(ford).toMatchObject({ model: 'FOCUS', hasOutstandingRecall: 'No' });
    expect(ford?.motTests).toHaveLength(5);
    expect(tesla).toMatchObject({ model: 'MODEL 3', manufactureYear: '2019' });
    expect(tesla).not.toHaveProperty('motTests');
    expect(none).toBeNull();
    expect(fake.tokensIssued).toBe(1);
  });

  it('gives every test registration but the new car a history that matches the document', async () => {
    const client = createMotHistoryClient(settings(), { timeoutMs: 1500 });
    for (const registration of ['AA19AAA', 'AA19PPP', 'L2WPS', 'AA19SRN', 'AA19MOT']) {
      const vehicle = await client.vehicle(registration);
      expect((vehicle?.motTests as unknown[] | undefined)?.length, registration).toBeGreaterThan(1);
    }
    // The lorry's tests come from CVS, without an odometer reading.
    const lorry = await client.vehicle('AA19PPP');
    expect(lorry?.motTests).toContainEqual(expect.objectContaining({ dataSource: 'CVS', odometerValue: null }));
  });

  it("refuses wrong client credentials with Entra ID's error, as a refused set-up", async () => {
    const client = createMotHistoryClient({ ...settings(), clientSecret: 'wrong' }, { timeoutMs: 1500 });
    const error: unknown = await client.vehicle('AA19AAA').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ failure: 'refused', message: expect.stringContaining('invalid_client') });
    expect(fake.tokensIssued).toBe(0);
  });

  it('refuses an unknown API key with 403 MOTH-FB-03', async () => {
    const client = createMotHistoryClient({ ...settings(), apiKey: 'wrong' }, { timeoutMs: 1500 });
    await expect(client.vehicle('AA19AAA')).rejects.toMatchObject({ failure: 'refused', options: { status: 403 } });
  });

  it('checks every MOT test of a record against the document, telling the two shapes apart by motTests', () => {
    const contract = loadDvsaContract();
    const path = '/v1/trade/vehicles/registration/AA19AAA';
    const check = (body: unknown) => contract.validateResponse({ method: 'GET', path, status: 200, body });
    const test = { completedDate: '2024-03-02T10:15:00.000Z', testResult: 'PASSED', odometerResultType: 'READ' };
    const dvsaTest = { ...test, dataSource: 'DVSA', odometerValue: '74210', odometerUnit: 'MI', defects: [] };
    expect(check({ hasOutstandingRecall: 'No', motTests: [dvsaTest] })).toEqual([]);
    expect(check({ hasOutstandingRecall: 'No', motTestDueDate: '2027-01-01' })).toEqual([]);
    // A reading as a number, a lower-case unit, a defect type the document does not list: not DVSA's.
    for (const wrong of [{ odometerValue: 74210 }, { odometerUnit: 'mi' }, { defects: [{ text: 'x', type: 'PRS' }] }]) {
      expect(
        check({ hasOutstandingRecall: 'No', motTests: [{ ...dvsaTest, ...wrong }] }),
        JSON.stringify(wrong),
      ).not.toEqual([]);
    }
  });

  it('keeps Yes/No as strings (YAML 1.2), and the checker catches a record DVSA would never send', () => {
    const file = fileURLToPath(new URL('../../contracts/dvsa-mot-history.openapi.yaml', import.meta.url));
    const contract = loadYamlContract(file);
    const path = '/v1/trade/vehicles/registration/AA19AAA';
    const good = { registration: 'AA19AAA', model: 'FOCUS', hasOutstandingRecall: 'Yes' };
    expect(contract.validateResponse({ method: 'GET', path, status: 200, body: good })).toEqual([]);
    const bad = { registration: 'AA19AAA', hasOutstandingRecall: true, motTests: 'none' };
    expect(contract.validateResponse({ method: 'GET', path, status: 200, body: bad }).length).toBeGreaterThan(0);
    const request = contract.validateRequest({ method: 'GET', path, headers: { 'x-api-key': 'k' } });
    expect(request).toEqual([
      'GET /v1/trade/vehicles/registration/{registration}: no credentials for bearerAuth + apiKey',
    ]);
  });
});
