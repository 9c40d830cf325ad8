import type { carValuations } from '~/server/db/schema';
import { formatPounds } from '~/shared/valuation-offer';
import { valuationOptions } from '~/shared/valuation-options';
import { addressAsOneLine, type SiteConfig } from '~/shared/site-config';
import { currentMotStatus, FROM_MOT_HISTORY, motStatusText } from '~/shared/mot-status';
import { mileageBelowLastMot } from '~/shared/plausibility';
import { ukDate as isoUkDate } from '~/shared/promotion';
import type { MotTest, VehicleInfoResult, VesData } from '~/shared/vehicle-info';
import { makeAndModel, makeName, modelName } from '~/shared/vehicle-names';

/**
 * What the dealer report says, as plain data (no pdfkit here): render-pdf.ts lays it out, and
 * tests read it to check what a dealer is told. The seller's name, e-mail, phone and full
 * postcode are in it only when staff ticked "include contact details"; otherwise the postcode
 * district alone (enough to judge collection distance) and a line saying the rest is withheld.
 */

export type ValuationRow = typeof carValuations.$inferSelect;

/** The live DVLA/DVSA check's outcome, or why there is none. */
export type LiveVehicleInfo = { state: 'found'; result: VehicleInfoResult } | { state: 'unavailable'; reason: string };

export type Row = { label: string; value: string };

export type MotRow = {
  date: string;
  result: 'PASSED' | 'FAILED' | string;
  odometer: string;
  expiry: string;
  defects: { dangerous: number; major: number; minor: number; advisory: number };
};

export type DealerReportModel = {
  business: { tradingName: string; lines: string[] };
  title: string;
  /** The valuation's reference ("CB-7K3-9QX"), the one staff search by (issue 31). */
  reference: string;
  /** "2 March 2026, 09:00", UK time. */
  date: string;
  vehicle: { registration: string; title: string; rows: Row[] };
  dvla: { rows: Row[]; note: string | null };
  mot: { rows: MotRow[]; note: string | null; mileageWarning: string | null; recall: string | null };
  condition: { rows: Row[]; mechanicalDetails: string | null };
  finance: Row[];
  seller: { rows: Row[]; withheld: boolean };
  footer: string;
};

export type ReportInput = {
  valuation: ValuationRow;
  live: LiveVehicleInfo;
  site: Pick<SiteConfig, 'tradingName' | 'companyName' | 'address' | 'phone' | 'email'>;
  now: Date;
  includeContactDetails: boolean;
};

/** How many MOT tests the report lists (newest first). */
export const MOT_TESTS_SHOWN = 5;
/** What a field with no answer says; the layout shows it quieter than an answer. */
export const NOT_GIVEN = 'Not given';
const ukDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'long' });
const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const ukShortDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const number = new Intl.NumberFormat('en-GB');

/** "AB12CDE" → "AB12 CDE" for current-style plates; others as stored. */
export function plateText(registration: string): string {
  return /^[A-Z]{2}\d{2}[A-Z]{3}$/.test(registration)
    ? `${registration.slice(0, 4)} ${registration.slice(4)}`
    : registration;
}

/** "Ford Focus 2019" (as the back office writes the car), or "Vehicle details pending" when nothing is known but the plate. */
export function vehicleTitle(v: Pick<ValuationRow, 'make' | 'model' | 'year'>): string {
  const parts = [makeAndModel(v), v.year].filter((part) => part !== null && part !== '');
  return parts.length > 0 ? parts.join(' ') : 'Vehicle details pending';
}

/** The outward code of a postcode ("LN11 0LQ" → "LN11"). */
export function postcodeDistrict(postcode: string): string {
  return postcode.trim().split(/\s+/)[0] ?? postcode;
}

/** A YYYY-MM-DD or ISO date-time as "2 March 2026". */
function dateText(value: string | null | undefined, format = ukDate): string {
  if (!value) return NOT_GIVEN;
  const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

/** DVLA's "PETROL" and "RED" as "Petrol" and "Red"; DVSA's spelling already is. */
function wordText(value: string | null | undefined): string {
  if (!value) return NOT_GIVEN;
  return value === value.toUpperCase() ? value.charAt(0) + value.slice(1).toLowerCase() : value;
}

function labelOf<V>(options: readonly { value: V; label: string }[], value: V | null): string {
  if (value === null || value === undefined) return NOT_GIVEN;
  return options.find((o) => o.value === value)?.label ?? String(value);
}

const textOr = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? NOT_GIVEN : String(value);

/** A make or model as the back office writes it (vehicle-names.ts), or "Not given". */
const nameOr = (name: (value: string) => string, value: string | null | undefined) => textOr(value && name(value));

function engineText(engineSize: string | null, fromDvla: number | null | undefined): string {
  if (engineSize) return /^\d+$/.test(engineSize) ? `${number.format(Number(engineSize))} cc` : engineSize;
  return fromDvla ? `${number.format(fromDvla)} cc` : NOT_GIVEN;
}

export function buildReportModel(input: ReportInput): DealerReportModel {
  const { valuation: v, site } = input;
  const ves = input.live.state === 'found' ? input.live.result.vesData : null;
  return {
    business: { tradingName: site.tradingName, lines: businessLines(site) },
    title: 'Vehicle report',
    reference: v.reference,
    date: ukDateTime.format(input.now).replace(' at ', ', '),
    vehicle: {
      registration: plateText(v.registration),
      title: vehicleTitle(v),
      rows: [
        { label: 'Make', value: nameOr(makeName, v.make ?? ves?.make) },
        { label: 'Model', value: nameOr(modelName, v.model) },
        { label: 'Year', value: textOr(v.year ?? ves?.yearOfManufacture) },
        { label: 'Colour', value: wordText(v.color ?? ves?.colour) },
        { label: 'Fuel', value: wordText(v.fuelType ?? ves?.fuelType) },
        { label: 'Engine size', value: engineText(v.engineSize, ves?.engineCapacity) },
        { label: 'Mileage (seller)', value: `${number.format(v.mileage)} miles` },
        { label: 'Submitted', value: ukDateTime.format(v.createdAt).replace(' at ', ', ') },
      ],
    },
    dvla: dvlaSection(v, input.live, input.now),
    mot: motSection(v, input.live),
    condition: {
      rows: [
        { label: 'Overall condition', value: labelOf(valuationOptions.overallCondition, v.overallCondition) },
        { label: 'Scuffed wheels', value: labelOf(valuationOptions.scuffedWheels, v.scuffedWheels) },
        {
          label: 'Tyres needing replacement',
          value: labelOf(valuationOptions.tyresNeedReplacing, v.tyresNeedReplacing),
        },
        {
          label: 'Cambelt changed',
          value: [labelOf(valuationOptions.cambeltChanged, v.cambeltChanged), v.cambeltDate].filter(Boolean).join(', '),
        },
        { label: 'Service history', value: labelOf(valuationOptions.serviceHistory, v.serviceHistory) },
        { label: 'Mechanical issues', value: labelOf(valuationOptions.mechanicalIssues, v.mechanicalIssues) },
      ],
      mechanicalDetails: v.mechanicalDetails?.trim() || null,
    },
    finance: [
      { label: 'Outstanding finance', value: labelOf(valuationOptions.outstandingFinance, v.outstandingFinance) },
      ...(v.outstandingFinance === 'yes'
        ? [
            {
              label: 'Amount outstanding',
              value: v.financeAmountPence === null ? NOT_GIVEN : formatPounds(v.financeAmountPence),
            },
          ]
        : []),
    ],
    seller: sellerSection(v, input.includeContactDetails),
    footer: `Confidential: prepared by ${site.tradingName} for the dealer it was sent to. Please do not pass it on.`,
  };
}

function businessLines(site: ReportInput['site']): string[] {
  const contact = [site.phone?.display, site.email].filter(Boolean).join('  ·  ');
  return [site.companyName, addressAsOneLine(site), contact].filter((line): line is string => Boolean(line));
}

/** The MOT status the report states: DVLA's, or the MOT history's when DVLA holds none (and says so). */
function motRows(v: ValuationRow, ves: VesData | null, tests: MotTest[] | undefined, now: Date): Row[] {
  const mot = currentMotStatus(ves ?? v, tests, isoUkDate(now));
  const source = mot?.fromHistory ? `, ${FROM_MOT_HISTORY}` : '';
  return [
    { label: 'MOT status', value: mot ? motStatusText(mot) : NOT_GIVEN },
    { label: 'MOT expiry', value: mot?.expiryDate ? `${dateText(mot.expiryDate)}${source}` : NOT_GIVEN },
  ];
}

function dvlaSection(v: ValuationRow, live: LiveVehicleInfo, now: Date): DealerReportModel['dvla'] {
  const ves = live.state === 'found' ? live.result.vesData : null;
  const tests = live.state === 'found' ? live.result.motHistory?.motTests : undefined;
  const exportText = (marked: boolean | null | undefined) =>
    marked === null || marked === undefined ? NOT_GIVEN : marked ? 'Yes: marked for export' : 'No';
  // The live record where there is one (it is today's); what was stored at submission otherwise.
  const co2 = ves?.co2Emissions ?? v.co2Emissions ?? null;
  const rows: Row[] = [
    { label: 'Tax status', value: textOr(ves?.taxStatus ?? v.taxStatus) },
    { label: 'Tax due', value: dateText(ves?.taxDueDate ?? v.taxDueDate) },
    ...motRows(v, ves, tests, now),
    { label: 'CO2 emissions', value: co2 === null ? NOT_GIVEN : `${co2} g/km` },
    { label: 'Last V5C issued', value: dateText(ves?.dateOfLastV5CIssued ?? v.dateOfLastV5CIssued) },
    { label: 'Export marker', value: exportText(ves?.markedForExport ?? v.markedForExport) },
  ];
  let note: string | null;
  if (live.state === 'unavailable')
    note = `Live DVLA check not available: ${live.reason} Figures are as recorded when the seller submitted.`;
  else if (!ves)
    note = `${live.result.vesDataError ?? 'DVLA gave no record.'} Figures are as recorded when the seller submitted.`;
  else note = 'Checked with the DVLA Vehicle Enquiry Service when this report was made.';
  return { rows, note };
}

function defectCounts(test: MotTest): MotRow['defects'] {
  const count = (type: string) => test.defects.filter((d) => d.type === type).length;
  return { dangerous: count('DANGEROUS'), major: count('MAJOR'), minor: count('MINOR'), advisory: count('ADVISORY') };
}

function odometerText(test: MotTest): string {
  if (test.odometerValue === null) return test.odometerResultType === 'UNREADABLE' ? 'Unreadable' : 'Not recorded';
  return `${number.format(test.odometerValue)} ${test.odometerUnit ?? 'mi'}`;
}

function motSection(v: ValuationRow, live: LiveVehicleInfo): DealerReportModel['mot'] {
  if (live.state === 'unavailable') {
    return { rows: [], note: `MOT history not available: ${live.reason}`, mileageWarning: null, recall: null };
  }
  const history = live.result.motHistory;
  if (!history) {
    return {
      rows: [],
      note: live.result.motHistoryError ?? 'DVSA gave no MOT history.',
      mileageWarning: null,
      recall: null,
    };
  }
  const tests = history.motTests.slice(0, MOT_TESTS_SHOWN);
  const rows = tests.map((test) => ({
    date: dateText(test.completedDate, ukShortDate),
    result: test.testResult,
    odometer: odometerText(test),
    expiry: test.expiryDate ? dateText(test.expiryDate, ukShortDate) : '–',
    defects: defectCounts(test),
  }));
  const more = history.motTests.length - tests.length;
  const note =
    history.motTests.length === 0
      ? `No MOT History Available${history.motTestDueDate ? `: first MOT due ${dateText(history.motTestDueDate)}` : ''}.`
      : `From the DVSA MOT history, newest first${more > 0 ? `; ${more} older test${more === 1 ? '' : 's'} not shown` : ''}.`;
  return {
    rows,
    note,
    mileageWarning: mileageWarning(v.mileage, history.motTests),
    recall:
      history.hasOutstandingRecall === 'Yes' ? 'DVSA records an outstanding safety recall on this vehicle.' : null,
  };
}

/**
 * A warning when the seller's mileage is below the last MOT's odometer reading (in miles), read as
 * the plausibility checks and the DVLA tab read it (~/shared/plausibility).
 */
export function mileageWarning(mileage: number, tests: readonly MotTest[]): string | null {
  const last = mileageBelowLastMot(mileage, tests);
  if (!last) return null;
  return `The seller's mileage (${number.format(mileage)} miles) is below the last MOT odometer reading (${number.format(last.miles)} miles on ${dateText(last.completedDate)}).`;
}

function sellerSection(v: ValuationRow, include: boolean): DealerReportModel['seller'] {
  if (!include) {
    return {
      rows: [{ label: 'Location', value: `${postcodeDistrict(v.postcode)} (postcode district)` }],
      withheld: true,
    };
  }
  return {
    rows: [
      { label: 'Name', value: `${v.firstName} ${v.lastName}` },
      { label: 'E-mail', value: v.email },
      { label: 'Phone', value: v.phone },
      { label: 'Postcode', value: v.postcode },
    ],
    withheld: false,
  };
}
