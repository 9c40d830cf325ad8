import { useMemo } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyStat } from '~/shared/analytics';
import { axisDayLabel, longDayLabel } from '../lib/day-label';
import { pageViewCount, visitorCount } from '../lib/figures';
import { chronological } from '../lib/trend';

/** The series' colours; the legend in visitor-trends.tsx uses the same (bg-brand-700, bg-go-600). */
const trendColours = { visitors: 'var(--color-brand-700)', pageViews: 'var(--color-go-600)' } as const;

const tick = { fill: 'var(--color-muted)', fontSize: 12 };

/** Drawn in this order, so the visitors' area lies over the page views'. */
const series = [
  { key: 'pageViews', strokeWidth: 2, fillOpacity: 0.08 },
  { key: 'visitors', strokeWidth: 2.5, fillOpacity: 0.18 },
] as const;

/**
 * Visitors and page views per day, oldest on the left. This is the only module that imports
 * recharts, and it is loaded lazily, so the chart library reaches only this screen, after the
 * figures. Screen readers get the chart's summary and the table beside it instead.
 */
export default function VisitorTrendsChart({ days }: { days: readonly DailyStat[] }) {
  const data = useMemo(() => chronological(days).map((day) => ({ ...day, label: axisDayLabel(day.date) })), [days]);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-line)" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={false}
          tick={tick}
          interval="preserveStartEnd"
          minTickGap={20}
        />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} tick={tick} />
        <Tooltip
          cursor={{ stroke: 'var(--color-brand-200)' }}
          labelFormatter={(_, payload) => (payload[0] ? longDayLabel(String(payload[0].payload.date)) : '')}
          formatter={(value, name) => [
            name === 'pageViews' ? pageViewCount(Number(value)) : visitorCount(Number(value)),
            null,
          ]}
          separator=""
        />
        {/* Page views are never fewer than visitors: their area goes behind. */}
        {series.map(({ key, strokeWidth, fillOpacity }) => (
          <Area
            key={key}
            type="monotone"
            dataKey={key}
            stroke={trendColours[key]}
            strokeWidth={strokeWidth}
            fill={trendColours[key]}
            fillOpacity={fillOpacity}
            dot={false}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}
