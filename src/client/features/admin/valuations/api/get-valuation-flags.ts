import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { valuationFlagsSchema, type PlausibilityFlag } from '~/shared/plausibility';

/**
 * GET /api/admin/valuations/{id}/flags: a request's plausibility flags with the other requests they
 * link to. The list words each row's flags without their links (they were half of a page's bytes);
 * a row's checks ask for them when opened (`enabled`), and keep them for a minute, so opening the
 * same row again shows them at once.
 */
export function useValuationFlags(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['/api/admin/valuations', id, 'flags'],
    queryFn: async (): Promise<PlausibilityFlag[]> =>
      valuationFlagsSchema.parse(await apiRequest<unknown>('GET', `/api/admin/valuations/${id}/flags`)).flags,
    enabled,
    staleTime: 60_000,
  });
}
