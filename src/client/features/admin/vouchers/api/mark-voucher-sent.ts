import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { voucherListItemSchema, type VoucherListItem } from '~/shared/voucher-schemas';
import { adminVouchersQueryKey } from './list-vouchers';

/**
 * POST /api/admin/vouchers/{id}/sent with the voucher's code: marks it sent and e-mails the seller
 * the code. Answers the voucher as it now is.
 */
export async function markVoucherSent(input: { id: string; code: string }): Promise<VoucherListItem> {
  const answer = await apiRequest<unknown>('POST', `${adminVouchersQueryKey[0]}/${encodeURIComponent(input.id)}/sent`, {
    code: input.code,
  });
  return voucherListItemSchema.parse(answer);
}

export function useMarkVoucherSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVoucherSent,
    // The voucher leaves Owed for Sent, and both counts change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminVouchersQueryKey }),
  });
}
