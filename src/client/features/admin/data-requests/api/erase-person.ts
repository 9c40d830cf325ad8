import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { dataRequestErasureSchema, type DataRequestErasure, type DataRequestEraseInput } from '~/shared/data-requests';
import { dataRequestApi } from './paths';

/** POST /api/admin/data-requests/erase: deletes everything found, for good. */
export async function erasePerson(input: DataRequestEraseInput): Promise<DataRequestErasure> {
  return dataRequestErasureSchema.parse(await apiRequest<unknown>('POST', dataRequestApi.erase, input));
}

export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePerson,
    // Valuations, messages, calls, reviews and the request log may all have changed.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
