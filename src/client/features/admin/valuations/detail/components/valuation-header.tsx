import { Archive, ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '~/client/components/ui/badge';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { adminPaths } from '../../../admin-paths';
import { StatusBadge } from '../../components/status-badge';
import { formatUkDateAndTime } from '../../../lib/format-date';
import { vehicleName } from '../../lib/valuation-facts';
import { PlateChip } from './detail-list';
import { ReferenceChip } from './reference-chip';
import { StatusControl } from './status-control';

/** Back to the dashboard. */
export function BackLink() {
  return (
    <Link
      to={adminPaths.dashboard}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to dashboard
    </Link>
  );
}

/** The page's heading: plate, reference, vehicle, when it came in, its status and the control to change it. */
export function ValuationHeader({ valuation: v }: { valuation: ValuationDetail }) {
  return (
    <header className="grid gap-4">
      <BackLink />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <PlateChip registration={v.registration} />
            <ReferenceChip reference={v.reference} />
            <StatusBadge status={v.status} className="text-sm" />
            {v.isArchived ? (
              <Badge variant="neutral" className="text-sm">
                <Archive aria-hidden="true" />
                Archived
              </Badge>
            ) : null}
          </div>
          <h1 className="text-2xl leading-tight font-extrabold tracking-tight text-brand-950 sm:text-3xl">
            {vehicleName(v)}
            {v.year ? <span className="font-semibold text-muted"> · {v.year}</span> : null}
          </h1>
          <p className="text-muted">
            {v.firstName} {v.lastName} · Received {formatUkDateAndTime(v.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusControl id={v.id} status={v.status} />
          <nav aria-label="Jump to" className="flex gap-2 lg:hidden">
            <a href="#send-offer" className="rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 underline">
              Send Offer
            </a>
            <a
              href="#forward-to-dealer"
              className="rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 underline"
            >
              Forward to Dealer
            </a>
          </nav>
        </div>
      </div>
      {v.isArchived ? (
        <p
          role="note"
          className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-slate-300 bg-slate-100 px-4 py-3 text-sm text-slate-800"
        >
          <Archive aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <strong className="font-semibold">This valuation is archived</strong>
            {v.archivedAt ? ` (since ${formatUkDateAndTime(v.archivedAt)})` : ''}, so it is not on the dashboard.
          </span>
          <Link to={adminPaths.archived} className="font-semibold text-brand-700 underline">
            View archived valuations
          </Link>
        </p>
      ) : null}
    </header>
  );
}
