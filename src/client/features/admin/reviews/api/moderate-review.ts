import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { adminReviewSchema, type AdminReview } from '~/shared/reviews';
import { adminReviewsQueryKey } from './list-reviews';

export type ReviewAction = 'approve' | 'reject' | 'publish' | 'unpublish';

/** PATCH /api/admin/reviews/{id}/{action}: notes with approve and reject (required there); none otherwise. */
export async function moderateReview(input: {
  id: number;
  action: ReviewAction;
  adminNotes?: string;
}): Promise<AdminReview> {
  const withNotes = input.action === 'approve' || input.action === 'reject';
  const answer = await apiRequest<unknown>(
    'PATCH',
    `${adminReviewsQueryKey[0]}/${input.id}/${input.action}`,
    withNotes ? { adminNotes: input.adminNotes ?? '' } : undefined,
  );
  return adminReviewSchema.parse(answer);
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReviewsQueryKey }),
  });
}
