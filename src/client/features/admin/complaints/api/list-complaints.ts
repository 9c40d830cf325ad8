import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { adminComplaintListSchema, type AdminComplaintList, type ComplaintFilter } from '~/shared/complaints';

/** GET /api/admin/complaints. Invalidating this key reaches every filter and page. */
export const adminComplaintsQueryKey = ['/api/admin/complaints'] as const;

export const COMPLAINTS_PAGE_SIZE = 20;

export function adminComplaintsQueryOptions(status: ComplaintFilter, page: number) {
  const queryKey = [adminComplaintsQueryKey[0], { status, page, pageSize: COMPLAINTS_PAGE_SIZE }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<AdminComplaintList> =>
      adminComplaintListSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    placeholderData: keepPreviousData,
  });
}

export function useAdminComplaints(status: ComplaintFilter, page: number) {
  return useQuery(adminComplaintsQueryOptions(status, page));
}
