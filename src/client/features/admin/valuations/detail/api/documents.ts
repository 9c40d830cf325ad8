import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { adminDocumentsSchema, type AdminDocuments } from '~/shared/documents';
import { refreshAfterChange, valuationQueryKey } from './get-valuation';

/**
 * The seller's documents as staff see them (issue 35). Under the valuation's own key, so whatever
 * refreshes the valuation (a stage change, an accepted offer) refreshes its checklist too.
 */
export const documentsQueryKey = (id: string) => [...valuationQueryKey(id), 'documents'] as const;

const documentsPath = (id: string) => `/api/admin/valuations/${encodeURIComponent(id)}/documents`;

/** GET …/documents/:documentId/file: `preview` a JPEG of the first page (inline), `file` the upload (a download). */
export const documentFileUrl = (valuationId: string, documentId: string, size: 'preview' | 'file') =>
  `${documentsPath(valuationId)}/${encodeURIComponent(documentId)}/file?size=${size}`;

export function documentsQueryOptions(id: string) {
  return queryOptions({
    queryKey: documentsQueryKey(id),
    queryFn: async (): Promise<AdminDocuments> =>
      adminDocumentsSchema.parse(await apiRequest<unknown>('GET', documentsPath(id))),
  });
}

export function useDocuments(id: string) {
  return useQuery(documentsQueryOptions(id));
}

/** What staff do to the checklist: check a document, turn one down with a reason, or ask for them all. */
export type DocumentAction =
  | { action: 'verify'; documentId: string }
  | { action: 'reject'; documentId: string; reason: string }
  | { action: 'request' };

function send(id: string, change: DocumentAction): Promise<unknown> {
  switch (change.action) {
    case 'verify':
      return apiRequest<unknown>('POST', `${documentsPath(id)}/${encodeURIComponent(change.documentId)}/verify`);
    case 'reject':
      return apiRequest<unknown>('POST', `${documentsPath(id)}/${encodeURIComponent(change.documentId)}/reject`, {
        reason: change.reason,
      });
    case 'request':
      return apiRequest<unknown>('POST', `${documentsPath(id)}/request`);
  }
}

/**
 * POST …/verify, …/reject or …/documents/request: each answers the checklist as it now is, which
 * replaces the one shown; the valuation (its timeline) and the lists ("Documents complete") follow.
 * A refusal (409: already checked by someone else) reloads the checklist, so the row shows why.
 */
export function useDocumentAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: DocumentAction): Promise<AdminDocuments> =>
      adminDocumentsSchema.parse(await send(id, change)),
    onSuccess: (documents) => {
      queryClient.setQueryData(documentsQueryKey(id), documents);
      return refreshAfterChange(queryClient, id);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey(id) }),
  });
}
