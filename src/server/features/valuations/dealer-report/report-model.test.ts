import { describe, expect, it } from 'vitest';
import type { MotTest } from '~/shared/vehicle-info';
import { buildReportModel, mileageWarning, plateText, postcodeDistrict, type ValuationRow } from './report-model';

/** The report's words (what a dealer is told), without drawing a PDF. */

const valuation = {
  id: '3f2a9c1b-5d4e-4a1b-9c8d-7e6f5a4b3c2d',
  reference: 'CB-7K3-9QX',
  registration: 'W123ABC',
  mileage: 45_000,
  make: null,
  model: null,
  year: null,
  fuelType: null,
  engineSize: null,
  color: null,
  overallCondition: 'fair',
  scuffedWheels: -1,
  tyresNeedReplacing: 2,
  cambeltChanged: 'not_sure',
  cambeltDate: null,
  serviceHistory: 'partial',
  mechanicalIssues: 'yes',
  mechanicalDetails: '  Clutch slips.  ',
  outstandingFinance: 'yes',
  financeAmountPence: 425_000,
  firstName: 'Jo',
  lastName: 'Seller',
  postcode: 'SW1A 1AA',
  email: 'jo@example.com',
  phone: '07911 123456',
  createdAt: new Date('2026-02-28T16:42:00Z'),
} as ValuationRow;
const site = { tradingName: 'CarBuy Direct', address: { lines: ['Louth'], postcode: 'LN11 0LQ' } };
const model = (includeContactDetails: boolean) =>
  buildReportModel({
    valuation,
    live: { state: 'unavailable', reason: 'Not configured.' },
    site,
    now: new Date('2026-07-01T08:05:00Z'),
    includeContactDetails,
  });

const motTest = (miles: number | null, unit: 'mi' | 'km' = 'mi', type = 'READ'): MotTest => ({
  testResult: 'PASSED',
  completedDate: '2025-09-10T10:00:00.000Z',
  odometerValue: miles,
  odometerUnit: miles === null ? null : unit,
  odometerResultType: type,
  expiryDate: '2026-09-14',
  motTestNumber: null,
  defects: [],
  rfrAndComments: [],
});

describe('the dealer report model', () => {
  it('gives the plate, reference and date in UK time', () => {
    const m = model(false);
    expect([plateText('AB12CDE'), plateText('W123ABC'), m.reference, m.date]).toEqual([
      'AB12 CDE',
      'W123ABC',
      'CB-7K3-9QX',
      '1 July 2026, 09:05',
    ]);
    expect(m.vehicle.title).toBe('Vehicle details pending');
  });

  it('names the car as the back office does, whether DVLA wrote it in capitals or the seller typed it', () => {
    const titled = (make: string | null, model: string | null) =>
      buildReportModel({
        valuation: { ...valuation, make, model, year: 2019 },
        live: { state: 'unavailable', reason: 'Not configured.' },
        site,
        now: new Date('2026-07-01T08:05:00Z'),
        includeContactDetails: false,
      }).vehicle;
    const ford = titled('FORD', 'FOCUS');
    expect(ford.title).toBe('Ford Focus 2019');
    expect(ford.rows.slice(0, 2)).toEqual([
      { label: 'Make', value: 'Ford' },
      { label: 'Model', value: 'Focus' },
    ]);
    expect(titled('bmw', 'x1').title).toBe('BMW X1 2019');
  });

  it('withholds the seller unless asked, leaving the postcode district', () => {
    expect(postcodeDistrict('SW1A 1AA')).toBe('SW1A');
    expect(model(false).seller).toEqual({
      rows: [{ label: 'Location', value: 'SW1A (postcode district)' }],
      withheld: true,
    });
    expect(JSON.stringify(model(false))).not.toMatch(/Jo Seller|jo@example|07911|SW1A 1AA/);
    expect(model(true).seller.rows.map((r) => r.value)).toEqual([
      'Jo Seller',
      'jo@example.com',
      '07911 123456',
      'SW1A 1AA',
    ]);
  });

  it('words the answers as the wizard does, with the finance amount and the details trimmed', () => {
    const m = model(false);
    expect(m.condition.rows.map((r) => r.value)).toEqual([
      'Fair Condition',
      'Not sure / not near the car',
      '2',
      'Not sure / does not have cambelt',
      'Partial',
      'Yes',
    ]);
    expect(m.condition.mechanicalDetails).toBe('Clutch slips.');
    expect(m.finance).toEqual([
      { label: 'Outstanding finance', value: 'Yes' },
      { label: 'Amount outstanding', value: '£4,250' },
    ]);
  });

  it('says plainly when the live check is unavailable', () => {
    const m = model(false);
    expect(m.dvla.note).toContain('Live DVLA check not available: Not configured.');
    expect(m.mot).toMatchObject({ rows: [], note: 'MOT history not available: Not configured.' });
  });

  it('takes the MOT status and expiry from the MOT history when DVLA holds none, and says so', () => {
    const history = { make: 'FORD', model: 'FOCUS', fuelType: 'Petrol', engineSize: '2000' };
    const m = buildReportModel({
      valuation,
      live: {
        state: 'found',
        result: {
          success: true,
          registration: 'W123ABC',
          vesData: {
            make: 'FORD',
            fuelType: 'PETROL',
            engineCapacity: 2000,
            taxStatus: 'Taxed',
            taxDueDate: '2027-03-01',
            motStatus: 'No details held by DVLA',
            motExpiryDate: null,
            dateOfLastV5CIssued: null,
            co2Emissions: null,
            yearOfManufacture: 2019,
            colour: 'RED',
            markedForExport: false,
          },
          vesDataError: null,
          motHistory: { ...history, motTests: [motTest(48_210)], motTestDueDate: null, hasOutstandingRecall: 'No' },
          motHistoryError: null,
        },
      },
      site,
      now: new Date('2026-07-01T08:05:00Z'),
      includeContactDetails: false,
    });
    const row = (label: string) => m.dvla.rows.find((r) => r.label === label)?.value;
    expect(row('MOT status')).toBe('Valid, from DVSA’s MOT history');
    expect(row('MOT expiry')).toBe('14 September 2026, from DVSA’s MOT history');
  });

  it('warns when the seller’s mileage is below the last readable MOT odometer, in miles', () => {
    expect(mileageWarning(45_000, [motTest(48_210)])).toContain('(48,210 miles on 10 September 2025)');
    expect(mileageWarning(48_210, [motTest(48_210)])).toBeNull();
    // Rounded down (49,709.7), so a conversion never invents a discrepancy.
    expect(mileageWarning(45_000, [motTest(80_000, 'km')])).toContain('49,709 miles');
    expect(mileageWarning(45_000, [motTest(null, 'mi', 'UNREADABLE'), motTest(40_000)])).toBeNull();
    expect(mileageWarning(45_000, [])).toBeNull();
  });
});
