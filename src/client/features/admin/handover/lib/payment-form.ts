import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from '~/client/lib/api-client';
import {
  amountMismatch,
  handoverMessages,
  PAYMENT_TIME_SKEW_MINUTES,
  paymentRequestSchema,
  type PaymentRequest,
  type PaymentSplit,
  type Payee,
} from '~/shared/handover-schemas';
import { poundsToPence } from '~/shared/pounds-field';
import { localInputToIso, toLocalInput } from './paid-at';

/** One transfer as the form holds it: the amount as typed, the reference, the `datetime-local` time. */
export type PaymentPartValues = { amount: string; reference: string; paidAt: string };
export type PaymentFormValues = Record<Payee, PaymentPartValues>;

const partFields = ['amount', 'reference', 'paidAt'] as const;

/** 825000 → "8,250.00": an amount as the field shows it, ready to send. */
export function poundsInput(pence: number): string {
  return (pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The split's amounts, the request's reference for the seller's transfer (what they see on their statement), now. */
export function paymentDefaults(split: PaymentSplit, reference: string, now = new Date()): PaymentFormValues {
  const paidAt = toLocalInput(now);
  return {
    seller: { amount: split.sellerPence > 0 ? poundsInput(split.sellerPence) : '', reference, paidAt },
    lender: { amount: split.lenderPence > 0 ? poundsInput(split.lenderPence) : '', reference: '', paidAt },
  };
}

/** The payees this split pays: the seller when anything is left after the finance, the lender when there is finance. */
export function payeesOf(split: PaymentSplit): Payee[] {
  return [
    ...(split.sellerPence > 0 ? (['seller'] as const) : []),
    ...(split.lenderPence > 0 ? (['lender'] as const) : []),
  ];
}

/** The sum of the amounts typed so far (those that are amounts), in pence. */
export function typedTotal(values: PaymentFormValues, split: PaymentSplit): number {
  return payeesOf(split).reduce((sum, payee) => sum + (poundsToPence(values[payee].amount) ?? 0), 0);
}

const owed = (split: PaymentSplit, payee: Payee) => (payee === 'seller' ? split.sellerPence : split.lenderPence);

/**
 * Checks the transfers with the route's schema and the rules the server adds (each amount as the
 * split says, no time in the future), and hands on the request: the amounts as typed ("8,250.00"),
 * the times with the browser's offset.
 */
export function paymentResolver(split: PaymentSplit): Resolver<PaymentFormValues, unknown, PaymentRequest> {
  return (values) => {
    const paid = payeesOf(split);
    const request = Object.fromEntries(
      (['seller', 'lender'] as const).map((payee) => {
        if (!paid.includes(payee)) return [payee, null];
        const part = values[payee];
        // An unreadable time goes as typed, for the schema's message.
        return [
          payee,
          { ...part, reference: part.reference.trim(), paidAt: localInputToIso(part.paidAt) ?? part.paidAt },
        ];
      }),
    ) as PaymentRequest;

    const errors: FieldErrors<PaymentFormValues> = {};
    const fail = (payee: Payee, field: (typeof partFields)[number], message: string) => {
      const part = (errors[payee] ??= {});
      part[field] ??= { type: 'validate', message };
    };
    const parsed = paymentRequestSchema.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [payee, field] = issue.path;
        if ((payee === 'seller' || payee === 'lender') && partFields.includes(field as never))
          fail(payee, field as (typeof partFields)[number], issue.message);
      }
    }
    const latest = Date.now() + PAYMENT_TIME_SKEW_MINUTES * 60_000;
    for (const payee of paid) {
      const pence = poundsToPence(values[payee].amount);
      if (pence !== undefined && pence > 0 && pence !== owed(split, payee))
        fail(payee, 'amount', amountMismatch(payee, owed(split, payee)));
      const iso = localInputToIso(values[payee].paidAt);
      if (iso && new Date(iso).getTime() > latest) fail(payee, 'paidAt', handoverMessages.paidAtFuture);
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: request, errors: {} };
  };
}

/**
 * The server's field messages on the transfer they belong to: its issues' paths are "seller.amount",
 * "body.lender.reference" or "/seller/paidAt"; one for a whole transfer ("seller") goes under its
 * amount. Returns whether any matched a field (the first is focused).
 */
export function applyPaymentIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  payees: readonly Payee[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const issue of error.body?.issues ?? []) {
    const parts = issue.path.split(/[./]/).filter(Boolean);
    const at = parts.findIndex((part) => part === 'seller' || part === 'lender');
    const payee = parts[at] as Payee | undefined;
    if (!payee || !payees.includes(payee)) continue;
    const field = partFields.find((f) => f === parts[at + 1]) ?? 'amount';
    setError(`${payee}.${field}` as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
