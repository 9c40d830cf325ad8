import { useQuery } from '@tanstack/react-query';
import { ChevronRight, CircleCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import {
  mileageFlag,
  storedMotReading,
  type PlausibilityFlag,
  type PlausibilityUnchecked,
} from '~/shared/plausibility';
import { FlagList } from '../../components/plausibility-icons';
import { vehicleInfoQueryOptions } from '../api/get-vehicle-info';

type Valuation = Pick<ValuationDetail, 'registration' | 'mileage' | 'plausibility' | 'plausibilityUnchecked'>;

/**
 * "Checks before an offer" (issue 37), near the top of the request's page: each plausibility flag
 * with what was found, why it matters and links to the other requests it is about; "No checks
 * raised" when there are none; and which checks could not be made, and why.
 *
 * The mileage check also looks at DVSA's history now when no MOT reading was stored with the
 * request (older requests, details the seller typed): the same answer the DVLA tab loads.
 */
export function PlausibilityCard({ valuation }: { valuation: Valuation }) {
  const { flags, unchecked, checking } = useChecks(valuation);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle>Checks before an offer</CardTitle>
        <CardDescription>What in this request to ask about before we put a price on the car.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {flags.length > 0 ? (
          <FlagList flags={flags} />
        ) : (
          <p className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm font-semibold text-go-700">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
            No checks raised.
          </p>
        )}
        {checking ? <p className="text-sm text-muted">Checking the mileage against DVSA’s MOT history…</p> : null}
        {unchecked.length > 0 ? (
          <details className="group text-sm">
            <summary className="flex min-h-6 w-fit cursor-pointer items-center gap-1.5 rounded font-semibold text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
              <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
              {unchecked.length === 1 ? '1 check could not be made' : `${unchecked.length} checks could not be made`}
            </summary>
            <ul className="mt-1.5 grid list-disc gap-1 pl-9 text-muted">
              {unchecked.map((item) => (
                <li key={item.check}>{item.message}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The server's flags, with the mileage checked against DVSA's history now when none was stored. */
function useChecks(valuation: Valuation): {
  flags: PlausibilityFlag[];
  unchecked: PlausibilityUnchecked[];
  checking: boolean;
} {
  const noReading = valuation.plausibilityUnchecked.some((item) => item.check === 'mileage');
  const info = useQuery({ ...vehicleInfoQueryOptions(valuation.registration), enabled: noReading });
  if (!noReading) return { flags: valuation.plausibility, unchecked: valuation.plausibilityUnchecked, checking: false };
  if (info.isPending && info.fetchStatus !== 'idle') {
    const others = valuation.plausibilityUnchecked.filter((item) => item.check !== 'mileage');
    return { flags: valuation.plausibility, unchecked: others, checking: true };
  }
  const reading = info.data?.motHistory ? storedMotReading(info.data.motHistory.motTests) : undefined;
  if (!reading) return { flags: valuation.plausibility, unchecked: valuation.plausibilityUnchecked, checking: false };
  const live = mileageFlag(valuation.mileage, reading, { live: true });
  return {
    flags: live ? [live, ...valuation.plausibility] : valuation.plausibility,
    unchecked: valuation.plausibilityUnchecked.filter((item) => item.check !== 'mileage'),
    checking: false,
  };
}
