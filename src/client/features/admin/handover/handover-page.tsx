import { ArrowLeft, ClipboardList, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { LoadingState } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import type { HandoverView } from '~/shared/handover';
import { stageLabels } from '~/shared/valuation-lifecycle';
import { adminPaths } from '../admin-paths';
import { PriceRevisionPanel } from '../deductions';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useHandover } from './api/handover';
import { CarCard } from './components/car-card';
import { NotBoughtCard, PaidCard } from './components/done-cards';
import { HandoverForm } from './components/handover-form';
import { HandoverRecordList } from './components/handover-record';
import { PaymentStep } from './components/payment-form';
import { StepCard } from './components/step-card';
import { StepList } from './components/step-list';

export const handle: RouteHandle = { meta: { title: 'Handover', noindex: true } };

/**
 * /admin/valuations/{id}/handover (issue 36): the driver's screen on collection day, made for a
 * phone at the seller's door. The car and the seller at the top, then the step to do now: the
 * handover ("At the door"), the payment, and the sale paid with its receipt.
 */
export function Component() {
  const { id = '' } = useParams();
  const handover = useHandover(id);
  // Set once a step succeeds: the next step's heading then takes focus.
  const [moved, setMoved] = useState(false);

  const refresh = async () => {
    const result = await handover.refetch();
    if (result.isSuccess) toast({ title: 'Refreshed' });
    else
      toast({
        title: 'Error',
        description: errorMessage(result.error, 'Failed to load the handover'),
        variant: 'destructive',
      });
  };

  return (
    <>
      <Link
        to={adminPaths.valuation(id)}
        className="mb-3 inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the request
      </Link>
      <PageHeader
        title="Handover"
        description="Collection day: check the car at the door, record the handover, then the payment."
        actions={
          handover.data ? (
            <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={handover.isFetching}>
              <RefreshCw aria-hidden="true" className={cn(handover.isFetching && 'animate-spin')} />
              Refresh
            </Button>
          ) : null
        }
      />
      {handover.isPending ? (
        <LoadingState className="py-24" label="Loading the handover..." />
      ) : handover.isError ? (
        <Card role="alert" className="grid justify-items-center gap-3 px-4 py-14 text-center">
          <h2 className="text-xl font-bold text-brand-950">Failed to load the handover</h2>
          <p className="max-w-md text-muted">{errorMessage(handover.error, 'Please try again.')}</p>
          <Button variant="brand" onClick={() => void handover.refetch()} disabled={handover.isFetching}>
            Try again
          </Button>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
          <CarCard view={handover.data} />
          <div className="grid min-w-0 gap-6">
            <Steps view={handover.data} moved={moved} onMoved={() => setMoved(true)} />
          </div>
        </div>
      )}
    </>
  );
}

/** The step to do now, from the request's stage. */
function Steps({ view, moved, onMoved }: { view: HandoverView; moved: boolean; onMoved: () => void }) {
  switch (view.stage) {
    case 'collection_booked':
      return (
        <>
          <StepList current={0} />
          <StepCard
            headingId="door-heading"
            title="Step 1: At the door"
            description="Check the car with the seller, then record what was handed over."
            focusHeading={false}
          >
            <HandoverForm view={view} onDone={onMoved} />
          </StepCard>
          {/* Not as declared, but worth buying for less (issue 37): the seller answers on their phone. */}
          <StepCard
            headingId="revision-heading"
            title="Price revision"
            description="A difference from what the seller told us? Revise the price before the handover: the seller accepts it or declines it at no cost."
            focusHeading={false}
          >
            <PriceRevisionPanel valuationId={view.valuationId} />
          </StepCard>
        </>
      );
    case 'collected':
      return (
        <>
          <StepList current={1} />
          <StepCard
            headingId="payment-heading"
            title="Step 2: Payment"
            description="Pay for the car before it leaves."
            focusHeading={moved}
          >
            <PaymentStep view={view} onDone={onMoved} />
          </StepCard>
          <StepCard headingId="door-done-heading" title="At the door: recorded" focusHeading={false}>
            {view.handover ? (
              <HandoverRecordList record={view.handover} />
            ) : (
              <p className="text-muted">The handover was not recorded on this screen: the stage was changed by hand.</p>
            )}
          </StepCard>
        </>
      );
    case 'completed':
      return (
        <>
          <StepList current={3} />
          <PaidCard view={view} focusHeading={moved} />
        </>
      );
    default:
      if (view.stage === 'lost' && view.handover?.condition === 'not_as_declared')
        return <NotBoughtCard view={view} focusHeading={moved} />;
      return (
        <StepCard
          headingId="nothing-heading"
          title="Nothing to hand over"
          icon={<ClipboardList aria-hidden="true" className="size-6 shrink-0 text-muted" />}
          focusHeading={false}
        >
          <div className="grid justify-items-start gap-3">
            <p>The request’s stage is {stageLabels[view.stage]}. The handover opens once a collection is booked.</p>
            <Link
              to={adminPaths.valuation(view.valuationId)}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              Open the request’s page
            </Link>
          </div>
        </StepCard>
      );
  }
}
