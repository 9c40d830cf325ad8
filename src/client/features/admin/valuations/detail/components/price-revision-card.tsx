import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { PriceRevisionPanel } from '../../../deductions';

/** Where a price can be revised (an accepted offer, before collection), or a revision may have been made. */
const shownAt = new Set<ValuationDetail['status']>([
  'offer_accepted',
  'collection_booked',
  'collected',
  'completed',
  'lost',
]);
const revisableAt = new Set<ValuationDetail['status']>(['offer_accepted', 'collection_booked']);

/**
 * "Price revision" on the request's page (issue 37): the agreed price, any revision and its state,
 * and "Revise the price" while the seller's accepted offer stands and the car is not yet collected.
 * After that it shows what became of the revisions, if there were any.
 */
export function PriceRevisionCard({ valuation }: { valuation: Pick<ValuationDetail, 'id' | 'status'> }) {
  if (!shownAt.has(valuation.status)) return null;
  return (
    <Card id="price-revision" className="scroll-mt-24">
      <CardHeader className="pb-3">
        <CardTitle>Price revision</CardTitle>
        <CardDescription>
          {revisableAt.has(valuation.status)
            ? 'The only way to lower an agreed price: each difference found at inspection, with photos and an amount from the deductions table. The seller accepts it or declines it at no cost.'
            : 'Revisions of the agreed price, and what the seller answered.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PriceRevisionPanel valuationId={valuation.id} />
      </CardContent>
    </Card>
  );
}
