import { EmailAddress } from '~/client/components/email-address';
import type { ValuationListItem } from '~/shared/admin-valuations';
import { formatUkDateAndTime } from '../../lib/format-date';
import {
  conditionLabel,
  countLabel,
  customerName,
  formatMileage,
  vehicleName,
  VEHICLE_PENDING,
} from '../lib/valuation-facts';
import { NumberPlate } from '../../components/number-plate';

/**
 * The pieces of a valuation that both lists show, each as one small block: the vehicle, the
 * customer, the condition answers and a UK time.
 */

export function VehicleSummary({ item }: { item: ValuationListItem }) {
  const name = vehicleName(item);
  return (
    <div className="grid justify-items-start gap-1">
      <NumberPlate registration={item.registration} />
      <span className="font-mono text-xs text-muted">
        <span className="sr-only">Reference </span>
        {item.reference}
      </span>
      <span className={name === VEHICLE_PENDING ? 'text-sm text-muted italic' : 'font-semibold text-brand-950'}>
        {name}
      </span>
      <span className="text-xs text-muted">{[item.year, formatMileage(item.mileage)].filter(Boolean).join(' · ')}</span>
    </div>
  );
}

export function CustomerSummary({ item }: { item: ValuationListItem }) {
  return (
    <div className="grid min-w-0 gap-0.5 text-sm">
      <span className="font-semibold break-words text-brand-950">{customerName(item)}</span>
      <a href={`mailto:${item.email}`} className="flex min-h-6 w-fit items-center text-brand-700 hover:underline">
        <EmailAddress address={item.email} />
      </a>
      <a
        href={`tel:${item.phone.replace(/[^\d+]/g, '')}`}
        className="flex min-h-6 w-fit items-center text-brand-700 hover:underline"
      >
        {item.phone}
      </a>
    </div>
  );
}

export function ConditionSummary({ item }: { item: ValuationListItem }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
      <dt className="text-muted">Condition</dt>
      <dd className="font-semibold text-brand-950">{conditionLabel(item.overallCondition)}</dd>
      <dt className="text-muted">Scuffed wheels</dt>
      <dd>{countLabel(item.scuffedWheels)}</dd>
      <dt className="text-muted">Tyres to replace</dt>
      <dd>{countLabel(item.tyresNeedReplacing)}</dd>
    </dl>
  );
}

/** "05 Sep 2025 • 14:03" in UK time. */
export function UkTime({ value }: { value: string }) {
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {formatUkDateAndTime(value)}
    </time>
  );
}
