import type { BadgeProps } from '~/client/components/ui/badge';
import type { CollectionDocumentsState, CollectionFinanceState, CollectionSlot } from '~/shared/collection-schemas';
import type { DistanceBand } from '~/shared/distance';

type Variant = NonNullable<BadgeProps['variant']>;

const calendarDay = (date: string) => new Date(`${date}T12:00:00Z`);
const longDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** "Monday 1 November". */
export const dayHeading = (date: string) => longDay.format(calendarDay(date)).replace(',', '');
/** "1 Nov 2027". */
export const shortDate = (date: string) => shortDay.format(calendarDay(date));

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(calendarDay(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** `?from=` as the server takes it, or undefined for anything else (today's fortnight). */
export function readFrom(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return calendarDay(value).toISOString().startsWith(value) ? value : undefined;
}

export const slotNames: Record<CollectionSlot, string> = { morning: 'Morning', afternoon: 'Afternoon' };

export const documentsLook: Record<CollectionDocumentsState, Variant> = {
  complete: 'success',
  to_check: 'plate',
  waiting: 'neutral',
  not_asked: 'neutral',
};

export const financeLook: Record<CollectionFinanceState, Variant> = {
  none: 'neutral',
  declared: 'plate',
  confirmed: 'success',
  negative_equity: 'danger',
  letter_expires: 'danger',
};

/** The compact band names and looks of the dashboard's distance badge. */
export const bandBadge: Record<DistanceBand, { label: string; look: Variant }> = {
  Local: { label: 'Local', look: 'success' },
  Regional: { label: 'Regional', look: 'subtle' },
  'Long Distance': { label: 'Long', look: 'plate' },
  'Very Far': { label: 'Very Far', look: 'danger' },
};
