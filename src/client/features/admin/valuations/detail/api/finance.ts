import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import {
  financeSettlementSchema,
  type ConfirmFinanceRequest,
  type FinanceSettlement,
} from '~/shared/finance-settlement-schemas';
import { refreshAfterChange, valuationQueryKey } from './get-valuation';

/**
 * The finance settlement as staff see it (issue 36). Under the valuation's own key, so whatever
 * refreshes the valuation (an accepted offer, a booked collection) refreshes the equity and warnings too.
 */
export const financeQueryKey = (id: string) => [...valuationQueryKey(id), 'finance'] as const;

const financePath = (id: string) => `/api/admin/valuations/${encodeURIComponent(id)}/finance`;

export function financeQueryOptions(id: string) {
  return queryOptions({
    queryKey: financeQueryKey(id),
    queryFn: async (): Promise<FinanceSettlement> =>
      financeSettlementSchema.parse(await apiRequest<unknown>('GET', financePath(id))),
  });
}

export function useFinance(id: string) {
  return useQuery(financeQueryOptions(id));
}

/**
 * PUT …/finance: answers the settlement as it now stands, which replaces the one shown; the valuation
 * (its timeline) follows. A refusal (409: the request closed meanwhile) reloads it.
 */
export function useConfirmFinance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmation: ConfirmFinanceRequest): Promise<FinanceSettlement> =>
      financeSettlementSchema.parse(await apiRequest<unknown>('PUT', financePath(id), confirmation)),
    onSuccess: (finance) => {
      queryClient.setQueryData(financeQueryKey(id), finance);
      return refreshAfterChange(queryClient, id);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: financeQueryKey(id) }),
  });
}
