/** SPEC section 9: Daily Average = total visitors divided by the number of days in the range, rounded. */
export function dailyAverage(totalVisitors: number, days: number): number {
  return days > 0 ? Math.round(totalVisitors / days) : 0;
}

/** A count grouped the UK way: "1,234". */
export const formatCount = (count: number) => count.toLocaleString('en-GB');

const counted = (singular: string, plural: string) => (count: number) =>
  `${formatCount(count)} ${count === 1 ? singular : plural}`;

/** "1 visitor", "1,200 visitors". */
export const visitorCount = counted('visitor', 'visitors');
/** "1 page view", "30 page views". */
export const pageViewCount = counted('page view', 'page views');

/** The honest empty state of every card: nothing counted in the range yet. */
export const noVisitsText = (days: number) => `No visits recorded in the last ${formatCount(days)} days yet.`;
