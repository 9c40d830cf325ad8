import { Eye, FileCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { cn } from '~/client/lib/cn';
import type { ValuationListItem } from '~/shared/admin-valuations';
import { adminPaths } from '../../../admin-paths';
import { DistanceBadgeFor } from '../../components/distance-badge';
import { PlausibilityIcons } from '../../components/plausibility-icons';
import { StatusBadge } from '../../components/status-badge';
import { ConditionSummary, CustomerSummary, UkTime, VehicleSummary } from '../../components/valuation-summary';
import { customerName } from '../../lib/valuation-facts';
import { OwnerAndPromise, useServerClock } from '../../../pipeline';
import { ArchiveButton } from './archive-button';

/** Whose request a row's buttons act on, for screen readers ("View Details" alone repeats). */
const whose = (item: ValuationListItem) => `${customerName(item)}, ${item.registration}`;

/**
 * The "Car Valuation Requests", newest first (SPEC section 2's columns): a table on a desktop,
 * cards on a phone or tablet (only one of the two is displayed, and so in the accessibility
 * tree, at a time).
 */
export function RequestsList({ items, serverNow }: { items: ValuationListItem[]; serverNow: string }) {
  const now = useServerClock(serverNow);
  return (
    <>
      <Table wrapperClassName="hidden lg:block" className="[&_td]:align-top">
        <caption className="sr-only">Car valuation requests, newest first</caption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Vehicle</TableHead>
            <TableHead>Customer</TableHead>
            <TableHead>Location</TableHead>
            <TableHead>Condition</TableHead>
            <TableHead>Submitted</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell className="min-w-40">
                <VehicleSummary item={item} />
              </TableCell>
              <TableCell className="max-w-60 min-w-44">
                <CustomerSummary item={item} />
              </TableCell>
              <TableCell className="min-w-28">
                <span className="block font-semibold whitespace-nowrap text-brand-950">{item.postcode}</span>
                <DistanceBadgeFor postcode={item.postcode} className="mt-1" />
              </TableCell>
              <TableCell className="min-w-44">
                <ConditionSummary item={item} />
              </TableCell>
              <TableCell>
                <div className="grid justify-items-start gap-1.5 text-sm">
                  <UkTime value={item.createdAt} />
                  <StatusBadge status={item.status} />
                  <DocumentsBadge item={item} />
                  <PlausibilityIcons valuationId={item.id} flags={item.flags} subject={whose(item)} />
                  <OwnerAndPromise item={item} now={now} subject={whose(item)} className="flex-col items-start" />
                </div>
              </TableCell>
              <TableCell>
                <RowActions item={item} className="flex-col items-end" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul aria-label="Car valuation requests, newest first" className="divide-y divide-line lg:hidden">
        {items.map((item) => (
          <li key={item.id} className="grid gap-3 px-4 py-4 sm:px-5">
            <div className="flex items-start justify-between gap-3">
              <VehicleSummary item={item} />
              <div className="grid justify-items-end gap-1.5">
                <StatusBadge status={item.status} />
                <DocumentsBadge item={item} />
                <PlausibilityIcons valuationId={item.id} flags={item.flags} subject={whose(item)} />
              </div>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <CustomerSummary item={item} />
              <ConditionSummary item={item} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-brand-950">{item.postcode}</span>
                <DistanceBadgeFor postcode={item.postcode} />
              </span>
              <span className="text-muted">
                Submitted <UkTime value={item.createdAt} />
              </span>
            </div>
            <OwnerAndPromise item={item} now={now} subject={whose(item)} />
            <RowActions item={item} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Documents complete" (issue 35): every document checked and the keys counted; nothing until then. */
function DocumentsBadge({ item }: { item: ValuationListItem }) {
  if (!item.documentsCompletedAt) return null;
  return (
    <Badge variant="success">
      <FileCheck aria-hidden="true" />
      Documents complete
    </Badge>
  );
}

function RowActions({ item, className }: { item: ValuationListItem; className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button asChild variant="brand" size="sm">
        <Link to={adminPaths.valuation(item.id)} aria-label={`View Details: ${whose(item)}`}>
          <Eye aria-hidden="true" />
          View Details
        </Link>
      </Button>
      <ArchiveButton id={item.id} label={`Archive: ${whose(item)}`} />
    </div>
  );
}
