import { Check, ChevronDown } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '~/client/components/ui/dropdown-menu';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { adminValuationMessages, valuationStatusValues, type ValuationStatusValue } from '~/shared/admin-valuations';
import { errorMessage } from '../../../lib/server-errors';
import { statusLabel } from '../../components/status-badge';
import { useUpdateStatus } from '../api/update-status';

/** "Change status": New, Contacted or Completed (PATCH /api/valuations/:id/status). */
export function StatusControl({ id, status }: { id: string; status: ValuationStatusValue }) {
  const update = useUpdateStatus(id);
  const choose = async (next: ValuationStatusValue) => {
    if (next === status) return;
    try {
      await update.mutateAsync(next);
      toast({ title: adminValuationMessages.statusChanged, description: `Now ${statusLabel(next)}.` });
    } catch (error) {
      toast({
        title: adminValuationMessages.statusFailed,
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          Change status
          <ChevronDown aria-hidden="true" className="size-4!" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="text-muted">Set the status to</DropdownMenuLabel>
        {valuationStatusValues.map((value) => (
          <DropdownMenuItem
            key={value}
            onSelect={() => void choose(value)}
            aria-current={value === status || undefined}
          >
            <Check aria-hidden="true" className={value === status ? 'opacity-100' : 'opacity-0'} />
            {statusLabel(value)}
            {value === status ? <span className="sr-only">(current)</span> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
