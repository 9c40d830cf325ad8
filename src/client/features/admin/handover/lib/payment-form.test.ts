import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/client/lib/api-client';
import { amountMismatch, handoverMessages as m, paymentSplit } from '~/shared/handover';
import { localInputToIso, toLocalInput } from './paid-at';
import {
  applyPaymentIssues,
  payeesOf,
  paymentDefaults,
  paymentResolver,
  poundsInput,
  typedTotal,
  type PaymentFormValues,
} from './payment-form';

const split = paymentSplit(1_200_000, 375_000);
const now = new Date(2025, 10, 28, 10, 42);
const check = (values: PaymentFormValues, s = split) =>
  paymentResolver(s)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the payment form', () => {
  it('starts from the split: the amounts to the penny, the request’s reference, now', () => {
    expect(poundsInput(825_000)).toBe('8,250.00');
    expect(poundsInput(12_345)).toBe('123.45');
    const values = paymentDefaults(split, 'CB-7K3-9QX', now);
    expect(values.seller).toEqual({ amount: '8,250.00', reference: 'CB-7K3-9QX', paidAt: toLocalInput(now) });
    expect(values.lender).toEqual({ amount: '3,750.00', reference: '', paidAt: toLocalInput(now) });
    expect(typedTotal(values, split)).toBe(1_200_000);
  });

  it('pays only the lender when the settlement takes the whole price, only the seller without finance', () => {
    expect(payeesOf(paymentSplit(500_000, 600_000))).toEqual(['lender']);
    expect(payeesOf(paymentSplit(500_000, null))).toEqual(['seller']);
    expect(payeesOf(split)).toEqual(['seller', 'lender']);
  });

  it('sends the amounts as typed, the times with the browser’s offset, and null for a payee not paid', async () => {
    const paidAt = toLocalInput(now);
    const { values, errors } = await check(
      {
        seller: { amount: '8,250.00', reference: ' CB-7K3-9QX ', paidAt },
        lender: { amount: '', reference: '', paidAt: '' },
      },
      paymentSplit(825_000, null),
    );
    expect(errors).toEqual({});
    expect(values).toEqual({
      seller: { amount: '8,250.00', reference: 'CB-7K3-9QX', paidAt: localInputToIso(paidAt) },
      lender: null,
    });
  });

  it('puts each message under its transfer’s field', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      const { errors } = await check({
        seller: { amount: '8,000', reference: 'CB-7K3-9QX', paidAt: toLocalInput(new Date(now.getTime() + 3_600_000)) },
        lender: { amount: 'lots', reference: 'Agreement #1', paidAt: '' },
      });
      expect(errors.seller?.amount?.message).toBe(amountMismatch('seller', 825_000));
      expect(errors.seller?.paidAt?.message).toBe(m.paidAtFuture);
      expect(errors.lender?.amount?.message).toBe(m.amountInvalid);
      expect(errors.lender?.reference?.message).toBe(m.referenceCharacters);
      expect(errors.lender?.paidAt?.message).toBe(m.paidAtInvalid);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server’s issues under the transfer they name', () => {
    const body = {
      message: 'Please check the payment.',
      issues: [
        { path: 'body.lender.reference', message: m.referenceTooLong },
        { path: '/seller/amount', message: amountMismatch('seller', 825_000) },
        { path: 'lender', message: m.lenderPaymentMissing },
        { path: 'somethingElse', message: 'Not a field' },
      ],
    };
    const setError = vi.fn();
    const applied = applyPaymentIssues(new ApiError(400, JSON.stringify(body), body), setError, ['seller', 'lender']);
    expect(applied).toBe(true);
    expect(setError.mock.calls.map(([name, error]) => [name, error.message])).toEqual([
      ['lender.reference', m.referenceTooLong],
      ['seller.amount', amountMismatch('seller', 825_000)],
      ['lender.amount', m.lenderPaymentMissing],
    ]);
  });
});
