import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '~/client/lib/api-client';
import { callStatsQueryKey } from './get-call-stats';
import { callsQueryKey } from './list-calls';

const hangUpResponseSchema = z.object({ ended: z.number().int() });

/** POST /api/calls/hangup (no body): ends staff's calls in progress; says how many it ended. */
export async function hangUp(): Promise<{ ended: number }> {
  return hangUpResponseSchema.parse(await apiRequest<unknown>('POST', `${callsQueryKey[0]}/hangup`));
}

export function useHangUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hangUp,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: callsQueryKey }),
        queryClient.invalidateQueries({ queryKey: callStatsQueryKey }),
      ]),
  });
}
