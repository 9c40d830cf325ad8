import { describe, expect, it } from 'vitest';
import { createQueryClient } from '~/client/lib/query-client';
import { refreshValuations } from './refresh-valuations';

/**
 * After an archive, restore or delete, every valuation answer is asked for again: both lists, the
 * stats and any valuation's page (answers still on their way too: query-client.test.ts).
 */
describe('refreshValuations', () => {
  it('marks every valuation answer out of date and leaves other data alone', async () => {
    const client = createQueryClient();
    const valuationKeys = [
      ['/api/valuations/active', { page: 1, q: 'quill' }],
      ['/api/valuations/archived', { page: 2 }],
      ['/api/admin/valuations/stats'],
      ['/api/admin/valuations/3f0c6a0e-8d52-4b8e-9a57-0d0a3c1f2b11'],
    ];
    for (const key of [...valuationKeys, ['/api/admin/reviews']]) client.setQueryData(key, ['an answer']);
    await refreshValuations(client);
    for (const key of valuationKeys) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(client.getQueryState(['/api/admin/reviews'])?.isInvalidated).toBe(false);
  });
});
