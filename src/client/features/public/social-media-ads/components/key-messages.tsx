import { CircleCheck } from 'lucide-react';
import { usePromotion } from '~/client/lib/use-promotion';
import { KEY_MESSAGES } from '~/shared/ads/catalogue';
import { PROMOTION_TERMS } from '~/shared/promotion';

const perCustomer =
  PROMOTION_TERMS.vouchersPerCustomer === 1
    ? 'One voucher per customer'
    : `${PROMOTION_TERMS.vouchersPerCustomer} vouchers per customer`;

/** What every ad says, and the fixed lines around it. */
export function KeyMessages() {
  const promotion = usePromotion();
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {KEY_MESSAGES.map((message) => (
          <li key={message.title} className="flex gap-3 rounded-xl border border-line bg-white p-4">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-go-600" />
            <div>
              <p className="font-bold text-brand-950">{message.title}</p>
              <p className="text-sm text-muted">{message.detail}</p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="h-fit space-y-5 rounded-[var(--radius-card)] bg-brand-900 p-6 text-white">
        <div>
          <dt className="text-sm font-semibold tracking-wide text-brand-200 uppercase">Headline</dt>
          <dd className="mt-1 text-2xl font-extrabold tracking-tight">
            <span className="block">Sell your car</span>
            <span className="block text-plate">the simple way</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold tracking-wide text-brand-200 uppercase">Call to action</dt>
          <dd className="mt-1 text-lg font-bold">Get my free valuation</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold tracking-wide text-brand-200 uppercase">Offer line</dt>
          <dd className="mt-1 text-brand-100">
            {promotion.advertised
              ? `${promotion.voucher} on car sales completed ${promotion.period}. ${perCustomer}. T&Cs apply.`
              : 'None at the moment: the ads mention an offer only while it is announced or running.'}
          </dd>
        </div>
      </dl>
    </div>
  );
}
