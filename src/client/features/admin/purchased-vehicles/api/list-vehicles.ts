import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import {
  ADMIN_VEHICLES_PAGE_SIZE,
  adminVehicleListSchema,
  type AdminPurchasedVehicle,
} from '~/shared/purchased-vehicles';
import type { Paginated } from '~/shared/schema-kit';

/** GET /api/admin/purchased-vehicles. Invalidating this key reaches every page of the list. */
export const adminVehiclesQueryKey = ['/api/admin/purchased-vehicles'] as const;

export type AdminVehicleList = Paginated<AdminPurchasedVehicle>;

export function adminVehiclesQueryOptions(page: number) {
  const queryKey = [adminVehiclesQueryKey[0], { page, pageSize: ADMIN_VEHICLES_PAGE_SIZE }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<AdminVehicleList> =>
      adminVehicleListSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    // Paging keeps the cards on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

/** The vehicles, newest added first, a page at a time. */
export function useAdminVehicles(page: number) {
  return useQuery(adminVehiclesQueryOptions(page));
}

/**
 * A changed vehicle as the server sent it back, put into every cached page that shows it (so
 * the card changes at once), then the list asked for again.
 */
export function showSavedVehicle(queryClient: QueryClient, saved: AdminPurchasedVehicle) {
  queryClient.setQueriesData<AdminVehicleList>({ queryKey: adminVehiclesQueryKey }, (list) =>
    list ? { ...list, items: list.items.map((item) => (item.id === saved.id ? saved : item)) } : list,
  );
  return queryClient.invalidateQueries({ queryKey: adminVehiclesQueryKey });
}
