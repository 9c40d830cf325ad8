import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { visitorAnalytics } from '~/server/db/schema';
import {
  analyticsMessages,
  type DailyStatsResponse,
  type LocationsResponse,
  type PagesResponse,
} from '~/shared/analytics';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, hours, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { cachedAppPages } from '../../../../test/helpers/pages';
import { ANALYTICS_COLLECT_LIMIT } from './analytics-routes';
import { deleteExpiredVisitRecords } from './visit-retention';

/**
 * Visitor analytics (issue 15) through the app: which views count, what is stored of a visitor,
 * the rollups staff's reports read, retention, and the reports themselves.
 */

const ORIGIN = 'http://localhost';
/** 10:00 in London on a Monday in March (GMT). */
const NOW = new Date('2026-03-02T10:00:00Z');
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
/** An address GeoLite2 places in St Albans, England. */
const UK_ADDRESS = '81.2.69.142';

describe.each(testEngines)('visitor analytics on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let clock: ReturnType<typeof testClock>;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup(env: Record<string, string> = {}) {
    clock = testClock(NOW);
    t = await createTestApp(engine, {
      env,
      // Kept pages, as the built app serves them; views are written when the test says (flush).
      deps: { passwordHasher: hasher, clock, renderSource: cachedAppPages, analytics: { flushEveryMs: 3_600_000 } },
    });
  }

  const db = () => t!.db.database.db;
  const view = (url: string, headers: Record<string, string> = {}, remoteAddress = UK_ADDRESS) =>
    t!.app.inject({ method: 'GET', url, headers: { 'user-agent': CHROME, ...headers }, remoteAddress });
  const beacon = (payload: unknown, headers: Record<string, string> = {}) =>
    t!.app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      payload: payload as object,
      headers: { origin: ORIGIN, 'user-agent': CHROME, ...headers },
      remoteAddress: UK_ADDRESS,
    });
  const rawRows = async () => {
    await t!.app.visits.flush();
    return db().select().from(visitorAnalytics).orderBy(visitorAnalytics.id);
  };
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await db().execute<T & Record<string, unknown>>(query)).rows;

  async function adminGet<T>(url: string) {
    const cookie = await signedInCookie(t!.app, await seedUser(db(), hasher));
    const response = await t!.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  it("counts a browser's view of a public page once, rendered, kept or revalidated, and nothing else", async () => {
    await setup();
    const first = await view('/');
    expect(first.statusCode).toBe(200);
    expect(await rawRows()).toHaveLength(1);

    const kept = await view('/'); // served from the kept pages this time
    await view('/', { 'if-none-match': kept.headers.etag as string }).then((r) => expect(r.statusCode).toBe(304));
    await t!.app.inject({ method: 'HEAD', url: '/', headers: { 'user-agent': CHROME } });
    await view('/no-such-page').then((r) => expect(r.statusCode).toBe(404));
    await view('/admin/analytics');
    await view('/api/health');
    await view('/favicon.svg');

    const stored = await rawRows();
    expect(stored.map((row) => row.pagePath)).toEqual(['/', '/', '/']);
    const [totals] = await rows<{ visitors: number; page_views: number }>(sql`select * from analytics_daily_totals`);
    expect(totals).toMatchObject({ visitors: 1, page_views: 3 });
  });

  it('does not count bots, link previews, prefetches, or browsers that ask not to be tracked', async () => {
    await setup();
    const refused: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36' },
      { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
      { 'user-agent': 'curl/8.5.0' },
      { 'user-agent': '' },
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-moz': 'prefetch' },
      { dnt: '1' },
      { 'sec-gpc': '1' },
    ];
    for (const headers of refused) {
      expect((await view('/about', headers)).statusCode, JSON.stringify(headers)).toBe(200);
      expect((await beacon({ path: '/about' }, headers)).statusCode, JSON.stringify(headers)).toBe(204);
    }
    expect(await rawRows()).toEqual([]);
    // The same browser without those headers is counted.
    await view('/about', { dnt: '0' });
    expect(await rawRows()).toHaveLength(1);
  });

  it('counts two visits by one browser on one day as one unique visitor, and a new day as a new one', async () => {
    await setup();
    await view('/');
    clock.advance(hours(3));
    await view('/reviews');
    await view('/');
    await view('/', { 'user-agent': IPHONE }); // another browser behind the same address
    let stored = await rawRows();
    expect(new Set(stored.map((row) => row.visitorHash)).size).toBe(2);

    clock.advance(hours(24)); // the next day: a new salt, so the same browser gets a new id
    await view('/');
    stored = await rawRows();
    expect(stored[4]!.visitorHash).not.toBe(stored[0]!.visitorHash);

    const totals = await rows<{ day: string; visitors: number; page_views: number }>(
      sql`select day::text, visitors, page_views from analytics_daily_totals order by day`,
    );
    expect(totals).toEqual([
      { day: '2026-03-02', visitors: 2, page_views: 4 },
      { day: '2026-03-03', visitors: 1, page_views: 1 },
    ]);
    const pages = await rows<{ page_path: string; views: number; unique_visitors: number }>(
      sql`select page_path, views, unique_visitors from analytics_daily_pages where day = '2026-03-02' order by page_path`,
    );
    expect(pages).toEqual([
      { page_path: '/', views: 3, unique_visitors: 2 },
      { page_path: '/reviews', views: 1, unique_visitors: 1 },
    ]);
  });

  it('stores no full internet address: IPv4 cut to /24, IPv6 to /48; place, referrer host and path only', async () => {
    await setup();
    await view('/recently-purchased?utm_source=mail&utm_campaign=spring', {
      referer: 'https://www.google.com/search?q=sell+my+car+louth',
    });
    await view('/contact', {}, '2a02:c7f:1234:5678:9abc:def0:1234:5678');
    await view('/about', {}, '::ffff:81.2.69.142');
    // By path: behind HAProxy (API_CLUSTER=1) two processes write their views, each in its turn.
    const stored = (await rawRows()).sort((a, b) => a.pagePath.localeCompare(b.pagePath));
    expect(
      stored.map(({ ipAddress, pagePath, referrer, country, city }) => ({
        ipAddress,
        pagePath,
        referrer,
        country,
        city,
      })),
    ).toEqual([
      { ipAddress: '81.2.69.0', pagePath: '/about', referrer: null, country: 'GB', city: 'St Albans' },
      { ipAddress: '2a02:c7f:1234::', pagePath: '/contact', referrer: null, country: 'GB', city: null },
      {
        ipAddress: '81.2.69.0',
        pagePath: '/recently-purchased',
        referrer: 'www.google.com',
        country: 'GB',
        city: 'St Albans',
      },
    ]);
    // Nowhere in the analytics tables: not the addresses, not the query string, not the search.
    const everything = JSON.stringify(
      await rows(sql`select
        (select json_agg(v) from visitor_analytics v) as raw,
        (select json_agg(d) from analytics_day_visitors d) as seen,
        (select json_agg(p) from analytics_day_page_visitors p) as seen_pages,
        (select json_agg(l) from analytics_daily_locations l) as places,
        (select json_agg(g) from analytics_daily_pages g) as pages`),
    );
    for (const secret of ['81.2.69.142', '5678:9abc', 'utm_source', 'sell+my+car'])
      expect(everything).not.toContain(secret);
  });

  it('keeps the rollups equal to what the raw rows give', async () => {
    await setup();
    const paths = ['/', '/reviews', '/valuation', '/about', '/contact'];
    const agents = [CHROME, IPHONE, `${CHROME} Edg/142.0.0.0`];
    const addresses = [UK_ADDRESS, '8.8.8.8', '2a02:c7f:1234:5678::1', '81.2.69.160', '192.0.2.1'];
    // 200 views over three days, written in several batches (and one flush across midnight).
    for (let i = 0; i < 200; i++) {
      await view(
        paths[(i * 7) % paths.length]!,
        { 'user-agent': agents[(i * 5) % agents.length]! },
        addresses[(i * 3) % addresses.length],
      );
      clock.advance(hours(0.35));
      if (i % 37 === 0) await t!.app.visits.flush();
    }
    await t!.app.visits.flush();
    const london = sql.raw(`(visited_at at time zone 'Europe/London')::date::text`);

    const totalsFromRaw = await rows(sql`select ${london} as day, count(distinct visitor_hash)::int as visitors,
      count(*)::int as page_views from visitor_analytics group by 1 order by 1`);
    const totals = await rows(sql`select day::text, visitors, page_views from analytics_daily_totals order by day`);
    expect(totals).toEqual(totalsFromRaw);
    expect(totals.length).toBeGreaterThanOrEqual(3);

    const pagesFromRaw = await rows(sql`select ${london} as day, page_path, count(*)::int as views,
      count(distinct visitor_hash)::int as unique_visitors from visitor_analytics group by 1, 2 order by 1, 2`);
    const pages = await rows(
      sql`select day::text, page_path, views, unique_visitors from analytics_daily_pages order by 1, 2`,
    );
    expect(pages).toEqual(pagesFromRaw);

    // Each visitor counts once a day, where their first view that day came from.
    const placesFromRaw = await rows(sql`select day, country, city, count(*)::int as visitors from (
        select distinct on (${london}, visitor_hash) ${london} as day, coalesce(country, '') as country, coalesce(city, '') as city
        from visitor_analytics order by ${london}, visitor_hash, id) firsts
      group by 1, 2, 3 order by 1, 2, 3`);
    const places = await rows(
      sql`select day::text, country, city, visitors from analytics_daily_locations order by 1, 2, 3`,
    );
    expect(places).toEqual(placesFromRaw);
  });

  it("deletes raw rows past the retention period, and yesterday's visitor ids and salts, keeping the rollups", async () => {
    await setup();
    await view('/');
    clock.advance(hours(24 * 10));
    await view('/about');
    await t!.app.visits.flush();
    const now = new Date(NOW.getTime() + hours(24 * 31)); // the first view is now 31 days old, the second 21

    await deleteExpiredVisitRecords(db(), now, 30);

    expect((await rawRows()).map((row) => row.pagePath)).toEqual(['/about']);
    const count = async (table: string) =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
    expect(await count('analytics_daily_totals')).toBe(2);
    expect(await count('analytics_daily_pages')).toBe(2);
    expect(await count('analytics_day_visitors')).toBe(0);
    expect(await count('analytics_day_page_visitors')).toBe(0);
    expect(await count('analytics_salts')).toBe(0);
  });

  it('counts a page the browser shows again from its back-forward cache (the beacon), refusing anything else', async () => {
    await setup();
    expect((await beacon({ path: '/reviews' })).statusCode).toBe(204);
    for (const payload of [{ path: '/admin/analytics' }, { path: '/no-such-page' }, { path: '/api/health' }]) {
      const refused = await beacon(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_INPUT', message: analyticsMessages.unknownPage });
    }
    for (const payload of [{}, { path: 'reviews' }, { path: 42 }, { path: '/' + 'a'.repeat(3000) }]) {
      expect((await beacon(payload)).statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    const asText = await t!.app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      payload: '{"path":"/"}',
      headers: { origin: ORIGIN, 'content-type': 'text/plain' },
    });
    expect(asText.statusCode).toBe(415);
    const foreign = await beacon({ path: '/' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect((await rawRows()).map((row) => row.pagePath)).toEqual(['/reviews']);
  });

  it('counts at most the limit of beacons from one address, however many user agents it claims', async () => {
    await setup();
    const { limit } = ANALYTICS_COLLECT_LIMIT;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 10; i += 1) {
      const agent = CHROME.replace('Chrome/142.0.0.0', `Chrome/142.0.${i}.0`);
      const answer = await beacon({ path: '/reviews' }, { 'user-agent': agent });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(limit);
    expect(statuses.slice(limit)).toEqual(Array(10).fill(429));
    await t!.app.visits.flush();
    const daily = await adminGet<DailyStatsResponse>('/api/analytics/daily-stats');
    expect(daily.days[0]).toEqual({ date: '2026-03-02', visitors: limit, pageViews: limit });
  });

  it("gives staff the range's days, places and pages from the rollups", async () => {
    await setup();
    await view('/');
    await view('/reviews');
    await view('/', { 'user-agent': IPHONE }, '8.8.8.8');
    clock.advance(hours(24));
    await view('/');
    await t!.app.visits.flush();

    const daily = await adminGet<DailyStatsResponse>('/api/analytics/daily-stats');
    expect(daily.range).toEqual({ from: '2026-02-02', to: '2026-03-03', days: 30 });
    expect(daily.days).toHaveLength(30);
    expect(daily.days.slice(0, 3)).toEqual([
      { date: '2026-03-03', visitors: 1, pageViews: 1 },
      { date: '2026-03-02', visitors: 2, pageViews: 3 },
      { date: '2026-03-01', visitors: 0, pageViews: 0 },
    ]);
    expect(daily.totals).toEqual({ visitors: 3, pageViews: 4 });
    expect(daily.collecting).toBe(true);

    const week = await adminGet<DailyStatsResponse>('/api/analytics/daily-stats?days=7');
    expect(week.range).toEqual({ from: '2026-02-25', to: '2026-03-03', days: 7 });

    const places = await adminGet<LocationsResponse>('/api/analytics/locations?days=7&limit=5');
    expect(places.locations).toEqual([
      { country: 'GB', city: 'St Albans', visitors: 2 },
      { country: 'US', city: null, visitors: 1 },
    ]);
    expect(places.countries).toBe(2);

    const pages = await adminGet<PagesResponse>('/api/analytics/pages?limit=1');
    expect(pages.pages).toEqual([{ page: '/', views: 3, uniqueVisitors: 3 }]);

    const cookie = await signedInCookie(t!.app, await seedUser(db(), hasher));
    for (const query of ['days=0', 'days=367', 'days=abc', 'days=7.5']) {
      const refused = await t!.app.inject({ url: `/api/analytics/daily-stats?${query}`, headers: { cookie } });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body).toContain(analyticsMessages.invalidDays);
    }
    const badLimit = await t!.app.inject({ url: '/api/analytics/pages?limit=101', headers: { cookie } });
    expect(badLimit.statusCode).toBe(400);
    expect((await t!.app.inject({ url: '/api/analytics/pages' })).statusCode).toBe(401);
  });

  it('counts nothing when collection is turned off, and says so', async () => {
    await setup({ ANALYTICS_COLLECTION: 'false' });
    await view('/');
    expect((await beacon({ path: '/' })).statusCode).toBe(204);
    expect(await rawRows()).toEqual([]);
    const daily = await adminGet<DailyStatsResponse>('/api/analytics/daily-stats?days=7');
    expect(daily.collecting).toBe(false);
    expect(daily.totals).toEqual({ visitors: 0, pageViews: 0 });
  });
});
