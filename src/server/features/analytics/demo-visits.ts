import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { pick, seededRandom, weighted, type Random } from '~/server/lib/seeded-random';
import { ukDate } from '~/shared/promotion';
import { addDays } from '~/shared/calendar-date';
import { storeVisits, type StoredVisit } from './visit-rollups';

/**
 * Made-up page views for `npm run demo` (issue 15), so the analytics screen has weeks of figures to
 * show on a fresh machine. They go through the same writer as real views (storeVisits), so the
 * rollups are built exactly as in production; the retention clean-up later removes the raw rows
 * older than its period, as it would. Demo databases only (the demo's ribbon says nothing is real).
 */

const PAGES: [string, number][] = [
  ['/', 40],
  ['/valuation', 24],
  ['/reviews', 9],
  ['/recently-purchased', 8],
  ['/about', 6],
  ['/contact', 5],
  ['/launch-offer-terms', 3],
  ['/privacy-policy', 2],
  ['/cookie-policy', 1],
  ['/terms-of-service', 1],
  ['/social-media-ads', 1],
];

/** [country, town, weight]: mostly Lincolnshire and big UK cities; '' where the address says no more. */
const PLACES: [string, number, string][] = [
  ['Louth', 12, 'GB'],
  ['Lincoln', 14, 'GB'],
  ['Grimsby', 9, 'GB'],
  ['Skegness', 5, 'GB'],
  ['Boston', 5, 'GB'],
  ['Horncastle', 3, 'GB'],
  ['Market Rasen', 3, 'GB'],
  ['Hull', 6, 'GB'],
  ['Nottingham', 6, 'GB'],
  ['Sheffield', 6, 'GB'],
  ['Leeds', 5, 'GB'],
  ['London', 12, 'GB'],
  ['Manchester', 7, 'GB'],
  ['Birmingham', 6, 'GB'],
  ['Peterborough', 4, 'GB'],
  ['', 8, 'GB'],
  ['Dublin', 1, 'IE'],
  ['Amsterdam', 0.5, 'NL'],
  ['', 2, ''],
];

const BROWSERS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
];

const REFERRERS: [string | null, number][] = [
  [null, 50],
  ['www.google.com', 30],
  ['www.bing.com', 5],
  ['www.facebook.com', 10],
  ['l.instagram.com', 5],
];

/** One made-up visitor's views of a day, at times within that UK day. */
function visitorViews(random: Random, day: string, visitor: number): StoredVisit[] {
  const [town, , country] = weighted(random, PLACES);
  const userAgent = pick(random, BROWSERS);
  const referrer = weighted(random, REFERRERS)[0];
  // Noon UTC is the middle of the UK day in summer and winter alike; visits fall 8 hours either side.
  let at = Date.parse(`${day}T12:00:00Z`) + (random() - 0.5) * 16 * 3_600_000;
  const views = 1 + Math.floor(random() * random() * 5);
  return Array.from({ length: views }, (_, index) => {
    at += index === 0 ? 0 : 30_000 + random() * 300_000;
    return {
      day,
      visitedAt: new Date(at),
      pagePath: index === 0 && random() < 0.5 ? '/' : weighted(random, PAGES)[0],
      ipAddress: `81.${Math.floor(random() * 200)}.${visitor % 256}.0`,
      visitorHash: `demo-${day}-${visitor}`.padEnd(64, '0'),
      userAgent,
      referrer: index === 0 ? referrer : null,
      country: country || null,
      city: town || null,
    };
  });
}

/** Whether the database holds any counted views (the demo seeds only an empty one). */
export async function hasVisits(database: Database): Promise<boolean> {
  const { rows } = await database.db.execute<{ any: boolean }>(
    sql`select exists (select 1 from analytics_daily_totals) as any`,
  );
  return Boolean(rows[0]?.any);
}

/**
 * About `perDay` visitors a day (more at weekends, when people sell cars) for the `days` UK days up to
 * `now`, today only so far. Returns how many views were written.
 */
export async function seedDemoVisits(
  database: Database,
  options: { now: Date; days: number; perDay: number; seed: number },
): Promise<number> {
  const random = seededRandom(options.seed);
  const today = ukDate(options.now);
  let written = 0;
  for (let back = options.days - 1; back >= 0; back--) {
    const day = addDays(today, -back);
    const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
    const visitors = Math.round(options.perDay * (weekend ? 1.4 : 1) * (0.75 + random() * 0.5));
    const visits = Array.from({ length: visitors }, (_, visitor) => visitorViews(random, day, visitor)).flat();
    // Today's views only up to now; none in the future.
    const happened = visits.filter((visit) => visit.visitedAt <= options.now);
    await storeVisits(database.db, happened);
    written += happened.length;
  }
  return written;
}
