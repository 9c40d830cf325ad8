/**
 * Page views for `npm run bench` (issue 15): staff's analytics reports are measured on
 * BENCH_PAGE_VIEWS of them (default 10,000,000) over BENCH_ANALYTICS_DAYS (default 90) UK days
 * ending today, as production would hold them after that long:
 * - the daily rollups (totals, pages, locations) for every day;
 * - raw `visitor_analytics` rows for the last RETENTION.visitRecordsDays days only (30;
 *   the retention clean-up has deleted older ones);
 * - the day's counted visitor hashes (analytics_day_visitors, analytics_day_page_visitors) for
 *   today and yesterday only, as the clean-up leaves them.
 * Today gets the share of its day that has passed, its views all before now.
 *
 * The views are made inside the database, one UK day per transaction (two temporary tables,
 * a handful of INSERT … SELECT statements), so memory stays small whatever the count. Made-up but
 * realistic: pages weighted as a car-buying site's (home, then the valuation form, reviews…), about
 * 2.5 views per visitor a day, visitor hashes unique per day (md5 of the day and visitor number,
 * twice: 64 hex characters), truncated addresses (`81.2.x.0`), a few browsers, referrers (none,
 * Google, Bing, Facebook), ~160 UK towns and cities weighted by size plus a few abroad, some
 * visitors placed in the UK without a town and some nowhere. Repeatable: each day's random numbers
 * start from a seed made from its date. The rollups are computed from the same generated views, so
 * they equal what the raw rows give.
 *
 *   DATA_DIR=/tmp/x node --import tsx bench/seed-analytics.ts [--views 10000000] [--days 90] [--force]
 *   DATABASE_URL=postgres://… node --import tsx bench/seed-analytics.ts …
 *
 * A database that already holds analytics rows is refused unless `--force`, which empties every
 * analytics table first. Only ever for the bench's own databases.
 */
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase } from '~/server/db/client';
import { addDays } from '~/shared/calendar-date';
import { runMigrations } from '~/server/db/migrate';
import { indexablePublicPaths } from '~/shared/public-pages';
import { ukDate } from '~/shared/promotion';
import { RETENTION } from '~/shared/retention';

const usage =
  'Usage: DATA_DIR=<folder> | DATABASE_URL=<postgres url> node --import tsx bench/seed-analytics.ts ' +
  '[--views N] [--days D] [--force]';

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        views: { type: 'string', default: '10000000' },
        days: { type: 'string', default: '90' },
        force: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(1);
  }
})();
const totalViews = Number(values.views);
const dayCount = Number(values.days);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR;
if (
  (!dataDir && !databaseUrl) ||
  !Number.isSafeInteger(totalViews) ||
  totalViews < 0 ||
  !Number.isInteger(dayCount) ||
  dayCount < 1 ||
  dayCount > 3660
) {
  console.error(usage);
  process.exit(1);
}

/** Views per visitor a day ~2.5: each view picks one of views/VISITOR_SPREAD numbers at random (Poisson). */
const VISITOR_SPREAD = 2.23;

/** Share of views per public page, in indexablePublicPaths' order (home, valuation, about, contact, reviews…). */
const pageWeights: Record<string, number> = {
  '/': 30,
  '/valuation': 20,
  '/reviews': 12,
  '/recently-purchased': 10,
  '/about': 8,
  '/contact': 6,
  '/launch-offer-terms': 4,
  '/social-media-ads': 3,
  '/privacy-policy': 3,
  '/terms-of-service': 2,
  '/cookie-policy': 2,
};

/** Referrer hosts (null: typed in, a bookmark, or a page of ours) and their shares. */
const referrers: [string | null, number][] = [
  [null, 56],
  ['www.google.com', 31],
  ['www.bing.com', 7],
  ['l.facebook.com', 6],
];

const userAgents: [string, number][] = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    30,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    28,
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
    20,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
    8,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
    7,
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0', 4],
  [
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
    3,
  ],
];

/** UK towns and cities with their population in thousands (roughly): a visitor's place is weighted by it. */
const ukTowns = `London 8900, Birmingham 1140, Leeds 790, Glasgow 630, Sheffield 580, Manchester 550,
  Bradford 540, Edinburgh 525, Liverpool 490, Bristol 470, Leicester 370, Coventry 370, Cardiff 360,
  Belfast 345, Nottingham 330, Newcastle upon Tyne 300, Plymouth 265, Kingston upon Hull 260,
  Wolverhampton 260, Derby 260, Stoke-on-Trent 255, Southampton 250, Swansea 245, Reading 230,
  Milton Keynes 230, Brighton 230, Northampton 225, Luton 215, Portsmouth 210, Warrington 210,
  York 205, Aberdeen 200, Peterborough 200, Bolton 195, Colchester 195, Bournemouth 185, Swindon 185,
  Telford 185, Southend-on-Sea 180, Chelmsford 180, Sunderland 175, Walsall 175, Oxford 160,
  Huddersfield 160, Slough 160, Dundee 150, Poole 150, Cambridge 145, Norwich 145, Preston 145,
  Ipswich 140, Middlesbrough 140, Blackpool 140, Birkenhead 140, Stockport 135, Exeter 130,
  Gloucester 130, Newport 130, High Wycombe 125, Solihull 125, Crawley 120, Gateshead 120,
  Blackburn 120, Cheltenham 115, Maidstone 115, Basildon 110, Worthing 110, Doncaster 110,
  Rotherham 110, Rochdale 110, Basingstoke 110, Bedford 110, Mansfield 110, Salford 105, Wigan 105,
  Chesterfield 105, Wakefield 100, Oldham 100, St Helens 100, Watford 100, Eastbourne 100,
  Woking 100, Worcester 100, Lincoln 100, Hemel Hempstead 95, Darlington 95, Sutton Coldfield 95,
  Bath 95, Southport 95, Stevenage 90, Harlow 90, Hastings 90, Grimsby 90, Barnsley 90, Halifax 90,
  Hartlepool 90, Bracknell 85, Derry 85, Nuneaton 85, Stockton-on-Tees 85, St Albans 80,
  Chatham 80, Guildford 80, Scunthorpe 80, Dudley 80, Chester 80, Paisley 77, Burnley 75,
  Aylesbury 75, Shrewsbury 75, East Kilbride 75, Carlisle 75, Harrogate 75, Burton upon Trent 75,
  West Bromwich 75, Ashford 75, Crewe 75, Lisburn 72, Stafford 70, Rugby 70, Lowestoft 70,
  Wrexham 65, Hereford 60, Scarborough 60, Kettering 60, Taunton 60, Tunbridge Wells 60,
  Margate 60, Livingston 57, Canterbury 55, Barry 55, Corby 55, Lancaster 52, Macclesfield 52,
  Llanelli 50, Bridgend 50, Leamington Spa 50, Torquay 50, Weymouth 50, Folkestone 50, Durham 48,
  Inverness 47, Perth 47, Kilmarnock 46, Ayr 46, Boston 45, Merthyr Tydfil 45, Yeovil 45,
  Salisbury 45, Winchester 45, King's Lynn 45, Great Yarmouth 40, Bury St Edmunds 40,
  Stirling 37, Falkirk 34, Dumfries 33, Dover 30, Kendal 28, Newry 27, Chichester 27,
  Barnstaple 25, Huntingdon 25, Skegness 20, Truro 20, Dorchester 20, Aberystwyth 19, Bangor 18,
  Louth 17, Newmarket 17, Horncastle 7, Market Rasen 4`;

/** First octets of addresses for each country (the rest made up; the last octet is cut, as the app stores them). */
const firstOctets: Record<string, number[]> = {
  GB: [2, 5, 31, 46, 51, 62, 77, 78, 79, 80, 81, 82, 86, 87, 88, 90, 92, 94, 109, 146, 148, 151, 176, 178, 212, 213],
  IE: [37, 79, 86, 89, 109],
  FR: [2, 78, 90, 92],
  DE: [5, 46, 79, 84, 91],
  NL: [31, 77, 145],
  ES: [37, 83, 88],
  PL: [31, 46, 83],
  US: [23, 34, 52, 66, 73],
  IN: [49, 103, 117],
  '': [5, 45, 185, 193],
};

type Place = { country: string; city: string; weight: number };

/**
 * Where visitors are: 88% in a UK town (by size), 5% in the UK without a town, 4% abroad, 3% not
 * placed at all ('' as the rollups store an unknown place).
 */
function places(): Place[] {
  const towns = ukTowns.split(',').map((entry) => {
    const match = /^\s*(.+?)\s+(\d+)\s*$/.exec(entry);
    if (!match) throw new Error(`bad town entry: ${entry}`);
    return { city: match[1]!, size: Number(match[2]) ** 0.9 };
  });
  const townTotal = towns.reduce((sum, town) => sum + town.size, 0);
  const abroad: [string, string, number][] = [
    ['IE', 'Dublin', 40],
    ['IE', 'Cork', 10],
    ['FR', 'Paris', 10],
    ['DE', 'Berlin', 8],
    ['NL', 'Amsterdam', 8],
    ['ES', 'Madrid', 6],
    ['PL', 'Warsaw', 6],
    ['US', 'New York', 6],
    ['US', 'Ashburn', 4],
    ['IN', 'Mumbai', 2],
  ];
  const abroadTotal = abroad.reduce((sum, [, , weight]) => sum + weight, 0);
  return [
    ...towns.map((town) => ({ country: 'GB', city: town.city, weight: (88 * town.size) / townTotal })),
    { country: 'GB', city: '', weight: 5 },
    ...abroad.map(([country, city, weight]) => ({ country, city, weight: (4 * weight) / abroadTotal })),
    { country: '', city: '', weight: 3 },
  ];
}

// ---- SQL text helpers (every value is one of this file's constants) --------------------------

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replaceAll("'", "''")}'`);

/**
 * The thresholds for width_bucket(random(), thresholds): [0, w1, w1+w2, …] / total, so bucket i
 * (1-based) is picked with weight wi.
 */
function cuts(weights: number[]): string {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  const bounds = [0];
  for (const weight of weights.slice(0, -1)) {
    running += weight;
    bounds.push(running / total);
  }
  return `array[${bounds.map((b) => b.toFixed(9)).join(',')}]::float8[]`;
}

const pagePaths = indexablePublicPaths.filter((path) => (pageWeights[path] ?? 0) > 0);
const missingWeights = indexablePublicPaths.filter((path) => pageWeights[path] === undefined);
if (missingWeights.length) console.warn(`seed-analytics: no weight for ${missingWeights.join(', ')}; not seeded`);
const placeList = places();

const pageArray = `array[${pagePaths.map(literal).join(',')}]::text[]`;
const pageCuts = cuts(pagePaths.map((path) => pageWeights[path]!));
const referrerArray = `array[${referrers.map(([host]) => literal(host)).join(',')}]::text[]`;
const referrerCuts = cuts(referrers.map(([, weight]) => weight));
const userAgentArray = `array[${userAgents.map(([ua]) => literal(ua)).join(',')}]::text[]`;
const userAgentCuts = cuts(userAgents.map(([, weight]) => weight));
const placeCuts = cuts(placeList.map((place) => place.weight));
const placeValues = placeList
  .map(
    (place, i) =>
      `(${i + 1}, ${literal(place.country)}, ${literal(place.city)}, ` +
      `array[${(firstOctets[place.country] ?? firstOctets['']!).join(',')}]::int[])`,
  )
  .join(',\n');

// ---- the days -----------------------------------------------------------------------------------

/** How much of today (UK) has passed, 0 to 1. */
function ukDayElapsed(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (part('hour') * 3600 + part('minute') * 60 + part('second')) / 86_400;
}

/** A deterministic number in [0, 1) from a string (FNV-1a). */
function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash / 2 ** 32;
}

type Day = { date: string; views: number; raw: boolean; hashes: boolean; today: boolean };

/**
 * The days, oldest first, with their views: more on weekdays than at the weekend, growing over the
 * range, a little noise, and today only its share so far. The counts add up to `total` exactly.
 */
function plan(now: Date, total: number, days: number): Day[] {
  const today = ukDate(now);
  const rawDays = RETENTION.visitRecordsDays;
  const weekday = [0.9, 1.15, 1.08, 1.03, 1.0, 0.95, 0.82]; // Sunday first
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
  const weights = dates.map((date, i) => {
    const dayOfWeek = new Date(`${date}T12:00:00Z`).getUTCDay();
    const growth = 0.85 + (0.3 * i) / Math.max(days - 1, 1);
    const noise = 0.92 + 0.16 * unitHash(date);
    const share = date === today ? Math.max(ukDayElapsed(now), 0.01) : 1;
    return weekday[dayOfWeek]! * growth * noise * share;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const views = exact.map(Math.floor);
  // Largest remainders first, so the days add up to the total.
  let left = total - views.reduce((a, b) => a + b, 0);
  for (const i of exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0])) {
    if (left-- <= 0) break;
    views[i[1]]! += 1;
  }
  return dates.map((date, i) => ({
    date,
    views: views[i]!,
    raw: i >= days - rawDays,
    hashes: i >= days - 2,
    today: date === today,
  }));
}

// ---- one day --------------------------------------------------------------------------------------

/** The statements that make one day's views and add them everywhere (run in one transaction). */
function dayStatements(day: Day): SQL[] {
  const d = literal(day.date);
  const visitors = Math.max(1, Math.round(day.views / VISITOR_SPREAD));
  const start = `(${d}::date::timestamp at time zone 'Europe/London')`;
  const end = day.today ? 'now()' : `((${d}::date + 1)::timestamp at time zone 'Europe/London')`;
  const statements = [
    `create temp table seed_visitors (
       v int primary key, hash varchar(64) not null, ip text not null, ua text not null,
       country varchar(2) not null, city varchar(100) not null
     ) on commit drop`,
    `create temp table seed_views (at timestamptz not null, v int not null, page text not null, referrer text)
     on commit drop`,
    // setseed wants [-1, 1]; the same date always gives the same views.
    `select setseed(${(unitHash(`seed ${day.date}`) * 2 - 1).toFixed(9)})`,
    // One row per visitor number: a place, an address there, a browser; the hash is new each day.
    `insert into seed_visitors (v, hash, ip, ua, country, city)
     select s.v, md5(${d} || ':' || s.v) || md5(s.v || ':' || ${d}),
            p.octets[1 + floor(s.r1 * array_length(p.octets, 1))::int] || '.' || floor(s.r2 * 256)::int || '.'
              || floor(s.r3 * 256)::int || '.0',
            (${userAgentArray})[s.u], p.country, p.city
     from (
       select v, width_bucket(random(), ${placeCuts}) as place, width_bucket(random(), ${userAgentCuts}) as u,
              random() as r1, random() as r2, random() as r3
       from generate_series(1, ${visitors}) as v
     ) s
     join (values ${placeValues}) as p(i, country, city, octets) on p.i = s.place`,
    // The views: a visitor number at random (so ~2.5 views each), a page, a referrer, a moment of
    // the day (busier in the middle of it).
    `insert into seed_views (at, v, page, referrer)
     select ${start} + (${end} - ${start}) * ((random() + random()) / 2),
            1 + floor(random() * ${visitors})::int,
            (${pageArray})[width_bucket(random(), ${pageCuts})],
            (${referrerArray})[width_bucket(random(), ${referrerCuts})]
     from generate_series(1, ${day.views})`,
    `analyze seed_views`,
  ];
  if (day.raw) {
    statements.push(
      `insert into visitor_analytics (ip_address, visitor_hash, user_agent, page_path, referrer, country, city, visited_at)
       select p.ip, p.hash, p.ua, w.page, w.referrer, nullif(p.country, ''), nullif(p.city, ''), w.at
       from seed_views w join seed_visitors p on p.v = w.v
       order by w.at`,
    );
  }
  statements.push(
    `insert into analytics_daily_totals (day, visitors, page_views)
     select ${d}::date, count(distinct v), count(*) from seed_views`,
    `insert into analytics_daily_pages (day, page_path, views, unique_visitors)
     select ${d}::date, page, count(*), count(distinct v) from seed_views group by page`,
    // A visitor's place never changes within the day (one address), so their first view's place is theirs.
    `insert into analytics_daily_locations (day, country, city, visitors)
     select ${d}::date, p.country, p.city, count(*)
     from seed_visitors p where exists (select 1 from seed_views w where w.v = p.v)
     group by p.country, p.city`,
  );
  if (day.hashes) {
    statements.push(
      `insert into analytics_day_visitors (day, visitor_hash)
       select ${d}::date, p.hash from seed_visitors p where exists (select 1 from seed_views w where w.v = p.v)`,
      `insert into analytics_day_page_visitors (day, page_path, visitor_hash)
       select distinct ${d}::date, w.page, p.hash from seed_views w join seed_visitors p on p.v = w.v`,
    );
  }
  return statements.map((text) => sql.raw(text));
}

// ---- run --------------------------------------------------------------------------------------------

const analyticsTables = [
  'visitor_analytics',
  'analytics_daily_totals',
  'analytics_daily_pages',
  'analytics_daily_locations',
  'analytics_day_visitors',
  'analytics_day_page_visitors',
  'analytics_salts',
];

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const database = await openDatabase({ dataDir: dataDir ?? '', databaseUrl });
const where = databaseUrl ? new URL(databaseUrl).pathname.slice(1) || databaseUrl : dataDir;
try {
  await runMigrations(database);
  const { db } = database;
  const held = await db.execute<{ held: boolean }>(
    sql.raw(`select ${analyticsTables.map((table) => `exists (select 1 from ${table})`).join(' or ')} as held`),
  );
  if (held.rows[0]?.held) {
    if (!values.force) {
      console.error(
        `seed-analytics: ${where} already holds analytics rows; --force empties the analytics tables first`,
      );
      process.exitCode = 1;
    } else {
      await db.execute(sql.raw(`truncate ${analyticsTables.join(', ')} restart identity`));
    }
  }
  if (process.exitCode !== 1) {
    const days = plan(new Date(), totalViews, dayCount);
    let done = 0;
    let rawRows = 0;
    for (const [i, day] of days.entries()) {
      await db.transaction(async (tx) => {
        for (const statement of dayStatements(day)) await tx.execute(statement);
      });
      done += day.views;
      if (day.raw) rawRows += day.views;
      if ((i + 1) % 10 === 0 || i === days.length - 1) {
        process.stderr.write(
          `  seed-analytics: ${i + 1}/${days.length} days (to ${day.date}), ` +
            `${done.toLocaleString('en-GB')} views, ${seconds()} s\n`,
        );
      }
    }
    await db.execute(sql.raw(`analyze ${analyticsTables.join(', ')}`));
    console.log(
      `seeded ${totalViews.toLocaleString('en-GB')} page views over ${dayCount} days ` +
        `(${days[0]!.date} to ${days.at(-1)!.date}; ${rawRows.toLocaleString('en-GB')} raw rows kept) ` +
        `into ${where} in ${seconds()} s`,
    );
  }
} finally {
  await database.close();
}
