import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { DISTANCE_POSTCODE_MIN_LENGTH } from '~/shared/distance';
import { distanceResultSchema, type DistanceResult } from '~/shared/distance-schema';

/**
 * GET /api/distance/:postcode: road distance from the collection base. The server caches each
 * answer for 24 hours, so the browser keeps it as long; the dashboard's badges and the detail
 * page's Location tab share the entry.
 */
export function distanceQueryOptions(postcode: string) {
  return queryOptions({
    queryKey: ['/api/distance', postcode] as const,
    queryFn: async (): Promise<DistanceResult> =>
      distanceResultSchema.parse(await apiRequest<unknown>('GET', `/api/distance/${encodeURIComponent(postcode)}`)),
    staleTime: 60 * 60 * 1000,
    gcTime: 24 * 60 * 60 * 1000,
    retry: 1,
  });
}

/** SPEC section 5: no lookup for a postcode of 3 characters or fewer ("No postcode provided"). */
export const canLookUpDistance = (postcode: string) =>
  postcode.replace(/\s/g, '').length > DISTANCE_POSTCODE_MIN_LENGTH;

export function useDistance(postcode: string) {
  return useQuery({ ...distanceQueryOptions(postcode), enabled: canLookUpDistance(postcode) });
}
