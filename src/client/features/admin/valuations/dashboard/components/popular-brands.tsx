import { Trophy } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import type { ValuationStats } from '~/shared/admin-valuations';
import { makeName } from '~/shared/vehicle-names';
import { valuationCount } from '../lib/day-label';

/** SPEC section 2's "Popular Brands": the five most common makes, or "No vehicle data yet". */
export function PopularBrands({ stats }: { stats: ValuationStats | undefined }) {
  const brands = stats?.popularBrands;
  const most = Math.max(1, ...(brands ?? []).map((brand) => brand.count));
  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle className="flex items-center gap-2">
          <Trophy aria-hidden="true" className="size-5 text-brand-600" />
          Popular Brands
        </CardTitle>
        <CardDescription>Most requested makes, all time</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        {!brands ? (
          <div className="h-48 animate-pulse rounded-lg bg-slate-100" />
        ) : brands.length === 0 ? (
          <p className="grid h-full min-h-32 place-items-center text-sm text-muted">No vehicle data yet</p>
        ) : (
          <ol aria-label="Most requested makes" className="grid gap-3.5">
            {brands.map((brand, index) => (
              <li key={brand.make} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-semibold text-brand-950">
                    <span className="mr-2 text-muted tabular-nums">{index + 1}.</span>
                    {makeName(brand.make)}
                  </span>
                  <span className="text-muted tabular-nums">{valuationCount(brand.count)}</span>
                </div>
                <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-brand-50">
                  <div
                    className="h-full rounded-full bg-plate-strong"
                    style={{ width: `${Math.max(4, (brand.count / most) * 100)}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
