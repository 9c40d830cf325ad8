import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { callSetupSchema, type CallSetup } from '~/shared/calls';

/**
 * GET /api/calls/setup: whether the controls can work (and if not, why), and the webhook addresses
 * to enter in Twilio. It changes only when the server restarts with new settings.
 */
export const callSetupQueryKey = ['/api/calls/setup'] as const;

export function callSetupQueryOptions() {
  return queryOptions({
    queryKey: callSetupQueryKey,
    queryFn: async (): Promise<CallSetup> =>
      callSetupSchema.parse(await apiRequest<unknown>('GET', callSetupQueryKey[0])),
  });
}

export function useCallSetup() {
  return useQuery(callSetupQueryOptions());
}

/** GET /api/twilio/test: the connection test, opened in a new tab (SPEC section 7). */
export const twilioTestUrl = '/api/twilio/test';
