import { z } from 'zod';
import { groupDigits } from './group-digits';
import { ukDate } from './promotion';
import { stageLabels, type ValuationStage } from './valuation-lifecycle';
import type { MotTest } from './vehicle-info';

/**
 * Plausibility checks before an offer (issue 37): what in a request does not add up, or needs
 * asking about, before staff put a price on the car. Each flag explains itself in words staff can
 * act on: what was found, and why it matters to us as the buyer. The server works them out
 * (features/plausibility) for the request's page and for each row of the lists; the words and the
 * rules are here, pure, so both agree and the rules are tested without a database.
 *
 * Dates are UK days ('YYYY-MM-DD', Europe/London) of the app's clock, never the machine's.
 */

/** "MOT due soon": it runs out in fewer than this many days (on the 14th day ahead it is not yet due). */
export const MOT_DUE_SOON_DAYS = 14;
/** "New logbook": the V5C was issued fewer than this many days before the request came in. */
export const V5C_RECENT_DAYS = 30;
/** Other requests linked from one flag; past it the flag says "more than". */
export const PLAUSIBILITY_LINKS_SHOWN = 5;
/** 1 mile in kilometres. */
export const KM_PER_MILE = 1.609344;

export const plausibilityKinds = [
  'mileage_below_mot',
  'mot_expired',
  'mot_due_soon',
  'marked_for_export',
  'v5c_recent',
  'finance_without_settlement',
  'registration_seen_before',
  'contact_on_open_requests',
] as const;
export type PlausibilityKind = (typeof plausibilityKinds)[number];

/** The checks whose flags link to the other requests they are about (plausibilityFlags gives them `links`). */
export const linkingPlausibilityKinds: ReadonlySet<PlausibilityKind> = new Set<PlausibilityKind>([
  'registration_seen_before',
  'contact_on_open_requests',
]);

/** Short labels: the list's icons' names and the card's headings. */
export const plausibilityLabels: Record<PlausibilityKind, string> = {
  mileage_below_mot: 'Mileage below last MOT',
  mot_expired: 'MOT expired',
  mot_due_soon: 'MOT due soon',
  marked_for_export: 'Marked for export',
  v5c_recent: 'New logbook (V5C)',
  finance_without_settlement: 'Finance, no settlement figure',
  registration_seen_before: 'Submitted before',
  contact_on_open_requests: 'Seller has other open requests',
};

export const plausibilitySeverities = ['warning', 'info'] as const;
export type PlausibilitySeverity = (typeof plausibilitySeverities)[number];

/** Another request a flag points to. */
export const plausibilityLinkSchema = z.object({
  id: z.uuid(),
  /** "CB-7K3-9QX". */
  reference: z.string(),
  /** What it is to this one: "received 3 March 2026, Offer made, same phone number". */
  label: z.string(),
});
export type PlausibilityLink = z.infer<typeof plausibilityLinkSchema>;

export const plausibilityFlagSchema = z.object({
  kind: z.enum(plausibilityKinds),
  /** `warning`: something that can change the price or the purchase; `info`: worth a look. */
  severity: z.enum(plausibilitySeverities),
  /** What was found and why it matters, in a sentence or two. */
  message: z.string(),
  /** The other requests it is about, newest first (the two "other requests" checks only). */
  links: z.array(plausibilityLinkSchema).optional(),
});
export type PlausibilityFlag = z.infer<typeof plausibilityFlagSchema>;

/** GET /api/admin/valuations/:id/flags: one request's flags with their links, for a list row's popover. */
export const valuationFlagsSchema = z.object({ flags: z.array(plausibilityFlagSchema) });
export type ValuationFlags = z.infer<typeof valuationFlagsSchema>;

/** The checks that can go unmade for want of data; the request's page says which and why. */
export const plausibilityUncheckedSchema = z.object({
  check: z.enum(['mileage', 'mot', 'export', 'v5c']),
  message: z.string(),
});
export type PlausibilityUnchecked = z.infer<typeof plausibilityUncheckedSchema>;

// ---------------------------------------------------------------------------------------------
// The last MOT's odometer reading
// ---------------------------------------------------------------------------------------------

export type MotReading = {
  /** As the tester read it, in its own unit. */
  value: number;
  unit: 'mi' | 'km';
  /** The same reading in whole miles (rounded down, so a conversion never invents a discrepancy). */
  miles: number;
  /** When the test was completed (ISO date-time). */
  completedDate: string | null;
};

type OdometerTest = Pick<MotTest, 'completedDate' | 'odometerValue' | 'odometerUnit' | 'odometerResultType'>;

/** The newest MOT test whose odometer was read, in miles; undefined when no test has a reading. */
export function lastMotReading(tests: readonly OdometerTest[]): MotReading | undefined {
  const read = tests.filter(
    (test) =>
      test.odometerValue !== null &&
      test.odometerUnit !== null &&
      (test.odometerResultType === null || test.odometerResultType.toUpperCase() === 'READ'),
  );
  // DVSA lists newest first; sort anyway, as a wrong order here would compare the wrong reading.
  const newest = [...read].sort((a, b) => (b.completedDate ?? '').localeCompare(a.completedDate ?? ''))[0];
  if (!newest) return undefined;
  const value = newest.odometerValue!;
  const unit = newest.odometerUnit!;
  return {
    value,
    unit,
    miles: unit === 'km' ? Math.floor(value / KM_PER_MILE) : value,
    completedDate: newest.completedDate,
  };
}

/**
 * The last MOT reading when the seller's mileage is below it: an odometer only goes up, so the
 * seller mistyped, or the car's mileage needs checking. Undefined when it is not below (or unknown).
 */
export function mileageBelowLastMot(sellerMiles: number, tests: readonly OdometerTest[]): MotReading | undefined {
  const reading = lastMotReading(tests);
  return reading && sellerMiles < reading.miles ? reading : undefined;
}

/** "48,210 miles" or "77,600 km (48,218 miles)". */
export function formatReading(reading: Pick<MotReading, 'value' | 'unit' | 'miles'>): string {
  if (reading.unit === 'mi') return `${groupDigits(reading.value)} miles`;
  return `${groupDigits(reading.value)} km (${groupDigits(reading.miles)} miles)`;
}

/** What a request keeps of its last MOT reading (car_valuations.mot_last_*): miles and the test's UK day. */
export function storedMotReading(
  tests: readonly OdometerTest[],
): { miles: number; testedOn: string | null } | undefined {
  const reading = lastMotReading(tests);
  if (!reading) return undefined;
  const completed = reading.completedDate ? new Date(reading.completedDate) : undefined;
  const testedOn = completed && !Number.isNaN(completed.getTime()) ? ukDate(completed) : null;
  return { miles: reading.miles, testedOn };
}

// ---------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------

/** What the checks read of the request itself. */
export type PlausibilityFacts = {
  registration: string;
  mileage: number;
  createdAt: Date;
  /** 'YYYY-MM-DD' from DVLA (or DVSA's history) when the request came in. */
  motExpiryDate: string | null;
  motStatus: string | null;
  markedForExport: boolean | null;
  dateOfLastV5CIssued: string | null;
  outstandingFinance: string | null;
  /** Staff's confirmed settlement figure (issue 36); null until confirmed. */
  settlementPence: number | null;
  motLastOdometerMiles: number | null;
  motLastTestOn: string | null;
};

/** Another request that shares something with this one. */
export type RelatedRequest = {
  id: string;
  reference: string;
  createdAt: Date;
  status: ValuationStage;
  isArchived: boolean;
  samePhone: boolean;
  sameEmail: boolean;
};

/**
 * The other requests, as the server finds them: up to PLAUSIBILITY_LINKS_SHOWN + 1 of each kind
 * (one more than shown tells "more than"), in any order.
 */
export type RelatedRequests = {
  /** Earlier requests for the same registration, in any stage, archived or not. */
  earlier: RelatedRequest[];
  /** Other open (not archived, not completed or lost) requests with the same phone number or e-mail. */
  sameContact: RelatedRequest[];
};

/**
 * What the list's rows know of the other requests: how many were found (up to
 * PLAUSIBILITY_LINKS_SHOWN + 1 of each kind) and how they match, but not which they are. A list row
 * words its flags from this; the links come when staff open them (GET /api/admin/valuations/:id/flags)
 * and on the request's page, which read the requests themselves.
 */
export type RelatedSummary = {
  earlier: { found: number; otherSeller: boolean };
  sameContact: { found: number; phone: boolean; email: boolean };
};

/** The summary of requests found, as a list row's statement counts it in SQL. */
export function summariseRelated(related: RelatedRequests): RelatedSummary {
  const contact = related.sameContact;
  return {
    earlier: {
      found: related.earlier.length,
      otherSeller: related.earlier.some((r) => !r.samePhone && !r.sameEmail),
    },
    sameContact: {
      found: contact.length,
      phone: contact.some((r) => r.samePhone),
      email: contact.some((r) => r.sameEmail),
    },
  };
}

const isSummary = (related: RelatedRequests | RelatedSummary): related is RelatedSummary =>
  !Array.isArray(related.earlier);

const DAY_MS = 86_400_000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/**
 * "2026-03-03" → "3 March 2026", as ./promotion's formatUkDate writes it, without building an
 * Intl formatter each time: a list's page writes up to a couple of hundred of these.
 */
function formatUkDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month! - 1]} ${year}`;
}

/** Whole days from one UK day to another ('YYYY-MM-DD'); negative when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** DVLA's own words for an MOT that has run out, when it gives no date. */
const MOT_NOT_VALID = /^not valid/i;

/**
 * Every flag the request raises, in the order of plausibilityKinds. Given the other requests
 * themselves, the two "other requests" flags link to them; given only their summary (a list's
 * row), the same words without the links.
 */
export function plausibilityFlags(
  facts: PlausibilityFacts,
  related: RelatedRequests | RelatedSummary,
  now: Date,
): PlausibilityFlag[] {
  const today = ukDate(now);
  const requests = isSummary(related) ? undefined : related;
  const summary = isSummary(related) ? related : summariseRelated(related);
  const flags: PlausibilityFlag[] = [];

  if (facts.motLastOdometerMiles !== null) {
    const mileage = mileageFlag(facts.mileage, { miles: facts.motLastOdometerMiles, testedOn: facts.motLastTestOn });
    if (mileage) flags.push(mileage);
  }

  if (isDay(facts.motExpiryDate)) {
    const left = daysBetween(today, facts.motExpiryDate);
    const on = formatUkDate(facts.motExpiryDate);
    if (left < 0) {
      flags.push({
        kind: 'mot_expired',
        severity: 'warning',
        message:
          `The MOT ran out on ${on} (${plural(-left, 'day')} ago). Without one the car may only be driven to a ` +
          'booked test: allow for the test, any repairs it finds, and how we collect the car.',
      });
    } else if (left < MOT_DUE_SOON_DAYS) {
      const when = left === 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${plural(left, 'day')}`;
      flags.push({
        kind: 'mot_due_soon',
        severity: 'info',
        message:
          `The MOT runs out on ${on}, ${when}. Allow for the test and any repairs it finds, or collect ` +
          'the car before then.',
      });
    }
  } else if (facts.motStatus && MOT_NOT_VALID.test(facts.motStatus)) {
    flags.push({
      kind: 'mot_expired',
      severity: 'warning',
      message:
        `DVLA gave the MOT as “${facts.motStatus}” with no expiry date. Without one the car may only be driven ` +
        'to a booked test: allow for the test, any repairs it finds, and how we collect the car.',
    });
  }

  if (facts.markedForExport === true) {
    flags.push({
      kind: 'marked_for_export',
      severity: 'warning',
      message:
        'DVLA’s record marks this car for export. A car marked for export is meant to leave the UK, and ' +
        'the seller may not be its keeper: ask why before making an offer.',
    });
  }

  if (isDay(facts.dateOfLastV5CIssued)) {
    const requestedOn = ukDate(facts.createdAt);
    const before = daysBetween(facts.dateOfLastV5CIssued, requestedOn);
    if (before >= 0 && before < V5C_RECENT_DAYS) {
      const gap = before === 0 ? 'the day this request came in' : `${plural(before, 'day')} before this request`;
      flags.push({
        kind: 'v5c_recent',
        severity: 'warning',
        message:
          `The logbook (V5C) was issued on ${formatUkDate(facts.dateOfLastV5CIssued)}, ${gap}. A new logbook ` +
          'just before a sale can mean a new keeper or a replaced document: check that the V5C and the ' +
          'seller’s identity match before making an offer.',
      });
    }
  }

  if (facts.outstandingFinance === 'yes' && facts.settlementPence === null) {
    flags.push({
      kind: 'finance_without_settlement',
      severity: 'warning',
      message:
        'The seller declared outstanding finance, and no settlement figure has been confirmed. The finance ' +
        'is paid off from our price: get the lender’s settlement letter before making an offer.',
    });
  }

  if (summary.earlier.found > 0) {
    const { otherSeller } = summary.earlier;
    const count = countText(summary.earlier.found, 'earlier request');
    flags.push({
      kind: 'registration_seen_before',
      severity: otherSeller ? 'warning' : 'info',
      message: otherSeller
        ? `This car (${plate(facts.registration)}) was submitted before, in ${count}, at least one from another ` +
          'phone number and e-mail address. A car offered by two people needs its keeper checked before we make an offer.'
        : `This car (${plate(facts.registration)}) was submitted before by the same seller, in ${count}. See how ` +
          'those ended (a declined offer, an offer that ran out) before making another.',
      ...(requests && {
        links: newestFirst(requests.earlier)
          .slice(0, PLAUSIBILITY_LINKS_SHOWN)
          .map((r) => link(r, r.samePhone || r.sameEmail ? 'same seller' : 'another seller')),
      }),
    });
  }

  if (summary.sameContact.found > 0) {
    const { phone, email } = summary.sameContact;
    const what = phone && email ? 'phone number or e-mail address' : phone ? 'phone number' : 'e-mail address';
    flags.push({
      kind: 'contact_on_open_requests',
      severity: 'info',
      message:
        `The same ${what} is on ${countText(summary.sameContact.found, 'other open request')}. Several cars from ` +
        'one seller can mean a trader selling as a private seller: ask, and answer the requests together.',
      ...(requests && {
        links: newestFirst(requests.sameContact)
          .slice(0, PLAUSIBILITY_LINKS_SHOWN)
          .map((r) => link(r, contactMatch(r))),
      }),
    });
  }
  return flags;
}

/**
 * The mileage flag when the declared mileage is below a reading: the one stored with the request,
 * or (`live`) the one in DVSA's history now, which the request's page checks when none was stored.
 */
export function mileageFlag(
  mileage: number,
  reading: { miles: number; testedOn: string | null },
  { live = false }: { live?: boolean } = {},
): PlausibilityFlag | undefined {
  if (mileage >= reading.miles) return undefined;
  const when = isDay(reading.testedOn) ? ` on ${formatUkDate(reading.testedOn)}` : '';
  const where = live ? ' in DVSA’s history' : '';
  return {
    kind: 'mileage_below_mot',
    severity: 'warning',
    message:
      `Declared mileage (${groupDigits(mileage)}) is lower than the last MOT reading${where} ` +
      `(${groupDigits(reading.miles)} miles${when}). Ask the seller before making an offer: ` +
      'it may be a typing slip, or the odometer may have been wound back or replaced.',
  };
}

/** The checks that could not be made for want of data, each saying why. */
export function plausibilityUnchecked(facts: PlausibilityFacts): PlausibilityUnchecked[] {
  const unchecked: PlausibilityUnchecked[] = [];
  if (facts.motLastOdometerMiles === null) {
    unchecked.push({
      check: 'mileage',
      message:
        'Mileage against the MOT: no MOT odometer reading was known when the request came in (the seller typed ' +
        'the car’s details, or DVSA had none). The DVLA tab shows the MOT history as DVSA has it now.',
    });
  }
  if (!isDay(facts.motExpiryDate) && !(facts.motStatus && MOT_NOT_VALID.test(facts.motStatus))) {
    unchecked.push({ check: 'mot', message: 'MOT expiry: no expiry date came with the request.' });
  }
  if (facts.markedForExport === null) {
    unchecked.push({ check: 'export', message: 'Export marker: DVLA’s answer did not come with the request.' });
  }
  if (!isDay(facts.dateOfLastV5CIssued)) {
    unchecked.push({ check: 'v5c', message: 'Logbook (V5C) date: none came with the request.' });
  }
  return unchecked;
}

/** "AB12CDE" → "AB12 CDE": a current-format registration spaced as on the plate (others as stored). */
const plate = (registration: string) => registration.replace(/^([A-Z]{2}\d{2})([A-Z]{3})$/, '$1 $2');

function newestFirst(requests: readonly RelatedRequest[]): RelatedRequest[] {
  return [...requests].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** "2 earlier requests", or "more than 5 earlier requests" when there were more than we looked at. */
function countText(found: number, what: string): string {
  return found > PLAUSIBILITY_LINKS_SHOWN ? `more than ${plural(PLAUSIBILITY_LINKS_SHOWN, what)}` : plural(found, what);
}

function contactMatch(r: RelatedRequest): string {
  if (r.samePhone && r.sameEmail) return 'same phone number and e-mail';
  return r.samePhone ? 'same phone number' : 'same e-mail address';
}

function link(r: RelatedRequest, match: string): PlausibilityLink {
  const stage = `${stageLabels[r.status]}${r.isArchived ? ', archived' : ''}`;
  return {
    id: r.id,
    reference: r.reference,
    label: `received ${formatUkDate(ukDate(r.createdAt))}, ${stage}, ${match}`,
  };
}
