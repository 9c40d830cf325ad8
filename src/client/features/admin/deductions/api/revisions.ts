import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import {
  adminRevisionChangeSchema,
  adminRevisionsSchema,
  revisionPhotoUploadedSchema,
  type AdminRevisionChange,
  type AdminRevisions,
  type ProposeRevisionBody,
} from '~/shared/price-revision-schemas';
import { sendFormData } from '../../lib/send-form-data';

/**
 * A request's price revisions (issue 37), as the request page and the handover screen ask for them.
 * The key sits under the valuation's own (`['/api/admin/valuations', id]`), so whatever refreshes
 * the request (an answer from the seller, a booking) refreshes the card too.
 */
export const revisionsQueryKey = (id: string) => ['/api/admin/valuations', id, 'revisions'] as const;

/** How often a waiting revision is asked about again. */
export const REVISION_ANSWER_POLL_MS = 10_000;

/** The request's other queries (its page, the handover screen's price): after an answer or a change. */
export function refreshValuation(queryClient: QueryClient, id: string) {
  return queryClient.invalidateQueries({
    queryKey: ['/api/admin/valuations', id],
    predicate: (query) => query.queryKey[2] !== 'revisions',
  });
}

const valuationPath = (id: string) => `/api/admin/valuations/${encodeURIComponent(id)}`;

export function revisionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: revisionsQueryKey(id),
    queryFn: async (): Promise<AdminRevisions> =>
      adminRevisionsSchema.parse(await apiRequest<unknown>('GET', `${valuationPath(id)}/revisions`)),
    // While a revision waits for the seller (often at the door), their answer shows within seconds.
    refetchInterval: (query) => (query.state.data?.revisions[0]?.status === 'open' ? REVISION_ANSWER_POLL_MS : false),
  });
}

export function useRevisions(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...revisionsQueryOptions(id), enabled: options.enabled ?? true });
}

/**
 * The lists a revision moves: the request's own queries (its timeline; the handover screen's price),
 * the dashboard's and the archive's lists and counts, and the Collections screen's days (a declined
 * revision frees a slot). Written out here rather than imported: a feature reaches another only
 * through its index.ts.
 */
const changedKeys = [
  ['/api/valuations/active'],
  ['/api/valuations/archived'],
  ['/api/admin/valuations/stats'],
  ['/api/admin/collections'],
] as const;

async function refreshAfter(queryClient: QueryClient, id: string, change: AdminRevisionChange) {
  queryClient.setQueryData(revisionsQueryKey(id), change.revisions);
  await Promise.all([
    refreshValuation(queryClient, id),
    ...changedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/** POST …/revisions: the itemised revised price, sent to the seller by e-mail and text. */
export function useProposeRevision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProposeRevisionBody): Promise<AdminRevisionChange> =>
      adminRevisionChangeSchema.parse(await apiRequest<unknown>('POST', `${valuationPath(id)}/revisions`, body)),
    onSuccess: (change) => refreshAfter(queryClient, id, change),
    // A refusal of the whole (one already open, the stage moved on) shows the card as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: revisionsQueryKey(id) }),
  });
}

/** POST …/revisions/{revisionId}/withdraw: the agreed price stands; the seller is told. */
export function useWithdrawRevision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (revisionId: string): Promise<AdminRevisionChange> =>
      adminRevisionChangeSchema.parse(
        await apiRequest<unknown>('POST', `${valuationPath(id)}/revisions/${encodeURIComponent(revisionId)}/withdraw`),
      ),
    onSuccess: (change) => refreshAfter(queryClient, id, change),
    onError: () => queryClient.invalidateQueries({ queryKey: revisionsQueryKey(id) }),
  });
}

/** POST …/revision-photos: one photo, as soon as it is chosen; answers its id for the form. */
export async function uploadRevisionPhoto(
  id: string,
  file: File,
  onProgress?: (sent: number) => void,
): Promise<string> {
  const body = new FormData();
  body.append('photo', file);
  const answer = await sendFormData(`${valuationPath(id)}/revision-photos`, body, onProgress);
  return revisionPhotoUploadedSchema.parse(answer).id;
}
