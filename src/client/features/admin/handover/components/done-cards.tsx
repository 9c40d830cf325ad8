import { Ban, CircleCheck, Download } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import type { HandoverView, PaymentRecord } from '~/shared/handover';
import { formatPounds } from '~/shared/offer-basics';
import { adminPaths } from '../../admin-paths';
import { formatUkDateAndTime } from '../../lib/format-date';
import { HandoverRecordList } from './handover-record';
import { StepCard } from './step-card';

/**
 * Step 3, "Paid" (issue 36): each transfer made, the receipt to download (the seller has it by
 * e-mail), and what was recorded at the door.
 */
export function PaidCard({ view, focusHeading }: { view: HandoverView; focusHeading: boolean }) {
  const total = view.payments.reduce((sum, payment) => sum + payment.amountPence, 0);
  return (
    <StepCard
      headingId="paid-heading"
      title="Paid"
      icon={<CircleCheck aria-hidden="true" className="size-7 shrink-0 text-go-700" />}
      description={`The sale is complete. The receipt was e-mailed to ${view.seller.email}.`}
      focusHeading={focusHeading}
      className="border-green-200"
    >
      <div className="grid gap-6">
        <section aria-labelledby="payments-heading" className="grid gap-3">
          <h3 id="payments-heading" className="text-base font-bold text-brand-950">
            Payments
          </h3>
          <ul className="grid gap-3">
            {view.payments.map((payment) => (
              <PaymentItem key={payment.payee} payment={payment} view={view} />
            ))}
          </ul>
          {view.payments.length > 1 ? (
            <p className="flex items-center justify-between gap-3 border-t border-line pt-3 text-base font-bold text-brand-950">
              <span>Total</span>
              <span className="tabular-nums">{formatPounds(total)}</span>
            </p>
          ) : null}
        </section>

        {view.receiptPath ? (
          <Button asChild variant="brand" className="w-full sm:w-auto sm:justify-self-start">
            <a href={view.receiptPath} download>
              <Download aria-hidden="true" />
              Download the receipt (PDF)
            </a>
          </Button>
        ) : null}

        {view.handover ? (
          <section aria-labelledby="door-record-heading" className="grid gap-3 border-t border-line pt-5">
            <h3 id="door-record-heading" className="text-base font-bold text-brand-950">
              At the door
            </h3>
            <HandoverRecordList record={view.handover} />
          </section>
        ) : null}
      </div>
    </StepCard>
  );
}

function PaymentItem({ payment, view }: { payment: PaymentRecord; view: HandoverView }) {
  const payee =
    payment.payee === 'seller'
      ? `To the seller, ${view.seller.name}`
      : `To the lender${view.finance.lender ? `, ${view.finance.lender}` : ''}`;
  return (
    <li className="grid gap-1 rounded-lg border border-line bg-surface px-4 py-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span className="font-semibold text-brand-950">{payee}</span>
        <span className="text-lg font-extrabold text-brand-950 tabular-nums">{formatPounds(payment.amountPence)}</span>
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted">
        <span>
          Reference <span className="font-mono font-semibold text-ink">{payment.reference}</span>
        </span>
        <span>
          Sent <time dateTime={payment.paidAt}>{formatUkDateAndTime(payment.paidAt)}</time>
          {payment.recordedBy ? `, recorded by ${payment.recordedBy}` : ''}
        </span>
      </p>
    </li>
  );
}

/** The car was not as declared: we did not buy it, and the request is lost. */
export function NotBoughtCard({ view, focusHeading }: { view: HandoverView; focusHeading: boolean }) {
  return (
    <StepCard
      headingId="lost-heading"
      title="Not bought"
      icon={<Ban aria-hidden="true" className="size-6 shrink-0 text-danger" />}
      description="The car was not as the seller declared it, so we are not buying it. The request is marked lost and nothing is paid."
      focusHeading={focusHeading}
    >
      <div className="grid gap-5">
        {view.handover ? <HandoverRecordList record={view.handover} /> : null}
        <Link
          to={adminPaths.valuation(view.valuationId)}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Open the request’s page
        </Link>
      </div>
    </StepCard>
  );
}
