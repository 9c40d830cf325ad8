import { Badge } from '~/client/components/ui/badge';
import type { ValuationStatusValue } from '~/shared/admin-valuations';

const statusLook: Record<ValuationStatusValue, { label: string; variant: 'brand' | 'plate' | 'success' }> = {
  new: { label: 'New', variant: 'plate' },
  contacted: { label: 'Contacted', variant: 'brand' },
  completed: { label: 'Completed', variant: 'success' },
};

export const statusLabel = (status: ValuationStatusValue) => statusLook[status].label;

/** A valuation's real status (DESIGN: statuses are stored, never guessed from other fields). */
export function StatusBadge({ status, className }: { status: ValuationStatusValue; className?: string }) {
  const { label, variant } = statusLook[status];
  return (
    <Badge variant={variant} className={className}>
      {label}
    </Badge>
  );
}
