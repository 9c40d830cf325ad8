/**
 * Recently purchased vehicles for `npm run bench` (issue 13): `GET /api/purchased-vehicles`,
 * `GET /recently-purchased` and the home page are measured with BENCH_VEHICLES of them (default 30),
 * two in three with photos, stored as the app stores them (every width and format under
 * DATA_DIR/uploads). Made-up cars drawn from the project's own default images, only ever in the
 * bench's throwaway data folder.
 *
 *   DATA_DIR=/tmp/x npx tsx bench/seed-vehicles.ts 30
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { processVehiclePhoto, storeVehiclePhotos } from '~/server/features/purchased-vehicles/vehicle-photos';
import { openDatabase } from '~/server/db/client';
import { runMigrations } from '~/server/db/migrate';
import { purchasedVehicles } from '~/server/db/schema';
import { createPublicUploads } from '~/server/storage/public-uploads';

const count = Number(process.argv[2] ?? 30);
const dataDir = process.env.DATA_DIR;
if (!dataDir || !Number.isInteger(count) || count < 0) {
  console.error('Usage: DATA_DIR=<folder> npx tsx bench/seed-vehicles.ts <count>');
  process.exit(1);
}

const cars = [
  ['Ford', 'Focus', 'Petrol', '1.0L'],
  ['Vauxhall', 'Corsa', 'Petrol', '1.2L'],
  ['BMW', '320d', 'Diesel', '2.0L'],
  ['Toyota', 'Yaris', 'Hybrid', '1.5L'],
] as const;
const places = ['Louth', 'Lincoln', 'Grimsby', 'Boston', 'Skegness', 'Horncastle'];
const uploads = createPublicUploads(path.join(dataDir, 'uploads'));
const illustration = (n: number) =>
  sharp(readFileSync(`public/images/purchased-vehicles/default-${n}.svg`))
    .jpeg()
    .toBuffer();

const database = await openDatabase({ dataDir });
try {
  await runMigrations(database);
  const now = Date.now();
  for (let n = 0; n < count; n += 1) {
    const [make, model, fuelType, engineSize] = cars[n % cars.length]!;
    const photoCount = n % 3; // 0, 1 or 2 photos
    const processed = [];
    for (let p = 0; p < photoCount; p += 1)
      processed.push(await processVehiclePhoto(await illustration(((n + p) % 4) + 1)));
    const photoPaths = await storeVehiclePhotos(uploads, processed);
    await database.db.insert(purchasedVehicles).values({
      make,
      model,
      year: 2012 + (n % 12),
      fuelType,
      engineSize,
      color: ['Red', 'Silver', 'Blue', 'Green'][n % 4]!,
      mileage: 20_000 + n * 1_731,
      location: places[n % places.length]!,
      description: 'Bought from a private seller, collected from their drive and paid the same day.',
      purchaseDate: new Date(now - n * 86_400_000).toISOString().slice(0, 10),
      photoPaths,
    });
  }
  console.log(`seeded ${count} purchased vehicles into ${dataDir}`);
} finally {
  await database.close();
}
