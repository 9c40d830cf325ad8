import { describe, expect, it } from 'vitest';
import { ProviderError } from '~/server/features/vehicle-data';
import { createRouteMatrixClient } from './routes-api-client';

/**
 * The Routes API client's reading of answers the fake does not give: elements out of order, zero
 * values left out, element errors other than "cannot place", and answers it cannot read.
 */

const answering = (status: number, body: unknown) =>
  createRouteMatrixClient(
    { apiKey: 'k', apiUrl: 'https://routes.example.test/' },
    { fetch: async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }) },
  );

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ProviderError ? error.failure : String(error)),
  );

describe('createRouteMatrixClient', () => {
  it('reads the element for (0, 0) wherever it stands, zero values defaulted', async () => {
    const client = answering(200, [
      { originIndex: 1, condition: 'ROUTE_EXISTS', distanceMeters: 5, duration: '5s' },
      { status: {}, condition: 'ROUTE_EXISTS', duration: '0s' },
    ]);
    expect(await client.route('LN11 0LQ', 'LN11 0LQ')).toEqual({
      kind: 'route',
      distanceMeters: 0,
      durationSeconds: 0,
      distanceText: undefined,
      durationText: undefined,
    });
  });

  it('tells "no road" from "cannot place" from a Google problem inside an element', async () => {
    expect(await answering(200, [{ status: {}, condition: 'ROUTE_NOT_FOUND' }]).route('A1 1AA', 'ZE1 0AA')).toEqual({
      kind: 'no-route',
    });
    expect(
      await answering(200, [{ status: { code: 3, message: 'Invalid waypoint' } }]).route('A1 1AA', 'B1 1AA'),
    ).toEqual({ kind: 'not-found', reason: 'Invalid waypoint' });
    expect(await failureOf(answering(200, [{ status: { code: 13, message: 'Internal' } }]).route('A', 'B'))).toBe(
      'failed',
    );
  });

  it.each([
    ['an object instead of an array', 200, { rows: [] }, 'failed'],
    ['text', 200, 'not json', 'failed'],
    ['no element for the route', 200, [{ originIndex: 1, destinationIndex: 1 }], 'failed'],
    ['an unknown condition', 200, [{ condition: 'ROUTE_MATRIX_ELEMENT_CONDITION_UNSPECIFIED' }], 'failed'],
    ['400', 400, { error: { code: 400, message: 'Bad', status: 'INVALID_ARGUMENT' } }, 'rejected'],
    ['403', 403, { error: { code: 403, message: 'Denied', status: 'PERMISSION_DENIED' } }, 'refused'],
    ['429', 429, { error: { code: 429, message: 'Quota', status: 'RESOURCE_EXHAUSTED' } }, 'rate-limited'],
    ['500 without a body', 500, '', 'failed'],
  ])('fails on %s', async (_what, status, body, failure) => {
    expect(await failureOf(answering(status, body).route('LN11 0LQ', 'SW1A 1AA'))).toBe(failure);
  });
});
