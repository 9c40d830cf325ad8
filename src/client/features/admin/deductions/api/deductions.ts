import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import {
  deductionChangeSchema,
  deductionTableSchema,
  type DeductionBody,
  type DeductionChange,
  type DeductionTable,
} from '~/shared/deduction-schemas';

/**
 * The deductions table (issue 37): GET /api/admin/deductions and its changes. Each change answers
 * the table as it now is, which replaces the one shown; every request's revision card (which lists
 * the items in use for its form) is refreshed too.
 */
export const deductionsQueryKey = ['/api/admin/deductions'] as const;

export function deductionsQueryOptions() {
  return queryOptions({
    queryKey: deductionsQueryKey,
    queryFn: async (): Promise<DeductionTable> =>
      deductionTableSchema.parse(await apiRequest<unknown>('GET', deductionsQueryKey[0])),
  });
}

export function useDeductions() {
  return useQuery(deductionsQueryOptions());
}

const itemPath = (id: string) => `${deductionsQueryKey[0]}/${encodeURIComponent(id)}`;

export type DeductionChangeRequest =
  | { kind: 'add'; body: DeductionBody }
  | { kind: 'edit'; id: string; body: DeductionBody }
  | { kind: 'move'; id: string; direction: 'up' | 'down' }
  | { kind: 'retire'; id: string }
  | { kind: 'restore'; id: string };

async function send(change: DeductionChangeRequest): Promise<DeductionChange> {
  const answer = await (() => {
    switch (change.kind) {
      case 'add':
        return apiRequest<unknown>('POST', deductionsQueryKey[0], change.body);
      case 'edit':
        return apiRequest<unknown>('PUT', itemPath(change.id), change.body);
      case 'move':
        return apiRequest<unknown>('POST', `${itemPath(change.id)}/move`, { direction: change.direction });
      case 'retire':
        return apiRequest<unknown>('POST', `${itemPath(change.id)}/retire`);
      case 'restore':
        return apiRequest<unknown>('POST', `${itemPath(change.id)}/restore`);
    }
  })();
  return deductionChangeSchema.parse(answer);
}

export function useChangeDeductions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (change) => {
      queryClient.setQueryData(deductionsQueryKey, change.table);
      // The revision cards list the items in use: written out here, as each sits under its request's key.
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === '/api/admin/valuations' && query.queryKey[2] === 'revisions',
      });
    },
    // A refusal (someone else changed it meanwhile) shows the table as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: deductionsQueryKey }),
  });
}
