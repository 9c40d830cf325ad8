import { ArrowRight, ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import type { ValuationStatusValue } from '~/shared/admin-valuations';
import { adminPaths } from '../../../admin-paths';

const handoverStages = ['collection_booked', 'collected', 'completed'] as const;
type HandoverStage = (typeof handoverStages)[number];

const isHandoverStage = (status: ValuationStatusValue): status is HandoverStage =>
  (handoverStages as readonly string[]).includes(status);

const lines: Record<HandoverStage, string> = {
  collection_booked: 'Collection day: check the car at the door, record the handover, then the payment.',
  collected: 'The car is collected: record the payment to the seller and any lender.',
  completed: 'Paid: the payments, the handover record and the receipt.',
};

/** From a request with a booked collection to the driver's handover screen (issue 36). */
export function HandoverLinkCard({ id, status }: { id: string; status: ValuationStatusValue }) {
  if (!isHandoverStage(status)) return null;
  return (
    <Card className="grid gap-3 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg leading-7 font-bold text-brand-950">
        <ClipboardCheck aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        Handover
      </h2>
      <p className="text-sm text-muted">{lines[status]}</p>
      <Button asChild variant="brand" className="justify-self-start">
        <Link to={adminPaths.handover(id)}>
          Open the handover screen
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </Card>
  );
}
