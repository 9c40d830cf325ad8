import { Badge, type BadgeProps } from '~/client/components/ui/badge';
import { cn } from '~/client/lib/cn';
import {
  distanceBadgeOf,
  distanceMessages,
  distanceProblemMessage,
  distanceSummary,
  type DistanceBadge,
} from '~/shared/distance';
import { canLookUpDistance, useDistance } from '../api/get-distance';

const badgeLook: Record<DistanceBadge, NonNullable<BadgeProps['variant']>> = {
  Local: 'success',
  Regional: 'subtle',
  Long: 'plate',
  'Very Far': 'danger',
  'N/A': 'neutral',
};

/**
 * The compact distance badge of the lists (SPEC sections 2 and 9): "Local", "Regional", "Long",
 * "Very Far", or "N/A" without a distance, with the road distance in miles beside it. The answer is cached
 * (24 hours on the server, an hour here), so paging back and forth asks nothing again.
 */
export function DistanceBadgeFor({ postcode, className }: { postcode: string; className?: string }) {
  const lookUp = canLookUpDistance(postcode);
  const distance = useDistance(postcode);
  if (lookUp && distance.isPending)
    return (
      <span className={cn('inline-block h-5 w-14 animate-pulse rounded-full bg-slate-200', className)}>
        <span className="sr-only">Working out the distance</span>
      </span>
    );
  const answer = distance.data;
  const badge = distanceBadgeOf(answer);
  const why = !lookUp
    ? distanceMessages.noPostcode
    : !answer
      ? distanceMessages.error
      : answer.status === 'OK'
        ? distanceSummary(answer)
        : distanceProblemMessage(answer.status);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5', className)}>
      <Badge variant={badgeLook[badge]}>{badge}</Badge>
      <span className={cn('text-xs text-muted', badge === 'N/A' && 'sr-only')}>{why}</span>
    </span>
  );
}
