import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { adminReviewListSchema, type AdminReviewList } from '~/shared/reviews';

/** GET /api/admin/reviews. Invalidating this key reaches both tabs, every page, and the nav's count. */
export const adminReviewsQueryKey = ['/api/admin/reviews'] as const;

export type ReviewTab = 'pending' | 'approved';
export const REVIEWS_PAGE_SIZE = 20;

export function adminReviewsQueryOptions(status: ReviewTab, page: number) {
  const queryKey = [adminReviewsQueryKey[0], { status, page, pageSize: REVIEWS_PAGE_SIZE }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<AdminReviewList> =>
      adminReviewListSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReviews(status: ReviewTab, page: number) {
  return useQuery(adminReviewsQueryOptions(status, page));
}

/**
 * Reviews waiting for a decision, for the navigation's badge (the first pending page's count).
 * Only admins may moderate, so only they ask.
 */
export function usePendingReviewCount(isAdmin: boolean): number | undefined {
  return useQuery({ ...adminReviewsQueryOptions('pending', 1), staleTime: 30_000, enabled: isAdmin }).data?.counts
    .pending;
}
