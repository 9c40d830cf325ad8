import { PencilLine, Undo2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { LoadingState } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { formatPounds } from '~/shared/offer-basics';
import type { AdminRevisions } from '~/shared/price-revisions';
import { adminPaths } from '../../admin-paths';
import { errorMessage } from '../../lib/server-errors';
import { refreshValuation, useRevisions, useWithdrawRevision } from '../api/revisions';
import { RevisionForm } from './revision-form';
import { RevisionSummary } from './revision-summary';

/**
 * A request's price revisions (issue 37), on its page and on the handover screen: the price agreed
 * now, the revision waiting for the seller (which staff may withdraw), "Revise the price" when the
 * stage allows it, and the earlier revisions with what became of them. The card around it is the
 * caller's.
 */
export function PriceRevisionPanel({ valuationId }: { valuationId: string }) {
  const revisions = useRevisions(valuationId);
  const queryClient = useQueryClient();
  // The seller answered (or it lapsed) while this was open: the agreed price, the stage and the
  // timeline the rest of the screen shows have moved too.
  const newest = revisions.data?.revisions[0];
  const waiting = useRef<string | null>(null);
  useEffect(() => {
    if (!newest) return;
    if (newest.status === 'open') waiting.current = newest.id;
    else if (waiting.current === newest.id) {
      waiting.current = null;
      void refreshValuation(queryClient, valuationId);
    }
  }, [newest, queryClient, valuationId]);
  if (revisions.isPending) return <LoadingState className="py-6" label="Loading the price revisions..." />;
  if (revisions.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="text-danger">{errorMessage(revisions.error, 'The price revisions could not be loaded.')}</p>
        <Button variant="outline" size="sm" onClick={() => void revisions.refetch()} disabled={revisions.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return <Revisions valuationId={valuationId} data={revisions.data} />;
}

function Revisions({ valuationId, data }: { valuationId: string; data: AdminRevisions }) {
  const [writing, setWriting] = useState(false);
  const reviseButton = useRef<HTMLButtonElement>(null);
  const [open, ...earlier] = data.revisions[0]?.status === 'open' ? data.revisions : [undefined, ...data.revisions];
  const close = () => {
    setWriting(false);
    requestAnimationFrame(() => reviseButton.current?.focus());
  };
  return (
    <div className="grid gap-4">
      {data.agreedPricePence !== null ? (
        <p className="text-sm">
          Agreed price: <strong className="text-base text-brand-950">{formatPounds(data.agreedPricePence)}</strong>
          {data.offerPence !== null && data.offerPence !== data.agreedPricePence ? (
            <span className="text-muted"> (our offer of {formatPounds(data.offerPence)}, as revised)</span>
          ) : (
            <span className="text-muted"> (the offer the seller accepted)</span>
          )}
        </p>
      ) : null}

      {open ? (
        <section aria-label="Waiting for the seller" className="grid gap-3">
          <RevisionSummary valuationId={valuationId} revision={open} />
          <WithdrawButton valuationId={valuationId} revisionId={open.id} />
        </section>
      ) : null}

      {writing && data.agreedPricePence !== null ? (
        <RevisionForm
          valuationId={valuationId}
          agreedPence={data.agreedPricePence}
          deductions={data.deductions}
          onDone={() => setWriting(false)}
          onCancel={close}
        />
      ) : data.cannotPropose === null ? (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-muted">
            Found a difference from what the seller told us? Record it with photos and an amount from the{' '}
            <Link to={adminPaths.deductions} className="font-semibold text-brand-700 underline underline-offset-2">
              deductions table
            </Link>
            .
          </p>
          <Button ref={reviseButton} variant="brand" onClick={() => setWriting(true)}>
            <PencilLine aria-hidden="true" />
            Revise the price
          </Button>
        </div>
      ) : !open ? (
        <p className="text-sm text-muted">{data.cannotPropose}</p>
      ) : null}

      {earlier.length > 0 ? (
        <details className="group rounded-lg border border-line">
          <summary className="cursor-pointer rounded-lg px-3 py-2.5 text-sm font-semibold text-brand-900 hover:bg-brand-50">
            {earlier.length === 1 ? 'Earlier revision' : `Earlier revisions (${earlier.length})`}
          </summary>
          <ol className="grid gap-4 border-t border-line p-3">
            {earlier.map((revision) => (
              <li key={revision!.id}>
                <RevisionSummary valuationId={valuationId} revision={revision!} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

/** Withdraw the waiting revision, after a confirmation: the seller is e-mailed, the agreed price stands. */
function WithdrawButton({ valuationId, revisionId }: { valuationId: string; revisionId: string }) {
  const withdraw = useWithdrawRevision(valuationId);
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="justify-self-start" disabled={withdraw.isPending}>
          <Undo2 aria-hidden="true" />
          Withdraw this revision
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Withdraw the revised price?</AlertDialogTitle>
          <AlertDialogDescription>
            The price the seller accepted stands, and we e-mail them to say so. You can then propose another revision.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction
            variant="danger"
            onClick={() =>
              withdraw.mutate(revisionId, {
                onSuccess: (change) => toast({ title: change.message }),
                onError: (failure) =>
                  toast({
                    title: 'The revision was not withdrawn',
                    description: errorMessage(failure, 'Please try again.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            Withdraw it
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
