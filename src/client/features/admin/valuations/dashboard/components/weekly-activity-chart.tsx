import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ValuationStats } from '~/shared/admin-valuations';
import { longDayLabel, shortDayLabel, valuationCount } from '../lib/day-label';

/**
 * The bars themselves. This is the only module that imports recharts, and it is loaded lazily,
 * so the chart library reaches only the dashboard, after the figures and the table.
 * Screen readers get the table beside it instead (the chart is hidden from them).
 */
export default function WeeklyActivityChart({ days }: { days: ValuationStats['weeklyActivity'] }) {
  const data = days.map((day) => ({ ...day, label: shortDayLabel(day.date) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -20 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-line)" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'var(--color-muted)', fontSize: 12 }} />
        <YAxis
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          width={48}
          tick={{ fill: 'var(--color-muted)', fontSize: 12 }}
        />
        <Tooltip
          cursor={{ fill: 'var(--color-brand-50)' }}
          labelFormatter={(_, payload) => (payload[0] ? longDayLabel(String(payload[0].payload.date)) : '')}
          formatter={(value) => [valuationCount(Number(value)), null]}
          separator=""
        />
        <Bar dataKey="count" fill="var(--color-brand-600)" radius={[6, 6, 0, 0]} maxBarSize={48} />
      </BarChart>
    </ResponsiveContainer>
  );
}
