import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/client/lib/query-client';
import { refreshValuations } from './refresh-valuations';

/**
 * After an archive, restore or delete, every valuation answer is asked for again, including one
 * whose first answer was still on its way when the change was made: that answer describes the
 * list before the change.
 */
describe('refreshValuations', () => {
  it('asks again for a list whose first answer was on its way during the change', async () => {
    const client = createQueryClient();
    const key = ['/api/valuations/active', { page: 1, q: 'quill' }];
    const answers: ((rows: string[]) => void)[] = [];
    const observer = new QueryObserver<string[]>(client, {
      queryKey: key,
      queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => {});
    expect(answers).toHaveLength(1); // the search's answer, asked for before the archive

    const refreshed = refreshValuations(client);
    answers[0]!(['the archived request']); // arrives after the change: out of date
    await vi.waitFor(() => expect(answers).toHaveLength(2)); // asked again
    answers[1]!([]);
    await refreshed;
    expect(client.getQueryData(key)).toEqual([]);
    unsubscribe();
  });

  it('leaves other data alone', async () => {
    const client = createQueryClient();
    client.setQueryData(['/api/admin/reviews'], ['a review']);
    await refreshValuations(client);
    expect(client.getQueryState(['/api/admin/reviews'])?.isInvalidated).toBe(false);
  });
});
