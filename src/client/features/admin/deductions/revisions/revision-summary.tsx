import { Badge } from '~/client/components/ui/badge';
import { formatPounds } from '~/shared/offer-basics';
import { formatUkDeadline } from '~/shared/offer-validity';
import {
  adminRevisionPhotoUrl,
  itemAmountWords,
  revisionStatusLabels,
  type AdminRevision,
  type RevisionStatus,
} from '~/shared/price-revisions';
import { formatUkDateAndTime } from '../../lib/format-date';

const tones: Record<RevisionStatus, 'plate' | 'success' | 'danger' | 'neutral'> = {
  open: 'plate',
  accepted: 'success',
  declined: 'danger',
  lapsed: 'neutral',
  withdrawn: 'neutral',
};

/** One revision as staff read it: its state, the prices, each item with its note and photos. */
export function RevisionSummary({ valuationId, revision }: { valuationId: string; revision: AdminRevision }) {
  const now = new Date();
  const proposed = formatUkDateAndTime(revision.proposedAt);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={tones[revision.status]}>{revisionStatusLabels[revision.status]}</Badge>
        <span className="text-sm text-muted">
          {revision.status === 'open'
            ? `Until ${formatUkDeadline(new Date(revision.validUntil), now)} (UK time)`
            : revision.closedAt
              ? formatUkDateAndTime(revision.closedAt)
              : null}
        </span>
      </div>
      <p className="text-sm">
        <span className="text-2xl font-extrabold text-brand-950 tabular-nums">{formatPounds(revision.toPence)}</span>{' '}
        <span className="text-muted">
          instead of {formatPounds(revision.fromPence)} ({formatPounds(revision.deductedPence)} less)
        </span>
      </p>
      <ol className="grid gap-2">
        {revision.items.map((item, index) => (
          <li key={item.id} className="grid gap-1.5 rounded-lg border border-line p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-semibold text-brand-950">
                {index + 1}. {item.name}
              </p>
              <p className="text-sm font-semibold tabular-nums">
                {item.quantity > 1 ? <span className="font-normal text-muted">{itemAmountWords(item)} = </span> : null}
                {formatPounds(item.amountPence)}
              </p>
            </div>
            <p className="text-sm whitespace-pre-line">{item.note}</p>
            <ul className="flex flex-wrap gap-2" aria-label={`Photos of difference ${index + 1}`}>
              {item.photos.map((photo, photoIndex) => (
                <li key={photo.id}>
                  <a
                    href={adminRevisionPhotoUrl(valuationId, photo.id, 'full')}
                    target="_blank"
                    rel="noopener"
                    className="block overflow-hidden rounded-md border border-line focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none"
                  >
                    <img
                      src={adminRevisionPhotoUrl(valuationId, photo.id, 'thumb')}
                      alt={`Photo ${photoIndex + 1} of ${item.name}, open larger`}
                      loading="lazy"
                      className="h-15 w-20 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted">
        Proposed {proposed}
        {revision.proposedBy ? ` by ${revision.proposedBy}` : ''}
        {revision.status === 'withdrawn' && revision.withdrawnBy ? `; withdrawn by ${revision.withdrawnBy}` : ''}
        {revision.status === 'declined' ? `; the seller’s reason: ${revision.declineReason ?? 'none given'}` : ''}
      </p>
    </div>
  );
}
