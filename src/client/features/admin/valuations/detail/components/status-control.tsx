import { ChevronDown } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/client/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '~/client/components/ui/dropdown-menu';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { adminValuationMessages, type ValuationStatusValue } from '~/shared/admin-valuations';
import { stageChoiceMessages, staffStageChoices, type LostReason } from '~/shared/valuation-lifecycle';
import { errorMessage } from '../../../lib/server-errors';
import { LostReasonForm } from '../../../components/choice-form';
import { statusLabel } from '../../components/status-badge';
import { useUpdateStatus } from '../api/update-status';

/**
 * "Change status": the stages staff may move this request to from where it is (DESIGN section 9,
 * `staffStageChoices`): contacted, the collection's steps, lost (with why, in a dialog) and reopened.
 * An offer and its acceptance have their own ways. With nothing to choose, it says so.
 */
export function StatusControl({ id, status }: { id: string; status: ValuationStatusValue }) {
  const update = useUpdateStatus(id);
  const [losing, setLosing] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const choices = staffStageChoices(status);

  const move = async (next: ValuationStatusValue, lostReason?: LostReason) => {
    try {
      await update.mutateAsync({ status: next, lostReason });
      toast({ title: adminValuationMessages.statusChanged, description: `Now ${statusLabel(next)}.` });
      return true;
    } catch (error) {
      toast({
        title: adminValuationMessages.statusFailed,
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      return false;
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="outline" size="sm" disabled={update.isPending}>
            {update.isPending ? <Spinner /> : null}
            Change status
            <ChevronDown aria-hidden="true" className="size-4!" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="text-muted">
            {choices.length ? 'Move this request to' : `Nothing follows ${statusLabel(status)}`}
          </DropdownMenuLabel>
          {choices.map((value) => (
            <DropdownMenuItem key={value} onSelect={() => (value === 'lost' ? setLosing(true) : void move(value))}>
              {value === 'lost'
                ? 'Lost…'
                : value === 'contacted' && status === 'lost'
                  ? 'Reopen (Contacted)'
                  : statusLabel(value)}
            </DropdownMenuItem>
          ))}
          {status === 'new' || status === 'contacted' ? (
            <p className="max-w-64 px-2 py-1.5 text-xs text-muted">{stageChoiceMessages.offer_made}</p>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <LostDialog
        open={losing}
        pending={update.isPending}
        finalFocus={trigger}
        onOpenChange={setLosing}
        onConfirm={async (reason) => {
          if (await move('lost', reason)) setLosing(false);
        }}
      />
    </>
  );
}

/** Why the request was lost, one of DESIGN's reasons; required, as the server requires it. */
function LostDialog({
  open,
  pending,
  finalFocus,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  finalFocus: RefObject<HTMLButtonElement | null>;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: LostReason) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent finalFocus={finalFocus} className="max-w-md">
        <DialogHeader>
          <DialogTitle>Mark this request as lost?</DialogTitle>
          <DialogDescription>
            It leaves the open stages; you can reopen it later. The timeline keeps who marked it and why.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts with no reason chosen. */}
        {open ? <LostReasonForm pending={pending} onConfirm={onConfirm} /> : null}
      </DialogContent>
    </Dialog>
  );
}
