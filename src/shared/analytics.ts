import { z } from 'zod';

/**
 * Visitor analytics (issue 15; SPEC sections 2, 3 and 9): first-party, cookieless counts of public
 * page views. The server counts the pages it serves; the public pages' loader sends a beacon
 * (`POST /api/analytics/collect`) only for a page the browser shows again, going back or forward,
 * without asking the server (from its back-forward or HTTP cache). Staff read daily rollups, never the raw rows:
 * `GET /api/analytics/daily-stats`, `/locations` and `/pages`.
 */

/** The range picker's choices, in days; the API takes any whole number of days up to a year. */
export const ANALYTICS_RANGE_CHOICES = [7, 30, 90] as const;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 366;
/** SPEC section 9: Daily Visitor Trends shows the first 10 entries, locations the first 5, pages the first 6. */
export const ANALYTICS_TREND_ROWS = 10;
export const ANALYTICS_TOP_LOCATIONS = 5;
export const ANALYTICS_TOP_PAGES = 6;
export const ANALYTICS_MAX_LIMIT = 100;
/** The beacon's address (the loader cannot import this module; keep entry-public.tsx in step). */
export const ANALYTICS_COLLECT_ENDPOINT = '/api/analytics/collect';
/** A page path longer than this is not one of ours. */
export const ANALYTICS_PATH_MAX_LENGTH = 2048;

export const analyticsMessages = {
  invalidDays: `Choose a range of 1 to ${ANALYTICS_MAX_DAYS} days`,
  invalidLimit: `Choose a limit of 1 to ${ANALYTICS_MAX_LIMIT}`,
  invalidPath: 'The page path must start with /',
  unknownPage: 'No public page has this address',
  /** SPEC section 9: the path `/` is shown as "Home Page". */
  homePage: 'Home Page',
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).int(message).min(min, message).max(max, message);

/** `?days=N`: the last N days (UK), today included. */
export const analyticsRangeQuerySchema = z.object({
  days: wholeNumber(1, ANALYTICS_MAX_DAYS, analyticsMessages.invalidDays).default(ANALYTICS_DEFAULT_DAYS),
});

export const analyticsTopQuerySchema = analyticsRangeQuerySchema.extend({
  limit: wholeNumber(1, ANALYTICS_MAX_LIMIT, analyticsMessages.invalidLimit).default(10),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The UK days a report covers, both included. */
export const analyticsRangeSchema = z.object({ from: isoDate, to: isoDate, days: z.number().int() });

/** SPEC section 3's daily stat: visitors are the day's unique visitors (a visitor is only known within a day). */
export const dailyStatSchema = z.object({ date: isoDate, visitors: z.number().int(), pageViews: z.number().int() });

export const dailyStatsResponseSchema = z.object({
  range: analyticsRangeSchema,
  /** Every day of the range, newest first, days without visits as zeros. */
  days: z.array(dailyStatSchema),
  /** Sums over the range: visitors counted once a day, so one person on three days is three. */
  totals: z.object({ visitors: z.number().int(), pageViews: z.number().int() }),
  /** False when visit counting is turned off (ANALYTICS_COLLECTION=off): the figures stop growing. */
  collecting: z.boolean(),
});

/** SPEC section 3's location stat; country is an ISO 3166 code, both null where the address is not known. */
export const locationStatSchema = z.object({
  city: z.string().nullable(),
  country: z.string().nullable(),
  visitors: z.number().int(),
});

export const locationsResponseSchema = z.object({
  range: analyticsRangeSchema,
  /** The most visitors first, at most `limit`. */
  locations: z.array(locationStatSchema),
  /** How many countries visitors came from in the range (all of them, not only those listed). */
  countries: z.number().int(),
});

/** SPEC section 3's page stat: unique visitors summed over the days of the range. */
export const pageStatSchema = z.object({
  page: z.string(),
  views: z.number().int(),
  uniqueVisitors: z.number().int(),
});

export const pagesResponseSchema = z.object({
  range: analyticsRangeSchema,
  /** The most viewed first, at most `limit`. */
  pages: z.array(pageStatSchema),
});

export const collectBodySchema = z.object({
  path: z
    .string({ message: analyticsMessages.invalidPath })
    .min(1, analyticsMessages.invalidPath)
    .max(ANALYTICS_PATH_MAX_LENGTH, analyticsMessages.invalidPath)
    .startsWith('/', analyticsMessages.invalidPath),
});

export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;
export type DailyStat = z.infer<typeof dailyStatSchema>;
export type DailyStatsResponse = z.infer<typeof dailyStatsResponseSchema>;
export type LocationStat = z.infer<typeof locationStatSchema>;
export type LocationsResponse = z.infer<typeof locationsResponseSchema>;
export type PageStat = z.infer<typeof pageStatSchema>;
export type PagesResponse = z.infer<typeof pagesResponseSchema>;

/** How a page path is shown to staff: `/` is "Home Page" (SPEC section 9). */
export function pageLabel(path: string): string {
  return path === '/' ? analyticsMessages.homePage : path;
}
