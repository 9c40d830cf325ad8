import { Hand, UserRound } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { ValuationListItem } from '~/shared/admin-valuations';
import { pipelineMessages } from '~/shared/staff-pipeline';
import { useAdminUser } from '../../auth';
import { errorMessage } from '../../lib/server-errors';
import { useClaim } from '../api/pipeline';
import { PromiseTimer } from './promise-timer';

const isClosed = (status: ValuationListItem['status']) => status === 'completed' || status === 'lost';

/**
 * A list row's owner and promise (issue 37): who owns it ("You" for the signed-in member of staff)
 * or a Claim button, and the time left to answer it (nothing once closed without an answer).
 */
export function OwnerAndPromise({
  item,
  now,
  subject,
  className,
}: {
  item: ValuationListItem;
  now: () => Date;
  /** Whose request, for the Claim button's accessible name. */
  subject: string;
  className?: string;
}) {
  const user = useAdminUser();
  const claim = useClaim(item.id);
  const mine = item.owner?.id === user.id;
  const showTimer = item.firstAnsweredAt !== null || (!isClosed(item.status) && item.archivedAt === null);

  const onClaim = async () => {
    try {
      await claim.mutateAsync();
      toast({ title: pipelineMessages.claimed, description: subject });
    } catch (error) {
      toast({
        title: 'Could not claim it',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      {showTimer ? <PromiseTimer dueAt={item.promiseDueAt} firstAnsweredAt={item.firstAnsweredAt} now={now} /> : null}
      {item.owner ? (
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-brand-900">
          <UserRound aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Owner: </span>
          {mine ? 'You' : item.owner.name}
        </span>
      ) : item.archivedAt === null && !isClosed(item.status) ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onClaim()}
          disabled={claim.isPending}
          aria-label={`Claim: ${subject}`}
        >
          {claim.isPending ? <Spinner /> : <Hand aria-hidden="true" />}
          Claim
        </Button>
      ) : null}
    </div>
  );
}
