import { formatPounds } from '~/shared/offer-basics';
import { paths } from '~/shared/paths';
import { formatUkDate, ukDate } from '~/shared/promotion';
import { formatUkDayTime, type SellerView } from '~/shared/seller-portal-basics';
import type { SellerVoucher } from '~/shared/vouchers';

/**
 * After the sale (issue 36): the payment we made and its receipt, and the launch voucher the sale
 * earned. Server-rendered, without script: plain text and a link.
 */

/** What the seller's page shows of the payment. */
export type SellerPayment = NonNullable<SellerView['payment']>;

const cardClass = 'rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8';
const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

/** "the lender" when we do not know its name. */
export const lenderName = (payment: Pick<SellerPayment, 'lender'>) => payment.lender ?? 'your finance company';

/** The sums paid, by Faster Payments, and the receipt. */
export function PaymentCard({ payment }: { payment: SellerPayment }) {
  const paidAt = new Date(payment.paidAt);
  const withLender = payment.lenderPence > 0;
  return (
    <section id="payment" aria-labelledby="payment-title" className={cardClass}>
      <h2 id="payment-title" className="text-lg font-bold text-brand-900">
        Payment
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {payment.sellerPence > 0 || !withLender ? (
          <>
            <dt className="text-muted">Paid to you</dt>
            <dd className="font-semibold">{formatPounds(payment.sellerPence)}</dd>
          </>
        ) : null}
        {withLender ? (
          <>
            <dt className="text-muted">Paid to {lenderName(payment)}</dt>
            <dd className="font-semibold">
              {formatPounds(payment.lenderPence)}
              <span className="block text-sm font-normal text-muted">to settle your finance</span>
            </dd>
            <dt className="text-muted">Total</dt>
            <dd className="font-semibold">{formatPounds(payment.sellerPence + payment.lenderPence)}</dd>
          </>
        ) : null}
        <dt className="text-muted">Paid</dt>
        <dd className="font-semibold">
          <time dateTime={payment.paidAt}>{formatUkDayTime(paidAt)}</time>
          <span className="block text-sm font-normal text-muted">UK time, by Faster Payments</span>
        </dd>
      </dl>
      <p className="mt-4">
        <a href={payment.receiptPath} className={linkClass}>
          Download your receipt (PDF)
        </a>
      </p>
    </section>
  );
}

/** The launch voucher: when we will send it, or when we did. */
export function VoucherCard({ voucher }: { voucher: SellerVoucher }) {
  const label = `£${voucher.amountPounds} ${voucher.brand} voucher`;
  return (
    <section id="voucher" aria-labelledby="voucher-title" className={cardClass}>
      <h2 id="voucher-title" className="text-lg font-bold text-brand-900">
        Your launch voucher
      </h2>
      {voucher.status === 'sent' && voucher.sentAt ? (
        <p className="mt-2">
          We sent your voucher on{' '}
          <strong>
            <time dateTime={voucher.sentAt}>{formatUkDate(ukDate(new Date(voucher.sentAt)))}</time>
          </strong>
          : check your e-mail.
        </p>
      ) : voucher.status === 'sent' ? (
        <p className="mt-2">We have sent your voucher: check your e-mail.</p>
      ) : (
        <p className="mt-2">
          We will send your {label} by{' '}
          <strong>
            <time dateTime={voucher.dueDate}>{formatUkDate(voucher.dueDate)}</time>
          </strong>{' '}
          (by e-mail).
        </p>
      )}
      <p className="mt-2 text-sm text-muted">
        Thank you for selling your car to us during our launch offer. The voucher comes to the e-mail address you gave
        us: check your junk folder too.{' '}
        <a href={paths.launchOfferTerms} className={linkClass}>
          The offer’s terms
        </a>
      </p>
    </section>
  );
}
