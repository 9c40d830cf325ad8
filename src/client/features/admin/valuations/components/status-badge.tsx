import { Badge } from '~/client/components/ui/badge';
import type { ValuationStatusValue } from '~/shared/admin-valuations';
import { stageLabels } from '~/shared/valuation-lifecycle';

type Variant = 'brand' | 'subtle' | 'plate' | 'success' | 'neutral';

/** New stands out; stages in progress are blue; a sale completed is green; a lost one is grey. */
const stageVariant: Record<ValuationStatusValue, Variant> = {
  new: 'plate',
  contacted: 'brand',
  offer_made: 'brand',
  offer_accepted: 'subtle',
  collection_booked: 'subtle',
  collected: 'subtle',
  completed: 'success',
  lost: 'neutral',
};

export const statusLabel = (status: ValuationStatusValue) => stageLabels[status];

/** A valuation's real stage (DESIGN: stored by the lifecycle, never guessed from other fields). */
export function StatusBadge({ status, className }: { status: ValuationStatusValue; className?: string }) {
  return (
    <Badge variant={stageVariant[status]} className={className}>
      {stageLabels[status]}
    </Badge>
  );
}
