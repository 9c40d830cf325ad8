import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { vehicleInfoFailureSchema, vehicleInfoResultSchema, type VehicleInfoResult } from '~/shared/vehicle-info';

/**
 * GET /api/dvla-info/:registration: DVLA's record and DVSA's MOT history. Its refusals carry
 * `{ success: false, error }` rather than the API's usual `{ message }`; vehicleInfoError reads both.
 */
export function vehicleInfoQueryOptions(registration: string) {
  return queryOptions({
    queryKey: ['/api/dvla-info', registration] as const,
    queryFn: async (): Promise<VehicleInfoResult> =>
      vehicleInfoResultSchema.parse(
        await apiRequest<unknown>('GET', `/api/dvla-info/${encodeURIComponent(registration)}`),
      ),
    // MOT records change once a year at most; ask again after an hour or on Retry.
    staleTime: 60 * 60 * 1000,
  });
}

export function useVehicleInfo(registration: string) {
  return useQuery(vehicleInfoQueryOptions(registration));
}

/** SPEC section 8: the server's error, or "Connection error" when no answer came. */
export function vehicleInfoError(error: unknown): string {
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return 'Connection error';
  if (!(error instanceof ApiError)) return 'The server’s answer could not be read.';
  try {
    const failure = vehicleInfoFailureSchema.safeParse(JSON.parse(error.bodyText));
    if (failure.success) return failure.data.error;
  } catch {
    // Not JSON: fall through to the usual message.
  }
  return error.userMessage(`The server answered ${error.status}`);
}
