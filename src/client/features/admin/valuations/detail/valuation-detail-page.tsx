import { useParams, useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { LoadingState } from '~/client/components/ui/spinner';
import type { RouteHandle } from '~/client/lib/page-meta';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { adminPaths } from '../../admin-paths';
import { OwnerPromiseCard } from '../../pipeline';
import { errorMessage } from '../../lib/server-errors';
import { useValuation } from './api/get-valuation';
import { DetailTabs } from './components/detail-tabs';
import { ConversationCard } from './components/conversation-card';
import { DamageCard } from './components/damage-card';
import { DocumentsCard } from './components/documents-card';
import { FinanceCard } from './components/finance-card';
import { ForwardToDealerCard } from './components/forward-to-dealer-card';
import { HandoverLinkCard } from './components/handover-link-card';
import { PriceRevisionCard } from './components/price-revision-card';
import { PlausibilityCard } from './components/plausibility-card';
import { QuickSummaryCard } from './components/quick-summary-card';
import { SendOfferCard } from './components/send-offer-card';
import { TimelineCard } from './components/timeline-card';
import { BackLink, ValuationHeader } from './components/valuation-header';

export const handle: RouteHandle = { meta: { title: 'Valuation details', noindex: true } };

/**
 * /admin/valuations/{id} (issue 11; SPEC section 2): one valuation request, its tabs, the
 * actions staff take on it (status, offer, forward to a dealer) and its timeline.
 */
export function Component() {
  const { id = '' } = useParams();
  const valuation = useValuation(id);
  const navigate = useNavigate();

  if (valuation.isPending) return <LoadingState className="py-24" label="Loading valuation details..." />;
  if (valuation.isError) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <BackLink />
        <Card role="alert" className="grid justify-items-center gap-3 px-4 py-14 text-center">
          <h1 className="text-xl font-bold text-brand-950">Failed to load valuation details</h1>
          <p className="max-w-md text-muted">{errorMessage(valuation.error, 'Please try again.')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="brand" size="sm" onClick={() => void valuation.refetch()} disabled={valuation.isFetching}>
              Try again
            </Button>
            <Button variant="outline" size="sm" onClick={() => void navigate(adminPaths.dashboard)}>
              Back
            </Button>
          </div>
        </Card>
      </div>
    );
  }
  return <DetailLayout valuation={valuation.data} />;
}

/**
 * Desktop: tabs, documents and timeline on the left, the cards staff act with on the right. Phone:
 * one column with Quick Summary first, the tabs, the actions, the documents, then the timeline (the
 * two column wrappers step aside with `display: contents`, so `order` arranges their cards).
 */
function DetailLayout({ valuation }: { valuation: ValuationDetail }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <ValuationHeader valuation={valuation} />
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_23rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_25rem]">
        <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-6">
          <section aria-label="Details" className="order-2 min-w-0 lg:order-none">
            <DetailTabs valuation={valuation} />
          </section>
          <section aria-label="Documents" className="order-4 min-w-0 lg:order-none">
            <DocumentsCard key={`documents-${valuation.id}`} valuation={valuation} />
          </section>
          {valuation.outstandingFinance === 'yes' ? (
            <section aria-label="Finance settlement" className="order-4 min-w-0 lg:order-none">
              <FinanceCard key={`finance-${valuation.id}`} valuation={valuation} />
            </section>
          ) : null}
          <section aria-label="Timeline" className="order-5 grid gap-6 lg:order-none">
            <DamageCard valuation={valuation} />
            <TimelineCard events={valuation.events} />
          </section>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          {/* On a phone, above the summary: the way to collection day's screen, when there is one. */}
          <div className="order-1 empty:hidden lg:order-none">
            <HandoverLinkCard id={valuation.id} status={valuation.status} />
          </div>
          <section aria-label="Checks before an offer" className="order-1 lg:order-none">
            <PlausibilityCard valuation={valuation} />
          </section>
          <section aria-label="Summary" className="order-1 lg:order-none">
            <QuickSummaryCard valuation={valuation} />
          </section>
          <section aria-label="Owner and reply" className="order-1 lg:order-none">
            <OwnerPromiseCard
              key={`owner-${valuation.id}`}
              id={valuation.id}
              status={valuation.status}
              subject={`${valuation.firstName} ${valuation.lastName}, ${valuation.registration}`}
            />
          </section>
          <section aria-label="Actions" className="order-3 grid gap-6 lg:order-none">
            <PriceRevisionCard key={`revision-${valuation.id}`} valuation={valuation} />
            <SendOfferCard key={valuation.id} valuation={valuation} />
            <ConversationCard key={`conversation-${valuation.id}`} valuation={valuation} />
            <ForwardToDealerCard valuationId={valuation.id} />
          </section>
        </div>
      </div>
    </div>
  );
}
