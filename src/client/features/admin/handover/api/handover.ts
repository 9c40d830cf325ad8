import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import {
  handoverViewSchema,
  type HandoverRequest,
  type HandoverView,
  type PaymentRequest,
} from '~/shared/handover-schemas';

/**
 * Collection day's handover and payment (issue 36), as the driver's phone asks for them. The key
 * sits under the valuation's own (`['/api/admin/valuations', id]`, as the request page's), so
 * whatever refreshes the request (a booking moved, the finance confirmed) refreshes this screen too.
 */
export const handoverQueryKey = (id: string) => ['/api/admin/valuations', id, 'handover'] as const;

const valuationPath = (id: string) => `/api/admin/valuations/${encodeURIComponent(id)}`;

export function handoverQueryOptions(id: string) {
  return queryOptions({
    queryKey: handoverQueryKey(id),
    queryFn: async (): Promise<HandoverView> =>
      handoverViewSchema.parse(await apiRequest<unknown>('GET', `${valuationPath(id)}/handover`)),
  });
}

export function useHandover(id: string) {
  return useQuery(handoverQueryOptions(id));
}

/**
 * The lists a handover or a payment moves: the request's own page (its stage and timeline), the
 * dashboard's and the archive's lists and counts, and the Collections screen's days. Written out
 * here rather than imported, as a feature reaches another only through its index.ts.
 */
const changedKeys = [
  ['/api/valuations/active'],
  ['/api/valuations/archived'],
  ['/api/admin/valuations/stats'],
  ['/api/admin/collections'],
] as const;

async function refreshAfter(queryClient: QueryClient, id: string, view: HandoverView) {
  queryClient.setQueryData(handoverQueryKey(id), view);
  await Promise.all([
    // The request page's queries, not this screen's own answer, which has just arrived.
    queryClient.invalidateQueries({
      queryKey: ['/api/admin/valuations', id],
      predicate: (query) => query.queryKey[2] !== 'handover',
    }),
    ...changedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/**
 * POST …/handover: what the driver found at the door. As declared, the request moves to collected;
 * not as declared, it is lost (we do not buy the car). A refusal (409: collected or moved meanwhile)
 * reloads the screen, so it shows where the request now is.
 */
export function useRecordHandover(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (handover: HandoverRequest): Promise<HandoverView> =>
      handoverViewSchema.parse(await apiRequest<unknown>('POST', `${valuationPath(id)}/handover`, handover)),
    onSuccess: (view) => refreshAfter(queryClient, id, view),
    onError: () => queryClient.invalidateQueries({ queryKey: handoverQueryKey(id) }),
  });
}

/** POST …/payment: the Faster Payments sent; the request is completed and the receipt e-mailed. */
export function useRecordPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payment: PaymentRequest): Promise<HandoverView> =>
      handoverViewSchema.parse(await apiRequest<unknown>('POST', `${valuationPath(id)}/payment`, payment)),
    onSuccess: (view) => refreshAfter(queryClient, id, view),
    onError: () => queryClient.invalidateQueries({ queryKey: handoverQueryKey(id) }),
  });
}
