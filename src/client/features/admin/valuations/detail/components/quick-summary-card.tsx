import { Badge } from '~/client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { distanceBadgeOf, distanceSummary } from '~/shared/distance';
import { indicativeLabel, indicativeRange } from '~/shared/indicative-price';
import { formatPounds } from '~/shared/valuation-offer';
import { canLookUpDistance, useDistance } from '../../api/get-distance';
import { StatusBadge } from '../../components/status-badge';
import { formatUkDateAndTime } from '../../../lib/format-date';
import { choiceLabel, formatMileage, vehicleName } from '../../lib/valuation-facts';
import { Missing } from './detail-list';

/** Quick Summary: what staff need at a glance before acting (the checks, mileage included, are the card above). */
export function QuickSummaryCard({ valuation: v }: { valuation: ValuationDetail }) {
  const distance = useDistance(v.postcode);
  const latest = v.offers[0];
  const badge = canLookUpDistance(v.postcode) ? distanceBadgeOf(distance.data) : 'N/A';
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: 'Status', value: <StatusBadge status={v.status} /> },
    { label: 'Received', value: formatUkDateAndTime(v.createdAt) },
    {
      label: 'First viewed',
      value: v.firstViewedAt ? formatUkDateAndTime(v.firstViewedAt) : <Missing>Not yet</Missing>,
    },
    { label: 'Vehicle', value: vehicleName(v) },
    { label: 'Mileage', value: formatMileage(v.mileage) },
    { label: 'Condition', value: choiceLabel('overallCondition', v.overallCondition) },
    { label: 'Finance', value: choiceLabel('outstandingFinance', v.outstandingFinance) },
    {
      label: 'Distance',
      value: distance.isLoading ? (
        <Missing>Checking…</Missing>
      ) : (
        <span className="inline-flex items-center gap-1.5">
          <Badge variant={badge === 'N/A' ? 'neutral' : 'subtle'}>{badge}</Badge>
          {distance.data?.status === 'OK' ? (
            <span className="text-sm font-normal">{distanceSummary(distance.data)}</span>
          ) : null}
        </span>
      ),
    },
    {
      label: 'Latest offer',
      value: latest ? formatPounds(latest.amountPence) : <Missing>None yet</Missing>,
    },
    {
      label: 'Indicative price',
      value: v.indicativePrice ? indicativeRange(v.indicativePrice) : <Missing>None shown to the seller</Missing>,
    },
  ];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle>Quick Summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid">
          {rows.map((row) => (
            <div
              key={row.label}
              className="flex items-center justify-between gap-4 border-b border-line py-2 text-sm last:border-b-0"
            >
              <dt className="text-muted">{row.label}</dt>
              <dd className="text-right font-semibold text-brand-950">{row.value}</dd>
            </div>
          ))}
        </dl>
        {v.indicativePrice ? (
          <p className="text-xs text-muted">
            {indicativeLabel(v.indicativePrice.count)} Shown to the seller at submit; from our own offers only.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
