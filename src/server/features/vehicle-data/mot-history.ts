import { z } from 'zod';
import type { MotDefect, MotHistory, MotTest } from '~/shared/vehicle-info';
import type { MotVehicle } from './mot-history-client';
import { ProviderError } from './provider-http';

/**
 * DVSA's MOT History record (shared/contracts/external-apis.md §2) as the admin's DVLA tab shows
 * it. The record is one of two shapes: a vehicle with `motTests` (DVSA, DVA NI or CVS tests), or a
 * newly registered vehicle without that key and with `motTestDueDate`; the second gives no tests.
 * Read leniently, as DVSA documents most fields nullable and public clients report values its
 * document omits (the PRS defect type).
 */

const defectSchema = z.looseObject({
  text: z.string().nullish(),
  type: z.string().nullish(),
  dangerous: z.boolean().nullish(),
});

const testSchema = z.looseObject({
  completedDate: z.string().nullish(),
  testResult: z.string(),
  expiryDate: z.string().nullish(),
  // A string in DVSA's document; a number is read too.
  odometerValue: z.union([z.string(), z.number()]).nullish(),
  odometerUnit: z.string().nullish(),
  odometerResultType: z.string().nullish(),
  motTestNumber: z.string().nullish(),
  // DVA NI tests have none.
  defects: z.array(defectSchema).nullish(),
});

const recordSchema = z.looseObject({
  make: z.string().nullish(),
  model: z.string().nullish(),
  fuelType: z.string().nullish(),
  engineSize: z.union([z.string(), z.number()]).nullish(),
  hasOutstandingRecall: z.string().nullish(),
  motTestDueDate: z.string().nullish(),
  motTests: z.array(testSchema).optional(),
});

type DvsaTest = z.infer<typeof testSchema>;

/** The vehicle's MOT history, tests newest first; throws ProviderError when the record cannot be read. */
export function toMotHistory(vehicle: MotVehicle): MotHistory {
  const record = recordSchema.safeParse(vehicle);
  if (!record.success) throw new ProviderError('DVSA', 'failed', 'unreadable MOT history');
  const { make, model, fuelType, engineSize, hasOutstandingRecall, motTestDueDate, motTests = [] } = record.data;
  return {
    make: make ?? null,
    model: model ?? null,
    fuelType: fuelType ?? null,
    engineSize: engineSize === null || engineSize === undefined ? null : String(engineSize),
    motTests: motTests.map(toMotTest).sort(newestFirst),
    motTestDueDate: motTests.length === 0 ? (motTestDueDate ?? null) : null,
    hasOutstandingRecall: hasOutstandingRecall ?? null,
  };
}

function toMotTest(test: DvsaTest): MotTest {
  const defects = (test.defects ?? []).map(toDefect);
  return {
    testResult: test.testResult.toUpperCase(),
    completedDate: test.completedDate ?? null,
    odometerValue: odometerValue(test.odometerValue),
    odometerUnit: odometerUnit(test.odometerUnit),
    odometerResultType: test.odometerResultType ?? null,
    expiryDate: test.expiryDate ?? null,
    motTestNumber: test.motTestNumber ?? null,
    defects,
    rfrAndComments: defects.map(({ text }) => ({ text })),
  };
}

function toDefect(defect: z.infer<typeof defectSchema>): MotDefect {
  const type = defect.type?.trim().toUpperCase() || 'NON SPECIFIC';
  return { text: defect.text?.trim() ?? '', type, dangerous: defect.dangerous ?? type === 'DANGEROUS' };
}

/** DVSA sends the reading as a string ("74210"); anything but whole digits is no reading. */
function odometerValue(value: string | number | null | undefined): number | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** `MI`/`KM` (the retired API's `mi`/`km` too) as `mi`/`km`. */
function odometerUnit(unit: string | null | undefined): 'mi' | 'km' | null {
  const lower = unit?.trim().toLowerCase();
  return lower === 'mi' || lower === 'km' ? lower : null;
}

/** By completion time, newest first; a test without a date (some heavy-vehicle tests) last. */
function newestFirst(a: MotTest, b: MotTest): number {
  const time = (test: MotTest) => (test.completedDate ? Date.parse(test.completedDate) : Number.NaN);
  const [ta, tb] = [time(a), time(b)];
  if (Number.isNaN(ta) || Number.isNaN(tb)) return Number.isNaN(ta) ? (Number.isNaN(tb) ? 0 : 1) : -1;
  return tb - ta;
}
