import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import {
  adminCollectionDaySchema,
  adminCollectionsSchema,
  COLLECTION_WINDOW_DAYS,
  usualCapacityAnswerSchema,
  type AdminCollectionDay,
  type AdminCollections,
} from '~/shared/collection-schemas';

/** GET /api/admin/collections. Invalidating this key reaches every window of days. */
export const collectionsQueryKey = ['/api/admin/collections'] as const;

const dayPath = (date: string) => `${collectionsQueryKey[0]}/days/${encodeURIComponent(date)}`;

/** GET …/days/{date}/sheet: the driver's day sheet, a PDF opened in a new tab. */
export const daySheetUrl = (date: string) => `${dayPath(date)}/sheet`;

/** The window of days from `from` (today in the UK when undefined), a fortnight long. */
export function collectionsQueryOptions(from: string | undefined) {
  const query = new URLSearchParams({ ...(from ? { from } : {}), days: String(COLLECTION_WINDOW_DAYS) });
  return queryOptions({
    queryKey: [collectionsQueryKey[0], { from: from ?? null }] as const,
    queryFn: async (): Promise<AdminCollections> =>
      adminCollectionsSchema.parse(await apiRequest<unknown>('GET', `${collectionsQueryKey[0]}?${query}`)),
    // Paging keeps the days on screen until the next fortnight arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCollections(from: string | undefined) {
  return useQuery(collectionsQueryOptions(from));
}

export type Capacity = { morning: number; afternoon: number };

/** PUT …/settings: the usual capacity of a working day. */
export function useSaveUsualCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (capacity: Capacity): Promise<Capacity> =>
      usualCapacityAnswerSchema.parse(await apiRequest<unknown>('PUT', `${collectionsQueryKey[0]}/settings`, capacity)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionsQueryKey }),
  });
}

export type DayChange = { date: string; change: (Capacity & { note: string }) | 'usual' };

/** PUT …/days/{date} (its own capacity and note) or DELETE (back to the usual) → the day as it now is. */
export function useChangeDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, change }: DayChange): Promise<AdminCollectionDay> =>
      adminCollectionDaySchema.parse(
        change === 'usual'
          ? await apiRequest<unknown>('DELETE', dayPath(date))
          : await apiRequest<unknown>('PUT', dayPath(date), change),
      ),
    onSuccess: (day) => {
      // The day changes at once wherever it is shown, then the window is asked for again.
      queryClient.setQueriesData<AdminCollections>({ queryKey: collectionsQueryKey }, (data) =>
        data ? { ...data, days: data.days.map((d) => (d.date === day.date ? day : d)) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: collectionsQueryKey });
    },
  });
}
