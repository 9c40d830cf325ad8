import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { callLogSchema, type CallLogItem } from '~/shared/calls';
import { callsQueryKey } from './list-calls';

/**
 * POST /api/calls/{callSid}/answer (no body): Twilio takes the waiting caller out of the queue and
 * rings the staff phone. 409 when the call is no longer waiting (someone else answered, or it ended).
 */
export async function answerCall(callSid: string): Promise<CallLogItem> {
  return callLogSchema.parse(
    await apiRequest<unknown>('POST', `${callsQueryKey[0]}/${encodeURIComponent(callSid)}/answer`),
  );
}

export function useAnswerCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerCall,
    // Either way the list is out of date: the call moved on, here or elsewhere.
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
