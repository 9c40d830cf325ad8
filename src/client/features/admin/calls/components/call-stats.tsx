import { CalendarDays, Phone, PhoneCall, Timer, type LucideIcon } from 'lucide-react';
import { formatCallDuration, type CallStats } from '~/shared/calls';
import { FigureCard } from '../../components/figure-card';

/**
 * SPEC section 2's four figures: Total Calls, Today, Answered and Avg Duration. Each keeps its place
 * with a dash until the stats arrive; they are asked for again every 60 seconds.
 */
export function CallStatsCards({ stats, dimmed }: { stats: CallStats | undefined; dimmed: boolean }) {
  const counts: { title: string; value: number | undefined; note: string; icon: LucideIcon }[] = [
    { title: 'Total Calls', value: stats?.total, note: 'All time, both directions', icon: Phone },
    { title: 'Today', value: stats?.today, note: 'Since midnight', icon: CalendarDays },
    { title: 'Answered', value: stats?.answered, note: 'Calls that connected', icon: PhoneCall },
  ];
  return (
    <section aria-labelledby="call-stats">
      <h2 id="call-stats" className="sr-only">
        Call figures
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {counts.map(({ title, ...figure }) => (
          <li key={title}>
            <FigureCard title={title} dimmed={dimmed} {...figure} />
          </li>
        ))}
        <li>
          <FigureCard
            title="Avg Duration"
            value={stats ? formatCallDuration(stats.averageDuration) : undefined}
            note="Minutes:seconds, answered calls"
            icon={Timer}
            dimmed={dimmed}
          />
        </li>
      </ul>
    </section>
  );
}
