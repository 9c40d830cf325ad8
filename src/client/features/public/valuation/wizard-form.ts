import type { z } from 'zod';
import type { ValuationRequestInput } from '~/shared/valuation';
import type { VehicleLookupResult } from '~/shared/vehicle-lookup';

/**
 * What the wizard's inputs hold: text as typed (numbers too, so "12,000" can be typed and
 * checked) and choices as '' until picked. `toRequest` turns it into the shared schema's input,
 * so the steps are checked by the same zod schemas the server uses (src/shared/valuation.ts).
 */
export type WizardValues = {
  registration: string;
  mileage: string;
  /** Typed by the seller only when the lookup is not configured or finds nothing. */
  make: string;
  model: string;
  year: string;
  overallCondition: string;
  scuffedWheels: string;
  tyresNeedReplacing: string;
  cambeltChanged: string;
  cambeltDate: string;
  serviceHistory: string;
  mechanicalIssues: string;
  mechanicalDetails: string;
  outstandingFinance: string;
  firstName: string;
  lastName: string;
  postcode: string;
  email: string;
  phone: string;
  contactPreference: string[];
  agreeToContact: boolean;
  /** The separate, optional marketing box: unticked until the seller ticks it. */
  marketingConsent: boolean;
};

export type WizardField = keyof WizardValues;

export const STEP_COUNT = 4;
export const stepTitles = ['Vehicle', 'Condition', 'Finance', 'Contact'] as const;

/** The fields of each step in page order: the first one with an error gets the focus. */
export const stepFields: readonly (readonly WizardField[])[] = [
  ['registration', 'mileage', 'make', 'model', 'year'],
  [
    'overallCondition',
    'scuffedWheels',
    'tyresNeedReplacing',
    'cambeltChanged',
    'cambeltDate',
    'serviceHistory',
    'mechanicalIssues',
    'mechanicalDetails',
  ],
  ['outstandingFinance'],
  ['firstName', 'lastName', 'postcode', 'email', 'phone', 'contactPreference', 'agreeToContact', 'marketingConsent'],
];

// --- The steps' schemas --------------------------------------------------------------------------

/** `load` once, kept; after a failure (offline, a new version deployed) the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * The shared schemas are not part of the page: zod alone is about 24 KB gzipped, and step 4's
 * phone check needs libphonenumber (about 29 KB more). The wizard fetches them in the background
 * at the seller's first touch or focus of the form (`prefetchStepSchemas`), long before Next asks for them:
 * ~/shared/valuation-fields for steps 1 to 3, ~/shared/valuation for step 4 and the answer.
 */
export const loadFieldSchemas = loadOnce(() => import('~/shared/valuation-fields'));
export const loadValuationSchemas = loadOnce(() => import('~/shared/valuation'));

/** Starts loading every step's schema; a failure is reported when a step is checked, not here. */
export function prefetchStepSchemas(): void {
  loadFieldSchemas().catch(() => {});
  loadValuationSchemas().catch(() => {});
}

/** The shared schema that checks step `step` (0-based), once loaded. */
export async function stepSchema(step: number): Promise<z.ZodType> {
  return step < STEP_COUNT - 1
    ? (await loadFieldSchemas()).fieldStepSchemas[step]!
    : (await loadValuationSchemas()).valuationStepSchemas[step]!;
}

export function emptyValues(registration = ''): WizardValues {
  return {
    registration,
    mileage: '',
    make: '',
    model: '',
    year: '',
    overallCondition: '',
    scuffedWheels: '',
    tyresNeedReplacing: '',
    cambeltChanged: '',
    cambeltDate: '',
    serviceHistory: '',
    mechanicalIssues: '',
    mechanicalDetails: '',
    outstandingFinance: '',
    firstName: '',
    lastName: '',
    postcode: '',
    email: '',
    phone: '',
    contactPreference: [],
    agreeToContact: false,
    marketingConsent: false,
  };
}

/**
 * "12,000" or "12 000" -> 12000; "-5" and "4500.5" stay numbers, so the schema can say what is
 * wrong with them; anything else ("abc", "12k") is NaN ("in numbers"); blank -> undefined ("required").
 */
function typedNumber(typed: string): number | undefined {
  const compact = typed.replace(/[\s,]/g, '');
  if (compact === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

const choice = (value: string) => (value === '' ? undefined : value);
const count = (value: string) => (value === '' ? undefined : Number(value));

/** The identified vehicle's fields as the request takes them. */
function vehicleFields(vehicle: VehicleLookupResult) {
  const { success: _success, registration: _registration, transmission: _transmission, ...fields } = vehicle;
  return fields;
}

/**
 * The request the wizard sends: the lookup's vehicle when there is one (else what the seller
 * typed), and the conditional fields only when their question says so (SPEC section 4).
 */
export function toRequest(values: WizardValues, vehicle: VehicleLookupResult | null): ValuationRequestInput {
  const identified = vehicle
    ? vehicleFields(vehicle)
    : { make: values.make, model: values.model, year: typedNumber(values.year) ?? null };
  return {
    registration: values.registration,
    mileage: typedNumber(values.mileage) as number,
    ...identified,
    overallCondition: choice(values.overallCondition) as ValuationRequestInput['overallCondition'],
    scuffedWheels: count(values.scuffedWheels) as number,
    tyresNeedReplacing: count(values.tyresNeedReplacing) as number,
    cambeltChanged: choice(values.cambeltChanged) as ValuationRequestInput['cambeltChanged'],
    cambeltDate: values.cambeltChanged === 'yes' ? values.cambeltDate : null,
    serviceHistory: choice(values.serviceHistory) as ValuationRequestInput['serviceHistory'],
    mechanicalIssues: choice(values.mechanicalIssues) as ValuationRequestInput['mechanicalIssues'],
    mechanicalDetails: values.mechanicalIssues === 'yes' ? values.mechanicalDetails : null,
    outstandingFinance: choice(values.outstandingFinance) as ValuationRequestInput['outstandingFinance'],
    firstName: values.firstName,
    lastName: values.lastName,
    postcode: values.postcode,
    email: values.email,
    phone: values.phone,
    contactPreference: values.contactPreference,
    agreeToContact: values.agreeToContact as true,
    marketingConsent: values.marketingConsent,
  };
}

const wizardFields = new Set<string>(stepFields.flat());

/**
 * Issues from zod or from the server (`{ path: "contactPreference.0" }`) as one message per
 * wizard field, the first message winning. Paths that are not a field of the form are dropped.
 */
export function fieldErrors(
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
): Partial<Record<WizardField, string>> {
  const errors: Partial<Record<WizardField, string>> = {};
  for (const issue of issues) {
    const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
    if (typeof first !== 'string' || !wizardFields.has(first)) continue;
    const field = first as WizardField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The step (0-based) that holds the first of these fields in page order, or undefined. */
export function firstErrorPlace(
  errors: Partial<Record<WizardField, string>>,
): { step: number; field: WizardField } | undefined {
  for (const [step, fields] of stepFields.entries()) {
    const field = fields.find((f) => errors[f] !== undefined);
    if (field) return { step, field };
  }
  return undefined;
}
