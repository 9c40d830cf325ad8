import { QueryClient, type QueryKey } from '@tanstack/react-query';
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
 * SPEC section 7's query defaults: GET through the request helper, no retry,
 * no refetching on focus or reconnect, and data that stays fresh until a
 * mutation invalidates it. Screens that poll (calls) set their own interval.
 */
export function createQueryClient() {
  return new QueryClient({
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
