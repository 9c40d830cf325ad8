import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { callLogSchema, type CallLogItem } from '~/shared/calls';
import { callsQueryKey } from './list-calls';

/** PATCH /api/calls/{callSid}/notes: staff's notes on a call (at most 2,000 characters; empty clears them). */
export async function saveCallNotes(input: { callSid: string; notes: string }): Promise<CallLogItem> {
  const answer = await apiRequest<unknown>('PATCH', `${callsQueryKey[0]}/${encodeURIComponent(input.callSid)}/notes`, {
    notes: input.notes,
  });
  return callLogSchema.parse(answer);
}

export function useSaveCallNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCallNotes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
