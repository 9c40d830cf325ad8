import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { valuationListItemSchema, type ValuationListItem } from '~/shared/admin-valuations';
import {
  pipelineDetailSchema,
  promiseStatsSchema,
  staffListSchema,
  type ContactLog,
  type PipelineDetail,
  type PromiseStats,
  type StaffMember,
} from '~/shared/staff-pipeline';

/**
 * The staff pipeline's calls (issue 37): who can own a request, a request's owner, promise and
 * contacts, the dashboard's promise figures, and the changes (claim, give, log a contact).
 */

const staffKey = ['/api/admin/staff'] as const;
const promiseKey = ['/api/admin/valuations/promise'] as const;
export const pipelineKey = (id: string) => [`/api/admin/valuations/${encodeURIComponent(id)}/pipeline`] as const;

/** Everything a change of owner or a contact can move: the lists, the counts, the request itself. */
const touchedKeys = (id: string) => [
  ['/api/valuations/active'],
  ['/api/valuations/archived'],
  ['/api/admin/valuations/stats'],
  ['/api/admin/valuations/board'],
  promiseKey,
  pipelineKey(id),
  [`/api/admin/valuations/${encodeURIComponent(id)}`],
];

export function useStaff() {
  return useQuery({
    queryKey: staffKey,
    queryFn: async (): Promise<StaffMember[]> =>
      staffListSchema.parse(await apiRequest<unknown>('GET', staffKey[0])).staff,
    staleTime: 5 * 60_000,
  });
}

export const promiseStatsQueryOptions = queryOptions({
  queryKey: promiseKey,
  queryFn: async (): Promise<PromiseStats> => promiseStatsSchema.parse(await apiRequest<unknown>('GET', promiseKey[0])),
  staleTime: 30_000,
});

export function usePromiseStats() {
  return useQuery(promiseStatsQueryOptions);
}

export function usePipeline(id: string) {
  return useQuery({
    queryKey: pipelineKey(id),
    queryFn: async (): Promise<PipelineDetail> =>
      pipelineDetailSchema.parse(await apiRequest<unknown>('GET', pipelineKey(id)[0])),
  });
}

function useRequestChange<T>(id: string, send: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: T): Promise<ValuationListItem> => valuationListItemSchema.parse(await send(body)),
    onSettled: () =>
      Promise.all(touchedKeys(id).map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => {}),
  });
}

const base = (id: string) => `/api/admin/valuations/${encodeURIComponent(id)}`;

/** POST …/claim: the signed-in member of staff owns it now. */
export function useClaim(id: string) {
  return useRequestChange<void>(id, () => apiRequest<unknown>('POST', `${base(id)}/claim`));
}

/** PUT …/owner: someone else, or nobody. */
export function useChangeOwner(id: string) {
  return useRequestChange<{ userId: number | null }>(id, (body) =>
    apiRequest<unknown>('PUT', `${base(id)}/owner`, body),
  );
}

/** POST …/contacts: staff reached the seller, and how. */
export function useLogContact(id: string) {
  return useRequestChange<ContactLog>(id, (body) => apiRequest<unknown>('POST', `${base(id)}/contacts`, body));
}
