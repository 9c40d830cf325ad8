import { z } from 'zod';
import {
  calendarDate,
  hasControlCharacters,
  idParam,
  optionalText,
  paginatedSchema,
  paginationQuery,
  text,
  type Paginated,
} from './schema-kit';
import {
  PURCHASED_VEHICLE_PHOTOS_MAX,
  purchasedVehiclePhotoMessages,
  VEHICLE_PHOTO_ID_PATTERN,
} from './purchased-vehicle-basics';
import { groupDigits } from './group-digits';

/**
 * Recently purchased vehicles (issue 13; SPEC sections 3, 5, 7, 8 and 9): staff's list and form
 * (`/api/admin/purchased-vehicles`) and the public list (`GET /api/purchased-vehicles`).
 *
 * The same details schema checks the add form (multipart: every value a string) and the edit (JSON),
 * so numbers are accepted as numbers or as digit strings. Photo limits and addresses are in the
 * zod-free ./purchased-vehicle-basics.ts, for the public pages.
 */

export * from './purchased-vehicle-basics';

export const VEHICLE_YEAR_MIN = 1900;
export const VEHICLE_MILEAGE_MAX = 1_000_000;
/** £1,000,000 in pence: far above any car we would buy, well inside the int4 column. */
export const PURCHASE_PRICE_MAX_PENCE = 100_000_000;
export const VEHICLE_DESCRIPTION_MAX_LENGTH = 2000;
export const ADMIN_VEHICLES_PAGE_SIZE = 12;
export const PUBLIC_VEHICLES_PAGE_SIZE = 24;

/** The latest model year we accept: next year's cars are on sale from the autumn. */
export const latestVehicleYear = (now = new Date()) => now.getUTCFullYear() + 1;

export const purchasedVehicleMessages = {
  /** SPEC section 5: make, model and year are required. */
  makeRequired: 'Make is required',
  makeTooLong: 'Make must be at most 100 characters',
  modelRequired: 'Model is required',
  modelTooLong: 'Model must be at most 100 characters',
  yearRequired: 'Year is required',
  yearRange: (latest: number) => `Year must be between ${VEHICLE_YEAR_MIN} and ${latest}`,
  registrationTooLong: 'Registration must be at most 20 characters',
  registrationCharacters: 'Registration can only contain letters and numbers',
  fuelTypeTooLong: 'Fuel type must be at most 50 characters',
  engineSizeTooLong: 'Engine size must be at most 20 characters',
  colorTooLong: 'Colour must be at most 50 characters',
  mileage: `Mileage must be a whole number from 0 to ${groupDigits(VEHICLE_MILEAGE_MAX)}`,
  purchasePrice: 'Enter the price in pounds, for example 4250 or 4250.50',
  purchasePriceTooHigh: 'Purchase price must be at most £1,000,000',
  locationTooLong: 'Location must be at most 100 characters',
  descriptionTooLong: `Description must be at most ${groupDigits(VEHICLE_DESCRIPTION_MAX_LENGTH)} characters`,
  purchaseDate: 'Enter the purchase date as a real date',
  purchaseDateFuture: 'Purchase date cannot be in the future',
  isVisible: 'Visibility must be true or false',
  photoOrder: 'The photo order must list each of the vehicle’s photos once',
  nothingToChange: 'Nothing to change',
  notFound: 'Vehicle not found',
  pageNotFound: 'There is no such page of recently purchased vehicles.',
  /** SPEC section 8: staff's toasts. */
  added: 'Vehicle added successfully',
  addFailed: 'Failed to add vehicle',
  hidden: 'Vehicle hidden on website',
  shown: 'Vehicle shown on website',
  deleted: 'Vehicle deleted successfully',
  deleteFailed: 'Failed to delete vehicle',
  updated: 'Vehicle updated successfully',
  updateFailed: 'Failed to update vehicle',
  toggleFailed: 'Failed to change visibility',
  photosAdded: 'Photos added',
  photoRemoved: 'Photo removed',
} as const;

const m = purchasedVehicleMessages;

/** A whole number in JSON, or the digits of one in a form field; `required` when absent. */
function wholeNumber(options: { min: number; max: number; message: string; required?: string }) {
  const { min, max, message } = options;
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? (options.required ?? message) : message) })
      .int(message)
      .min(min, message)
      .max(max, message),
  );
}

const blankToNull = (value: unknown) => (value === '' ? null : value);

/** Year: required; 1900 to next year (checked against the date of the request). */
const yearField = z
  .preprocess(
    (value) => (value === '' ? undefined : value),
    wholeNumber({
      min: VEHICLE_YEAR_MIN,
      max: 9999,
      message: m.yearRange(latestVehicleYear()),
      required: m.yearRequired,
    }),
  )
  .superRefine((year, ctx) => {
    const latest = latestVehicleYear();
    if (year > latest) ctx.addIssue({ code: 'custom', message: m.yearRange(latest) });
  })
  // The API document's bound (issue 32): next year as of the server's start, as the description says.
  .meta({ maximum: latestVehicleYear(), description: `From ${VEHICLE_YEAR_MIN} to next year.` });

const mileageField = z.preprocess(
  blankToNull,
  wholeNumber({ min: 0, max: VEHICLE_MILEAGE_MAX, message: m.mileage }).nullable(),
);

/** Pounds with at most 2 decimals ("4250", "4250.5", "4250.50"), to integer pence. */
export function poundsToPence(pounds: string): number {
  const [whole = '0', fraction = ''] = pounds.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer pence to the form's pounds ("4250.50"). */
export function penceToPounds(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

const purchasePriceField = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : blankToNull(value)),
  z
    .string({ message: m.purchasePrice })
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, m.purchasePrice)
    .transform(poundsToPence)
    .refine((pence) => pence <= PURCHASE_PRICE_MAX_PENCE, m.purchasePriceTooHigh)
    // The same rule as the API document can write it: pounds (leading zeros aside) up to 1000000.
    .meta({
      pattern: '^0*(?:\\d{1,6}(?:\\.\\d{1,2})?|1000000(?:\\.0{1,2})?)$',
      description: 'Pounds, with up to two decimals, at most 1000000.',
      example: '4250.50',
    })
    .nullable(),
);

/** A registration as staff type it ("ab12 cde"): stored upper-case without spaces. */
const registrationField = z.preprocess(
  blankToNull,
  z
    .string({ message: m.registrationCharacters })
    // Refused, not taken for spaces (a vertical tab is one) and dropped with them.
    .refine((value) => !hasControlCharacters(value), { message: m.registrationCharacters, abort: true })
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .max(20, m.registrationTooLong)
        .regex(/^[A-Z0-9]*$/, m.registrationCharacters),
    )
    .transform((value) => value || null)
    .nullable()
    .meta({ pattern: '^[A-Za-z0-9 ]*$', maxLength: 20, description: 'Letters and digits (spaces are dropped).' }),
);

/** `YYYY-MM-DD`, a real calendar date, not after today (a day's grace for time zones). */
const purchaseDateField = z.preprocess(
  blankToNull,
  calendarDate(m.purchaseDate)
    .refine((value) => Number(value.slice(0, 4)) >= 1990, m.purchaseDate)
    .refine((value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now() + 86_400_000, m.purchaseDateFuture)
    .meta({ description: 'A day from 1990 to today.', example: '2025-03-14' })
    .nullable(),
);

const visibleField = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ message: m.isVisible }),
);

/** Every detail staff can set (SPEC section 3), as the add form sends it. */
export const purchasedVehicleDetailsSchema = z
  .object({
    make: text({ min: 1, max: 100, required: m.makeRequired, tooShort: m.makeRequired, tooLong: m.makeTooLong }),
    model: text({ min: 1, max: 100, required: m.modelRequired, tooShort: m.modelRequired, tooLong: m.modelTooLong }),
    year: yearField,
    registration: registrationField.optional().transform((v) => v ?? null),
    fuelType: optionalText({ max: 50, tooLong: m.fuelTypeTooLong }),
    engineSize: optionalText({ max: 20, tooLong: m.engineSizeTooLong }),
    color: optionalText({ max: 50, tooLong: m.colorTooLong }),
    mileage: mileageField.optional().transform((v) => v ?? null),
    purchasePrice: purchasePriceField.optional().transform((v) => v ?? null),
    location: optionalText({ max: 100, tooLong: m.locationTooLong }),
    description: optionalText({ max: VEHICLE_DESCRIPTION_MAX_LENGTH, tooLong: m.descriptionTooLong, multiline: true }),
    purchaseDate: purchaseDateField.optional().transform((v) => v ?? null),
    isVisible: visibleField.optional(),
  })
  .strict();

export type PurchasedVehicleDetails = z.output<typeof purchasedVehicleDetailsSchema>;
/** What the add and edit forms hold (and send): strings for the number fields. */
export type PurchasedVehicleDetailsInput = z.input<typeof purchasedVehicleDetailsSchema>;

/**
 * `PUT /api/admin/purchased-vehicles/:id`: `{ isVisible }` (SPEC), the edit form's details, and/or
 * `photoOrder` (the vehicle's photo ids, first shown first). Only the fields sent change.
 */
export const purchasedVehicleUpdateSchema = purchasedVehicleDetailsSchema
  .partial()
  .extend({
    photoOrder: z
      .array(z.string().regex(VEHICLE_PHOTO_ID_PATTERN, m.photoOrder), { message: m.photoOrder })
      .max(PURCHASED_VEHICLE_PHOTOS_MAX, m.photoOrder)
      .optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: m.nothingToChange });

export type PurchasedVehicleUpdate = z.output<typeof purchasedVehicleUpdateSchema>;

export const vehiclePhotoSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  srcSet: z.object({ webp: z.string(), jpeg: z.string() }),
});

/** What anyone may see of a bought car: never its registration or the price paid. */
export const publicPurchasedVehicleSchema = z.object({
  id: z.number().int(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  fuelType: z.string().nullable(),
  engineSize: z.string().nullable(),
  color: z.string().nullable(),
  mileage: z.number().int().nullable(),
  /** The seller's area, e.g. "Grimsby". */
  location: z.string().nullable(),
  description: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  /** SPEC's field: the largest JPEG of each photo, as a file under /uploads/. */
  photoPaths: z.array(z.string()),
  photos: z.array(vehiclePhotoSchema),
});

export type PublicPurchasedVehicle = z.infer<typeof publicPurchasedVehicleSchema>;

/** `GET /api/purchased-vehicles`: visible vehicles, newest purchase first, a page at a time. */
export const publicVehicleListSchema = paginatedSchema(publicPurchasedVehicleSchema);
/** /recently-purchased's server data: one page of the public list. */
export type PublicVehiclePage = Paginated<PublicPurchasedVehicle>;
/** The home page's share: the first few, and how many there are in all (for the "many more" note). */
export type HomeVehicles = { items: PublicPurchasedVehicle[]; total: number };

export const publicVehicleListQuerySchema = paginationQuery({
  defaultPageSize: PUBLIC_VEHICLES_PAGE_SIZE,
  maxPageSize: 48,
});

/** Staff see everything, the registration and price included. */
export const adminPurchasedVehicleSchema = publicPurchasedVehicleSchema.extend({
  registration: z.string().nullable(),
  purchasePricePence: z.number().int().nullable(),
  isVisible: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type AdminPurchasedVehicle = z.infer<typeof adminPurchasedVehicleSchema>;

export const adminVehicleListSchema = paginatedSchema(adminPurchasedVehicleSchema);
export const adminVehicleListQuerySchema = paginationQuery({
  defaultPageSize: ADMIN_VEHICLES_PAGE_SIZE,
  maxPageSize: 48,
});

export const vehiclePhotoParamsSchema = z.object({
  id: idParam,
  photoId: z.string().regex(VEHICLE_PHOTO_ID_PATTERN, purchasedVehiclePhotoMessages.notFound),
});
