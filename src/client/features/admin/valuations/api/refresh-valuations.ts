import type { QueryClient } from '@tanstack/react-query';

/** Every cached valuation answer: both lists, the stats, and any valuation's detail. */
export const isValuationQuery = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && /^\/api\/(admin\/)?valuations(\/|$)/.test(key[0]);

/**
 * After an archive, a restore or a delete the valuation moves between the lists and the counts
 * change, so everything about valuations is asked for again (answers still on their way included:
 * the app's query client cancels them first, see ChangeAwareQueryClient).
 */
export function refreshValuations(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => isValuationQuery(query.queryKey) });
}
