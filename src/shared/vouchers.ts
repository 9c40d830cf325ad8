/**
 * The launch voucher owed after a completed sale (issue 36; SPEC section 1's promotion and its
 * terms): its states and words. Plain data without zod; the route schemas are in
 * ./voucher-schemas.ts, and the promotion itself in ./promotion.ts.
 */

export const voucherStatuses = ['owed', 'sent'] as const;
export type VoucherStatus = (typeof voucherStatuses)[number];

export const VOUCHER_CODE_MAX_LENGTH = 64;

export const voucherMessages = {
  codeRequired: 'Enter the voucher’s code, as the supplier issued it.',
  codeTooLong: `A voucher code is at most ${VOUCHER_CODE_MAX_LENGTH} characters.`,
  alreadySent: 'This voucher has already been sent, with another code.',
  notFound: 'Voucher not found',
  /** The back office's toasts. */
  sent: 'Voucher marked as sent: the seller has been e-mailed its code',
  failed: 'Voucher not marked as sent',
} as const;

/** Why a completed sale owes no voucher, for the timeline. */
export const noVoucherReasons = {
  outsidePromotion: 'The sale completed outside the promotion’s dates.',
  notKeeper: 'The seller is not the keeper named on the V5C (the promotion’s terms).',
  alreadyOwed: 'This customer already has a launch voucher: one per customer (the promotion’s terms).',
} as const;
export type NoVoucherReason = keyof typeof noVoucherReasons;

/** A voucher as staff's list shows it. */
export type VoucherListItem = {
  id: string;
  valuationId: string;
  reference: string;
  sellerName: string;
  email: string;
  registration: string;
  amountPounds: number;
  brand: string;
  /** The UK day the sale completed, 'YYYY-MM-DD'. */
  owedOn: string;
  /** The last working day it may be sent on, 'YYYY-MM-DD'. */
  dueDate: string;
  status: VoucherStatus;
  /** Owed and past its due date. */
  overdue: boolean;
  code: string | null;
  sentAt: string | null;
  sentBy: string | null;
};

/** What the seller's page shows of their voucher. */
export type SellerVoucher = {
  status: VoucherStatus;
  amountPounds: number;
  brand: string;
  dueDate: string;
  sentAt: string | null;
};
