import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { penceToPounds, purchasedVehicleDetailsSchema, type AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import { UK_TIME_ZONE } from '../../lib/format-date';

/**
 * What the add and edit forms hold (SPEC section 3's fields): every value as typed, numbers and
 * the price in pounds included, and the "Show on website" box. The shared details schema checks
 * these strings; they are sent as typed (tidied), and the server turns pounds into pence.
 */
export type VehicleFormValues = {
  make: string;
  model: string;
  year: string;
  registration: string;
  fuelType: string;
  engineSize: string;
  color: string;
  mileage: string;
  purchasePrice: string;
  location: string;
  description: string;
  purchaseDate: string;
  isVisible: boolean;
};

/** The fields a server issue (`issues[].path`) may name, in the order the form shows them. */
export const vehicleFormFields = [
  'make',
  'model',
  'year',
  'registration',
  'fuelType',
  'engineSize',
  'color',
  'mileage',
  'purchasePrice',
  'location',
  'description',
  'purchaseDate',
  'isVisible',
] as const satisfies readonly (keyof VehicleFormValues)[];

type TextField = Exclude<(typeof vehicleFormFields)[number], 'isVisible'>;

/** Today's date in the UK as `YYYY-MM-DD`: the purchase date's default and latest value. */
export function ukToday(now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: UK_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A new vehicle: bought today and shown on the website unless staff untick it. */
export function emptyVehicleForm(today: string): VehicleFormValues {
  return {
    make: '',
    model: '',
    year: '',
    registration: '',
    fuelType: '',
    engineSize: '',
    color: '',
    mileage: '',
    purchasePrice: '',
    location: '',
    description: '',
    purchaseDate: today,
    isVisible: true,
  };
}

/** A stored vehicle in the edit form: the price paid back in pounds ("4250.50"). */
export function vehicleFormValues(vehicle: AdminPurchasedVehicle): VehicleFormValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    make: vehicle.make,
    model: vehicle.model,
    year: String(vehicle.year),
    registration: text(vehicle.registration),
    fuelType: text(vehicle.fuelType),
    engineSize: text(vehicle.engineSize),
    color: text(vehicle.color),
    mileage: text(vehicle.mileage),
    purchasePrice: vehicle.purchasePricePence === null ? '' : penceToPounds(vehicle.purchasePricePence),
    location: text(vehicle.location),
    description: text(vehicle.description),
    purchaseDate: text(vehicle.purchaseDate),
    isVisible: vehicle.isVisible,
  };
}

/**
 * The price as staff may type it ("£4,250", "4250.5") in the form's pounds with 2 decimals
 * ("4250.00", "4250.50"). Anything else is left as typed, for the schema's message.
 */
export function tidyPounds(typed: string): string {
  const text = typed
    .trim()
    .replace(/^£\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return typed.trim();
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  return `${whole}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** A mileage typed as "45,000" or "45 000" becomes "45000"; anything else stays for the schema's message. */
export function tidyWholeNumber(typed: string): string {
  const text = typed.trim();
  return /^\d{1,3}([,\s]\d{3})+$/.test(text) ? text.replace(/[,\s]/g, '') : text;
}

/** Upper-cases a registration field as it is typed, keeping the caret where it was. */
export function upperCaseAsTyped(input: HTMLInputElement) {
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

const textValues = (values: VehicleFormValues) =>
  vehicleFormFields
    .filter((name): name is TextField => name !== 'isVisible')
    .map((name) => [name, name === 'purchasePrice' ? tidyPounds(values[name]) : values[name].trim()] as const);

/**
 * `POST /api/admin/purchased-vehicles`: the details as text fields (blank ones empty, which the
 * server reads as "not given"), `isVisible` as "true"/"false", then each photo as `photos`.
 */
export function vehicleMultipart(values: VehicleFormValues, photos: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of textValues(values)) form.append(name, value);
  form.append('isVisible', String(values.isVisible));
  for (const photo of photos) form.append('photos', photo, photo.name);
  return form;
}

/** `PUT /api/admin/purchased-vehicles/:id` from the edit form: every detail, blank ones as null. */
export function vehicleUpdateBody(
  values: VehicleFormValues,
): Record<TextField, string | null> & { isVisible: boolean } {
  const details = Object.fromEntries(textValues(values).map(([name, value]) => [name, value === '' ? null : value]));
  return { ...(details as Record<TextField, string | null>), isVisible: values.isVisible };
}

/**
 * Checks the form with the shared details schema, so SPEC's messages show under the fields, and
 * hands on the values as typed (`raw`): the server reads these same strings with the same schema
 * (the price in pounds becomes pence there). The schema's input types are `unknown` for the
 * fields it also takes as numbers; the form holds them as the strings typed, hence the cast.
 */
export const vehicleFormResolver = zodResolver(purchasedVehicleDetailsSchema, undefined, {
  raw: true,
}) as Resolver<VehicleFormValues>;
