import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '~/client/lib/api-client';
import { callStatsQueryKey } from './get-call-stats';
import { callsQueryKey } from './list-calls';

const placedCallSchema = z.object({ callSid: z.string(), status: z.string() });
export type PlacedCall = z.infer<typeof placedCallSchema>;

/**
 * POST /api/calls/make (201): Twilio rings the staff phone, then the number given, showing the
 * business number. The server checks the number (400 with the reason) and the set-up (503).
 */
export async function makeCall(phoneNumber: string): Promise<PlacedCall> {
  return placedCallSchema.parse(await apiRequest<unknown>('POST', `${callsQueryKey[0]}/make`, { phoneNumber }));
}

export function useMakeCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeCall,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: callsQueryKey }),
        queryClient.invalidateQueries({ queryKey: callStatsQueryKey }),
      ]),
  });
}
