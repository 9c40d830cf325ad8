import { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * SPEC section 7's query defaults: GET through the request helper, no retry,
 * no refetching on focus or reconnect, and data that stays fresh until a
 * mutation invalidates it. Screens that poll (calls) set their own interval.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiRequest('GET', String(queryKey[0])),
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
