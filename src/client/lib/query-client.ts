import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from './api-client';

type QueryParam = string | number | boolean | null | undefined;

/**
 * The URL a query key stands for: the path, then its parameters as a query string,
 * so `['/api/admin/valuations', { page: 2, q: 'ford' }]` fetches
 * `/api/admin/valuations?page=2&q=ford`. Undefined and null parameters are left
 * out; arrays repeat the name. Parameters go in the key (not in the path string)
 * so that invalidating `['/api/admin/valuations']` reaches every page of it.
 */
export function queryKeyUrl(queryKey: QueryKey): string {
  const [path, params] = queryKey as [string, Record<string, QueryParam | QueryParam[]> | undefined];
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const query = search.toString();
  if (!query) return String(path);
  return `${path}${String(path).includes('?') ? '&' : '?'}${query}`;
}

/**
 * A QueryClient whose invalidations also replace answers still on their way.
 *
 * Invalidating after a change marks the cached answers stale and asks again for those on screen;
 * but a query whose first answer is still in flight is left to finish (TanStack Query restarts a
 * fetch on invalidation only when the query already has data), and that answer was asked for
 * before the change. Staff typed a search, archived the row still showing while its answer came,
 * and the archived row stayed in the list (the archive's end-to-end test, in CI). So every
 * invalidation cancels the same queries' fetches first (their state goes back to what it was), and
 * the invalidation then asks again for those on screen.
 */
export class ChangeAwareQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    await this.cancelQueries(filters);
    return super.invalidateQueries(filters, options);
  }
}

/**
 * SPEC section 7's query defaults: GET through the request helper, no retry,
 * no refetching on focus or reconnect, and data that stays fresh until a
 * mutation invalidates it. Screens that poll (calls) set their own interval.
 */
export function createQueryClient() {
  return new ChangeAwareQueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiRequest('GET', queryKeyUrl(queryKey)),
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
