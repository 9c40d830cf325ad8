import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDvlaClient, ProviderError } from '~/server/features/vehicle-data';
import { startFakeDvla, type FakeDvla } from './fake-dvla';

// The fake DVLA through the real client: DVLA's documented answers, and the contract check
// catching an answer DVLA's document does not allow.

let fake: FakeDvla;
beforeAll(async () => {
  fake = await startFakeDvla();
});
afterEach(() => {
  expect(fake.contractProblems).toEqual([]);
  fake.reset();
});
afterAll(() => fake.close());

const client = (apiKey = fake.apiKey) => createDvlaClient({ apiKey, apiUrl: fake.url }, { timeoutMs: 1500 });

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => expect.fail('expected a ProviderError'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('fake DVLA', () => {
  it('answers a test vehicle and null for an unknown one', async () => {
    await expect(client().vehicle('AA19AAA')).resolves.toMatchObject({ registrationNumber: 'AA19AAA', make: 'FORD' });
    await expect(client().vehicle('ZZ99ZZZ')).resolves.toBeNull();
    expect(fake.lookups).toEqual(['AA19AAA', 'ZZ99ZZZ']);
  });

  it.each([
    ['ER19BAD', 'rejected', 400],
    ['ER19THR', 'rate-limited', 429],
    ['ER19ERR', 'failed', 500],
    ['ER19MNT', 'unavailable', 503],
  ])("%s fails as %s (%i) with DVLA's errors array", async (registration, failure, status) => {
    const error = await failureOf(client().vehicle(registration));
    expect(error).toMatchObject({ failure, options: { status } });
  });

  it('refuses a wrong key with the gateway\'s 403 {"message":"Forbidden"}', async () => {
    const error = await failureOf(client('wrong').vehicle('AA19AAA'));
    expect(error).toMatchObject({ failure: 'refused', message: 'DVLA: 403 Forbidden' });
  });

  it('answers a missing key with 403, and the contract check notices the missing header', async () => {
    const response = await fetch(`${fake.url}/v1/vehicles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ registrationNumber: 'AA19AAA' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Forbidden' });
    expect(fake.contractProblems).toEqual(['POST /v1/vehicles header parameter x-api-key: is required']);
    fake.reset();
  });

  it('times out when DVLA does not answer', async () => {
    fake.failNext({ hang: true });
    const error = await failureOf(client().vehicle('AA19AAA'));
    expect(error.failure).toBe('timeout');
  });
});
