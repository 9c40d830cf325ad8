import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import {
  dataRequestSearchResultSchema,
  type DataRequestSearchInput,
  type DataRequestSearchResult,
} from '~/shared/data-requests';
import { dataRequestApi } from './paths';

/**
 * POST /api/admin/data-requests/search: what is held about one person. A mutation, not a query:
 * the identifier travels in the body, and nothing about the person is kept in the query cache.
 */
export async function searchPerson(input: DataRequestSearchInput): Promise<DataRequestSearchResult> {
  return dataRequestSearchResultSchema.parse(await apiRequest<unknown>('POST', dataRequestApi.search, input));
}

export function useSearchPerson() {
  return useMutation({ mutationFn: searchPerson });
}
