import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carValuations } from '~/server/db/schema';
import { parsePhone, toE164 } from '~/shared/phone';
import { valuationRequestSchema } from '~/shared/valuation';
import { vehicleInfoResultSchema } from '~/shared/vehicle-info';
import { dvlaAppEnv, startFakeDvla, type FakeDvla } from '../../../../test/fakes/dvla/fake-dvla';
import { dvsaAppEnv, startFakeDvsa, type FakeDvsa } from '../../../../test/fakes/dvsa/fake-dvsa';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie } from '../../../../test/helpers/auth';
import { seedValuations } from './demo-valuations';

/**
 * Issue 31: what `npm run demo` seeds (300 requests over 45 days, seed 7) is data the product itself
 * would have taken from a seller, and the fake DVLA and DVSA the demo runs on know every car in it.
 */

const NOW = new Date('2026-11-24T12:00:00Z');
type Row = typeof carValuations.$inferSelect;

/** A stored request as the wizard would have sent it. */
const asRequest = (row: Row) => ({
  registration: row.registration,
  mileage: row.mileage,
  make: row.make,
  model: row.model,
  year: row.year,
  fuelType: row.fuelType,
  engineSize: row.engineSize,
  color: row.color,
  motStatus: row.motStatus,
  motExpiryDate: row.motExpiryDate,
  taxStatus: row.taxStatus,
  taxDueDate: row.taxDueDate,
  co2Emissions: row.co2Emissions,
  dateOfLastV5CIssued: row.dateOfLastV5CIssued,
  markedForExport: row.markedForExport,
  overallCondition: row.overallCondition,
  scuffedWheels: row.scuffedWheels,
  tyresNeedReplacing: row.tyresNeedReplacing,
  cambeltChanged: row.cambeltChanged,
  cambeltDate: row.cambeltDate,
  serviceHistory: row.serviceHistory,
  mechanicalIssues: row.mechanicalIssues,
  mechanicalDetails: row.mechanicalDetails,
  outstandingFinance: row.outstandingFinance,
  firstName: row.firstName,
  lastName: row.lastName,
  postcode: row.postcode,
  email: row.email,
  phone: row.phone,
  contactPreference: row.contactPreference,
  agreeToContact: row.agreeToContact,
  marketingConsent: row.marketingConsentAt !== null,
});

/** Ofcom's numbers for drama (geographic) that libphonenumber takes as real: nobody's line. */
const DRAMA_NUMBERS = /^(020 7946 0\d{3}|01(1[346-8]|[2-6]1) 496 0\d{3}|0191 498 0\d{3})$/;

let dvla: FakeDvla;
let dvsa: FakeDvsa;
let t: TestApp;
let rows: Row[];
let cookie: string;

beforeAll(async () => {
  [dvla, dvsa] = await Promise.all([startFakeDvla({ now: () => NOW }), startFakeDvsa({ now: () => NOW })]);
  const hasher = cheapHasher();
  t = await createTestApp('pglite', {
    env: { ...dvlaAppEnv(dvla), ...dvsaAppEnv(dvsa) },
    deps: { clock: () => NOW, passwordHasher: hasher, vehicleData: { perMinute: 100_000 } },
  });
  // As scripts/demo.mjs asks for them.
  await seedValuations(t.db.database, 300, { seed: 7, now: NOW, spanDays: 45 });
  rows = await t.db.database.db.select().from(carValuations);
  cookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: true }));
});
afterAll(async () => {
  await t?.close();
  await Promise.all([dvla?.close(), dvsa?.close()]);
});

describe("the demo's seeded requests", () => {
  it('each pass the valuation form’s own checks, stored as the product stores them', () => {
    expect(rows).toHaveLength(300);
    for (const row of rows) {
      const parsed = valuationRequestSchema.safeParse(asRequest(row));
      expect(parsed.error?.issues ?? [], `${row.registration} ${row.phone}`).toEqual([]);
      expect(parsed.data).toMatchObject({ registration: row.registration, postcode: row.postcode, email: row.email });
      expect(row.phoneE164).toBe(toE164(row.phone));
    }
  });

  it('reach nobody: drama-range landlines, asked for calls only, and reserved e-mail domains', () => {
    for (const row of rows) {
      expect(row.phone).toMatch(DRAMA_NUMBERS);
      expect(parsePhone(row.phone)?.valid, row.phone).toBe(true);
      // Landlines take no texts or WhatsApp messages.
      expect(row.contactPreference).toEqual(['call']);
      expect(row.email).toMatch(/@example\.(com|org|net)$/);
    }
  });

  it('name cars the fake DVLA and DVSA know, with the same make, model and year', async () => {
    const registrations = new Set(rows.map((row) => row.registration));
    expect(registrations.size).toBe(rows.length);
    for (const row of rows) {
      const response = await t.app.inject({ url: `/api/dvla-info/${row.registration}`, headers: { cookie } });
      expect(response.statusCode, `${row.registration}: ${response.body}`).toBe(200);
      const { vesData, motHistory } = vehicleInfoResultSchema.parse(response.json());
      expect(vesData?.make, row.registration).toBe(row.make);
      expect(vesData?.yearOfManufacture, row.registration).toBe(row.year);
      expect(motHistory?.model, row.registration).toBe(row.model);
      expect(motHistory?.make, row.registration).toBe(row.make);
    }
    expect(dvla.contractProblems).toEqual([]);
    expect(dvsa.contractProblems).toEqual([]);
  });
});
