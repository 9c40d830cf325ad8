import { CalendarDays, Eye, Globe2, Users, type LucideIcon } from 'lucide-react';
import type { DailyStatsResponse, LocationsResponse } from '~/shared/analytics';
import { FigureCard } from '../../components/figure-card';
import { dailyAverage, formatCount } from '../lib/figures';

type Figure = { title: string; value: number | undefined; note: string; icon: LucideIcon; dimmed: boolean };

/**
 * SPEC section 2's four figures. Each keeps its place with a dash until its report arrives
 * (the countries come with the locations).
 */
export function SummaryCards({
  stats,
  locations,
  statsDimmed,
  locationsDimmed,
}: {
  stats: DailyStatsResponse | undefined;
  locations: LocationsResponse | undefined;
  statsDimmed: boolean;
  locationsDimmed: boolean;
}) {
  const days = stats?.range.days;
  const figures: Figure[] = [
    {
      title: 'Total Visitors',
      value: stats?.totals.visitors,
      note: 'Counted once a day each',
      icon: Users,
      dimmed: statsDimmed,
    },
    {
      title: 'Page Views',
      value: stats?.totals.pageViews,
      note: 'Public pages opened',
      icon: Eye,
      dimmed: statsDimmed,
    },
    {
      title: 'Daily Average',
      value: stats ? dailyAverage(stats.totals.visitors, stats.range.days) : undefined,
      note: days ? `Visitors a day over ${formatCount(days)} days` : 'Visitors a day',
      icon: CalendarDays,
      dimmed: statsDimmed,
    },
    {
      title: 'Countries',
      value: locations?.countries,
      note: 'Visitors came from',
      icon: Globe2,
      dimmed: locationsDimmed,
    },
  ];
  return (
    <section aria-labelledby="analytics-summary">
      <h2 id="analytics-summary" className="sr-only">
        Summary
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {figures.map(({ title, ...figure }) => (
          <li key={title}>
            <FigureCard title={title} {...figure} />
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted">
        Visitors are counted once a day: we cannot tell the same person across days, so someone who comes back on three
        days counts as three visitors.
      </p>
    </section>
  );
}
