import { CalendarDays, CalendarRange, Car, Clock, type LucideIcon } from 'lucide-react';
import { FigureCard } from '../../../components/figure-card';
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
      {cards.map(({ key, title, note, icon }) => (
        <li key={key}>
          <FigureCard title={title} value={stats?.[key]} note={note} icon={icon} />
        </li>
      ))}
    </ul>
  );
}
