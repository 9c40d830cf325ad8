/**
 * Published reviews for `npm run bench` (issue 12): `GET /api/reviews` and `GET /reviews` are
 * measured with BENCH_REVIEWS of them (default 200), as a busy site would show. Made-up text,
 * only ever in the bench's own throwaway data folder.
 *
 *   DATA_DIR=/tmp/x npx tsx bench/seed-reviews.ts 200
 */
import { openDatabase } from '~/server/db/client';
import { runMigrations } from '~/server/db/migrate';
import { customerReviews } from '~/server/db/schema';

const count = Number(process.argv[2] ?? 200);
const dataDir = process.env.DATA_DIR;
if (!dataDir || !Number.isInteger(count) || count < 0) {
  console.error('Usage: DATA_DIR=<folder> npx tsx bench/seed-reviews.ts <count>');
  process.exit(1);
}

const places = ['Louth', 'Lincoln', 'Grimsby', 'Boston', 'Skegness', 'Horncastle', 'Market Rasen', 'Spalding'];
const cars = ['2016 Ford Focus', '2018 Vauxhall Corsa', '2015 BMW 320d', '2019 Kia Ceed', '2017 Honda Jazz'];
const database = await openDatabase({ dataDir });
try {
  await runMigrations(database);
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, n) => {
    const submittedAt = new Date(now - (n + 1) * 3_600_000);
    return {
      customerName: `Bench Seller ${n + 1}`,
      email: `bench-seller-${n + 1}@example.com`,
      rating: 3 + (n % 3),
      reviewTitle: `Sold my car without any fuss (${n + 1})`,
      reviewText:
        'Booked online in the evening, had a call the next morning and an offer that matched the valuation. ' +
        'The driver collected the car from my drive and the money was in my account before he left.',
      location: places[n % places.length]!,
      vehicleSold: cars[n % cars.length]!,
      isApproved: true,
      isPublished: true,
      submittedAt,
      approvedAt: submittedAt,
    };
  });
  for (let start = 0; start < rows.length; start += 100) {
    await database.db.insert(customerReviews).values(rows.slice(start, start + 100));
  }
  console.log(`seeded ${count} published reviews into ${dataDir}`);
} finally {
  await database.close();
}
