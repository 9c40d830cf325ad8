import { CalendarDays, CalendarRange, Car, Clock, type LucideIcon } from 'lucide-react';
import { Card } from '~/client/components/ui/card';
import type { ValuationStats } from '~/shared/admin-valuations';

const cards: {
  key: keyof Pick<ValuationStats, 'total' | 'today' | 'thisWeek' | 'thisMonth'>;
  title: string;
  note: string;
  icon: LucideIcon;
}[] = [
  { key: 'total', title: 'Total Valuations', note: 'All time, archived included', icon: Car },
  { key: 'today', title: 'Today', note: 'Since midnight, UK time', icon: Clock },
  { key: 'thisWeek', title: 'This Week', note: 'Last 7 days', icon: CalendarRange },
  { key: 'thisMonth', title: 'This Month', note: 'Last 30 days', icon: CalendarDays },
];

/** SPEC section 2's four counts. While they load, the cards keep their place with a dash. */
export function StatCards({ stats }: { stats: ValuationStats | undefined }) {
  return (
    <ul aria-label="Valuation counts" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ key, title, note, icon: Icon }) => (
        <li key={key}>
          <Card className="flex h-full items-start justify-between gap-3 p-4 sm:p-5">
            <div className="min-w-0">
              <p className="text-sm font-semibold text-muted">{title}</p>
              <p className="mt-1 text-2xl font-extrabold text-brand-950 tabular-nums sm:text-3xl">
                {stats ? stats[key].toLocaleString('en-GB') : <span className="text-slate-300">—</span>}
              </p>
              <p className="mt-0.5 text-xs text-muted">{note}</p>
            </div>
            <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:flex">
              <Icon aria-hidden="true" className="size-5" />
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}
