import { TriangleAlert } from 'lucide-react';
import { formatCalendarDate } from '../lib/format-time';
import { formatMileage } from '../../lib/valuation-facts';
import { formatReading, type MotReading } from '../lib/mileage-check';

/**
 * The seller's mileage is below the last MOT odometer reading in DVSA's history: on the DVLA tab,
 * beside that history. The page's "Checks before an offer" card says the same among its flags.
 */
export function MileageWarning({ mileage, reading }: { mileage: number; reading: MotReading }) {
  const when = reading.completedDate ? formatCalendarDate(reading.completedDate.slice(0, 10)) : '';
  return (
    <div
      role="note"
      aria-label="Mileage warning"
      className="flex gap-2.5 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="grid gap-1">
        <p className="font-semibold">Mileage is below the last MOT reading</p>
        <p className="text-sm">
          The seller gave {formatMileage(mileage)}; the MOT{when ? ` on ${when}` : ''} recorded {formatReading(reading)}
          . Check the mileage with the seller before making an offer: it may be a typing slip, or the odometer may have
          been changed.
        </p>
      </div>
    </div>
  );
}
