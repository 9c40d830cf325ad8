import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { refreshAfterChange, valuationQueryKey } from './get-valuation';

it('after a change on a request’s page, its lists, counts and the board are asked for again when shown', async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const keys = [
    valuationQueryKey('v-1'),
    ['/api/valuations/active', { page: 2, q: 'smith' }],
    ['/api/valuations/archived', {}],
    ['/api/admin/valuations/stats'],
    // The board's keys (features/admin/board/api/get-board.ts), with and without its filters.
    ['/api/admin/valuations/board', { owner: undefined, q: undefined }],
    ['/api/admin/valuations/board', { owner: 'mine', q: 'ford' }],
  ];
  for (const key of keys) queryClient.setQueryData(key, {});
  queryClient.setQueryData(valuationQueryKey('v-2'), {});

  await refreshAfterChange(queryClient, 'v-1');

  for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
  // Another request's page is left as it is.
  expect(queryClient.getQueryState(valuationQueryKey('v-2'))?.isInvalidated).toBe(false);
});
