import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/client/lib/cn';
import type { Offer } from '~/shared/valuation-offer';
import { formatPounds } from '~/shared/valuation-offer';
import type { MessageStatus } from '~/shared/messages';
import { offerStatusLabels } from '~/shared/offer-basics';
import { adminPaths } from '../../../admin-paths';
import { channelLabels, statusLooks } from '../../../messages';
import { deliveryLabel } from '../lib/delivery';
import { formatUkDateAndTime } from '../../../lib/format-date';
import { PanelHeading } from './detail-list';

const methodLabels: Record<Offer['sendMethod'], string> = {
  email: 'By e-mail',
  sms: 'By text',
  both: 'By e-mail and text',
};
const statusClasses: Record<Offer['status'], string> = {
  open: 'border-brand-200 bg-brand-50 text-brand-900',
  accepted: 'border-green-200 bg-green-50 text-green-800',
  declined: 'border-red-200 bg-red-50 text-red-800',
  expired: 'border-amber-200 bg-amber-50 text-amber-900',
  superseded: 'border-line bg-white text-slate-700',
  revised: 'border-line bg-white text-slate-700',
};

/** Until when it stands, or when it was answered. */
function statusDetail(offer: Offer): string {
  if (offer.status === 'accepted' && offer.acceptedAt) return `on ${formatUkDateAndTime(offer.acceptedAt)}`;
  if (offer.status === 'open') return `valid until ${formatUkDateAndTime(offer.validUntil)}`;
  if (offer.status === 'expired') return `ended ${formatUkDateAndTime(offer.validUntil)}`;
  return '';
}

/** Offers sent so far, newest first, each with its messages' delivery (linked to the Messages screen). */
export function OfferHistory({ offers }: { offers: readonly Offer[] }) {
  return (
    <section aria-labelledby="offer-history" className="grid gap-3 border-t border-line pt-5">
      <PanelHeading>
        <span id="offer-history">Offer history</span>
      </PanelHeading>
      {offers.length === 0 ? (
        <p className="text-sm text-muted">No offers sent yet.</p>
      ) : (
        <ol className="grid gap-3">
          {offers.map((offer) => (
            <li key={offer.id} className="rounded-lg border border-line bg-surface p-3.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="text-lg font-bold text-brand-950">{formatPounds(offer.amountPence)}</span>
                <span className="text-sm font-medium text-brand-800">{methodLabels[offer.sendMethod]}</span>
              </div>
              <p className="text-sm text-muted">
                {formatUkDateAndTime(offer.createdAt)} by {offer.sentBy ?? 'a removed account'}
              </p>
              <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm">
                <span
                  className={cn('rounded-full border px-2 py-0.5 text-xs font-semibold', statusClasses[offer.status])}
                >
                  {offerStatusLabels[offer.status]}
                </span>
                <span className="text-ink">{statusDetail(offer)}</span>
              </p>
              {offer.declineReason ? (
                <p className="mt-1.5 text-sm text-ink">
                  <span className="font-semibold">Seller&apos;s reason:</span> {offer.declineReason}
                </p>
              ) : null}
              {offer.notes ? <p className="mt-2 text-sm whitespace-pre-line text-ink">{offer.notes}</p> : null}
              {offer.messages.length > 0 ? (
                <ul className="mt-2.5 flex flex-wrap gap-2" aria-label="Delivery">
                  {offer.messages.map((message) => (
                    <li key={message.id}>
                      <DeliveryLink {...message} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function DeliveryLink({ id, channel, status }: Offer['messages'][number]) {
  const look = statusLooks[status as MessageStatus] ?? {
    className: 'border-line bg-white text-slate-700',
    icon: Clock,
  };
  const Icon = look.icon;
  return (
    <Link
      to={`${adminPaths.messages}?message=${encodeURIComponent(id)}`}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold hover:underline',
        look.className,
      )}
    >
      <Icon aria-hidden="true" className={cn('size-3.5', look.spin && 'animate-spin motion-reduce:animate-none')} />
      {channelLabels[channel].short}: {deliveryLabel(status)}
      <span className="sr-only">(view message)</span>
    </Link>
  );
}
