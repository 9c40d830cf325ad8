import { CalendarX, Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { cx } from '~/client/lib/cx';
import { usePromotion } from '~/client/lib/use-promotion';
import { paths } from '~/shared/paths';
import { formatUkDate } from '~/shared/promotion';

/** Whether the launch offer is in the ads today, and why (from the promotion data). */
export function OfferStatus() {
  const promotion = usePromotion();
  const Icon = promotion.advertised ? Megaphone : CalendarX;
  return (
    <div
      className={cx(
        'flex flex-col gap-4 rounded-[var(--radius-card)] border p-5 sm:flex-row sm:p-6',
        promotion.advertised ? 'border-plate-strong/60 bg-plate/15' : 'border-brand-100 bg-brand-50',
      )}
    >
      <span
        className={cx(
          'flex size-11 shrink-0 items-center justify-center rounded-full',
          promotion.advertised ? 'bg-plate text-brand-950' : 'bg-brand-900 text-white',
        )}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="space-y-1.5">
        <p className="text-lg font-bold text-brand-950">
          {promotion.advertised ? 'The launch offer is in the ads' : 'The ads carry our everyday message'}
        </p>
        <p className="text-ink">
          {promotion.phase === 'running' && (
            <>
              Each ad shows our {promotion.voucher} on car sales completed {promotion.period}. After{' '}
              {formatUkDate(promotion.endDate)} they switch back to our everyday message by themselves.
            </>
          )}
          {promotion.phase === 'announced' && (
            <>
              Each ad announces our {promotion.voucher} on car sales completed {promotion.period}. After{' '}
              {formatUkDate(promotion.endDate)} they switch back to our everyday message by themselves.
            </>
          )}
          {promotion.phase === 'ended' && (
            <>
              Our launch offer ({promotion.voucher}, {promotion.period}) has ended, so the ads no longer mention it.
              They say what is always true: a free valuation within 24 hours, no fees, and payment the same day.
            </>
          )}
          {promotion.phase === 'not-announced' && (
            <>
              No offer is being advertised at the moment. The ads say what is always true: a free valuation within 24
              hours, no fees, and payment the same day.
            </>
          )}
        </p>
        {promotion.phase !== 'not-announced' && (
          <p>
            <Link
              to={paths.launchOfferTerms}
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              Launch offer terms
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
