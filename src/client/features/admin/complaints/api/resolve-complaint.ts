import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { adminComplaintSchema, type AdminComplaint } from '~/shared/complaints';
import { adminComplaintsQueryKey } from './list-complaints';

/** PATCH /api/admin/complaints/{id}/resolve with what staff did about it (required). */
export async function resolveComplaint(input: { id: string; resolutionNote: string }): Promise<AdminComplaint> {
  const answer = await apiRequest<unknown>('PATCH', `${adminComplaintsQueryKey[0]}/${input.id}/resolve`, {
    resolutionNote: input.resolutionNote,
  });
  return adminComplaintSchema.parse(answer);
}

export function useResolveComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveComplaint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminComplaintsQueryKey }),
  });
}
