import type { QueryClient } from '@tanstack/react-query';

/** Every cached valuation answer: both lists, the stats, and any valuation's detail. */
export const isValuationQuery = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && /^\/api\/(admin\/)?valuations(\/|$)/.test(key[0]);

/**
 * After an archive, a restore or a delete the valuation moves between the lists and the counts
 * change, so everything about valuations is asked for again.
 *
 * What is still on its way is cancelled first: it was asked for before the change, and a query's
 * first answer still in flight would otherwise be taken as the fresh one (TanStack Query only
 * restarts a fetch on invalidation when the query already has data). Seen in the archive's test: a
 * search typed, Archive pressed on the row still showing while the search's answer came, and the
 * archived row stayed in the list.
 */
export async function refreshValuations(queryClient: QueryClient) {
  const predicate = (query: { queryKey: readonly unknown[] }) => isValuationQuery(query.queryKey);
  await queryClient.cancelQueries({ predicate });
  return queryClient.invalidateQueries({ predicate });
}
