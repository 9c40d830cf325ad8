import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { DATA_REQUEST_LOG_PAGE_SIZE, dataRequestLogSchema, type DataRequestLog } from '~/shared/data-requests';
import { dataRequestApi } from './paths';

/** GET /api/admin/data-requests/log. Invalidating this key reaches every page of it. */
export const requestLogQueryKey = [dataRequestApi.log] as const;

export function requestLogQueryOptions(page: number) {
  const queryKey = [dataRequestApi.log, { page, pageSize: DATA_REQUEST_LOG_PAGE_SIZE }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<DataRequestLog> =>
      dataRequestLogSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    placeholderData: keepPreviousData,
  });
}

export function useRequestLog(page: number) {
  return useQuery(requestLogQueryOptions(page));
}
