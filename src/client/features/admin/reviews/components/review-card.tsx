import { Check, Eye, EyeOff, MapPin, X } from 'lucide-react';
import { EmailAddress } from '~/client/components/email-address';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { StarRating } from '~/client/features/public/reviews';
import type { AdminReview } from '~/shared/reviews';
import { formatUkDateAndTime } from '../../lib/format-date';
import type { ReviewAction } from '../api/moderate-review';

/** SPEC section 2's badge: Pending, Approved or Published. */
function reviewStatus(review: AdminReview) {
  if (review.isPublished) return { label: 'Published', variant: 'success' } as const;
  if (review.isApproved) return { label: 'Approved', variant: 'brand' } as const;
  return { label: 'Pending', variant: 'plate' } as const;
}

/**
 * One review as staff judge it (SPEC section 2): everything the author wrote, their e-mail (never
 * shown publicly), staff's notes, and the actions its state allows: Approve and Reject while it
 * waits; Publish or Unpublish once approved.
 */
export function ReviewCard({
  review,
  busy,
  onAction,
}: {
  review: AdminReview;
  busy: boolean;
  onAction: (review: AdminReview, action: ReviewAction, trigger: HTMLElement) => void;
}) {
  const status = reviewStatus(review);
  const act = (action: ReviewAction) => (event: { currentTarget: HTMLElement }) =>
    onAction(review, action, event.currentTarget);
  return (
    <Card className="flex h-full flex-col p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-bold break-words text-brand-950">{review.reviewTitle}</h3>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <StarRating rating={review.rating} className="mt-2" />
      <p className="mt-3 text-base whitespace-pre-line text-ink">{review.reviewText}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Author</dt>
        <dd className="min-w-0 font-medium break-words">{review.customerName}</dd>
        <dt className="text-muted">E-mail</dt>
        <dd className="min-w-0">
          <a href={`mailto:${review.email}`} className="text-brand-700 underline underline-offset-2">
            <EmailAddress address={review.email} />
          </a>
        </dd>
        <dt className="text-muted">Submitted</dt>
        <dd>{formatUkDateAndTime(review.submittedAt)}</dd>
        {review.location ? (
          <>
            <dt className="text-muted">Location</dt>
            <dd className="flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-3.5 text-muted" />
              {review.location}
            </dd>
          </>
        ) : null}
        {review.vehicleSold ? (
          <>
            <dt className="text-muted">Vehicle</dt>
            <dd>Sold a {review.vehicleSold}</dd>
          </>
        ) : null}
        {review.isApproved ? (
          <>
            <dt className="text-muted">Approved</dt>
            <dd>
              {review.approvedAt ? formatUkDateAndTime(review.approvedAt) : 'Yes'}
              {review.approvedBy ? ` by ${review.approvedBy}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {review.adminNotes ? (
        <div className="mt-4 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
          <p className="font-semibold text-brand-950">Admin notes</p>
          <p className="mt-0.5 whitespace-pre-line text-muted">{review.adminNotes}</p>
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        {!review.isApproved ? (
          <>
            <Button size="sm" onClick={act('approve')} disabled={busy}>
              <Check aria-hidden="true" />
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={act('reject')} disabled={busy}>
              <X aria-hidden="true" />
              Reject
            </Button>
          </>
        ) : review.isPublished ? (
          <Button size="sm" variant="outline" onClick={act('unpublish')} disabled={busy}>
            <EyeOff aria-hidden="true" />
            Unpublish
          </Button>
        ) : (
          <Button size="sm" onClick={act('publish')} disabled={busy}>
            <Eye aria-hidden="true" />
            Publish
          </Button>
        )}
      </div>
    </Card>
  );
}
