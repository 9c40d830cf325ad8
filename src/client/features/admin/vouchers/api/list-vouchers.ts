import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { voucherListSchema, type VoucherList, type VoucherStatus } from '~/shared/voucher-schemas';

/** GET /api/admin/vouchers. Invalidating this key reaches both lists and every page. */
export const adminVouchersQueryKey = ['/api/admin/vouchers'] as const;

export const VOUCHERS_PAGE_SIZE = 20;

/** Owed (soonest due first) or sent (newest first), a page at a time, with the counts of both. */
export function adminVouchersQueryOptions(status: VoucherStatus, page: number) {
  const queryKey = [adminVouchersQueryKey[0], { status, page, pageSize: VOUCHERS_PAGE_SIZE }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<VoucherList> =>
      voucherListSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    placeholderData: keepPreviousData,
  });
}

export function useAdminVouchers(status: VoucherStatus, page: number) {
  return useQuery(adminVouchersQueryOptions(status, page));
}
