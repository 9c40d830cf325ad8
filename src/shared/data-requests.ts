import { z } from 'zod';
import { PHONE_MAX_LENGTH, phoneInDocument, toE164 } from './phone';
import { RIGHTS_RESPONSE } from './retention';
import { emailInDocument, paginatedSchema, paginationQuery, storableCharacters } from './schema-kit';

/**
 * Data requests (issue 18; UK GDPR Art 15 access and Art 17 erasure): staff find everything held
 * about a person by e-mail address or phone number (`POST /api/admin/data-requests/search`),
 * export it as a ZIP (`…/export`), erase it (`…/erase`), and read the trail of what was done
 * (`GET /api/admin/data-requests/log`). The identifier travels in POST bodies only: addresses
 * reach logs and browser history, bodies do not.
 */

export const DATA_REQUEST_EMAIL_MAX_LENGTH = 254;
export const DATA_REQUEST_LOG_PAGE_SIZE = 20;

export const dataRequestMessages = {
  identifierRequired: 'Enter the person’s e-mail address or phone number.',
  oneIdentifier: 'Search by e-mail address or by phone number, one at a time.',
  emailInvalid: 'Enter a whole e-mail address, such as jo@example.com.',
  phoneInvalid: 'Enter a whole phone number, such as 07911 123456 (other countries with their + code).',
  confirmRequired: 'Type the e-mail address or phone number again to confirm.',
  confirmMismatch: 'That does not match. Type the e-mail address or phone number exactly as shown.',
  ownContact:
    'That is one of the business’s own addresses or numbers, so it is on records about many people. Search for the person’s own e-mail address or phone number.',
  /** The screen's toasts and fallbacks. */
  searchFailed: 'Failed to search',
  exportFailed: 'Failed to export',
  exportDone: 'Export downloaded',
  eraseFailed: 'Failed to erase',
  eraseDone: 'Everything found has been erased',
  logFailed: 'Failed to load the request log',
  /** Call recordings stay with Twilio unless the calls feature can delete them there. */
  recordingsNotConfigured:
    'Phone calls are not set up in this system, so it cannot delete call recordings held by Twilio. If any of these calls were recorded, delete the recordings in the Twilio console.',
  recordingsLeft:
    'These recordings are still held by Twilio: delete them in the Twilio console (Monitor › Call recordings), searching by their ids.',
} as const;

/** What the screen's guidance says about deadlines (Art 12(3)). */
export const dataRequestDeadline = {
  months: RIGHTS_RESPONSE.normalMonths,
  extendedMonths: RIGHTS_RESPONSE.extendedMonths,
} as const;

const emailField = storableCharacters(z.string({ message: dataRequestMessages.emailInvalid }).trim())
  .refine((v) => v.length > 0 && v.length <= DATA_REQUEST_EMAIL_MAX_LENGTH, {
    message: dataRequestMessages.emailInvalid,
    abort: true,
  })
  .refine((v) => z.email().safeParse(v).success, dataRequestMessages.emailInvalid)
  .meta(emailInDocument(DATA_REQUEST_EMAIL_MAX_LENGTH));

/** Digits with the usual separators, and a + only in front; never letters (no partial matches). */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

const phoneField = storableCharacters(z.string({ message: dataRequestMessages.phoneInvalid }).trim())
  .refine((v) => v.length > 0 && v.length <= PHONE_MAX_LENGTH && PHONE_CHARACTERS.test(v), {
    message: dataRequestMessages.phoneInvalid,
    abort: true,
  })
  .refine((v) => toE164(v) !== undefined, dataRequestMessages.phoneInvalid)
  .meta(phoneInDocument);

const confirmField = storableCharacters(z.string({ message: dataRequestMessages.confirmRequired }).trim())
  .refine((v) => v.length > 0 && v.length <= DATA_REQUEST_EMAIL_MAX_LENGTH, {
    message: dataRequestMessages.confirmRequired,
    abort: true,
  })
  .meta({ description: 'The same e-mail address (any capitals) or phone number again, exactly as in the request.' });

type IdentifierFields = { email?: string | undefined; phone?: string | undefined };

/** Exactly one of the two, named on the form's fields. */
function checkOneIdentifier(value: IdentifierFields, context: z.RefinementCtx) {
  if (value.email === undefined && value.phone === undefined) {
    context.addIssue({ code: 'custom', path: ['email'], message: dataRequestMessages.identifierRequired });
  } else if (value.email !== undefined && value.phone !== undefined) {
    context.addIssue({ code: 'custom', path: ['phone'], message: dataRequestMessages.oneIdentifier });
  }
}

/** A field's JSON Schema, for a rule written out by hand below. */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' });
  return rest;
}

/**
 * "An e-mail address or a phone number, not both" as the API document says it (issue 32): one
 * variant each, so a body with both (or neither) matches no single one. `confirm` goes in each
 * variant of the erase body.
 */
function oneIdentifierInDocument(withConfirm: boolean) {
  const confirm = withConfirm ? { confirm: jsonSchemaOf(confirmField) } : {};
  return {
    // Staff's usual request, and (for erasure) its confirmation: the identifier typed again.
    example: { email: 'jo@example.com', ...(withConfirm ? { confirm: 'jo@example.com' } : {}) },
    oneOf: (['email', 'phone'] as const).map((key) => ({
      type: 'object',
      properties: { [key]: jsonSchemaOf(key === 'email' ? emailField : phoneField), ...confirm },
      required: [key, ...Object.keys(confirm)],
    })),
  };
}

/** `POST /api/admin/data-requests/search` and `…/export`: `{ email }` or `{ phone }`. */
export const dataRequestSearchSchema = z
  .object({ email: emailField.optional(), phone: phoneField.optional() })
  .superRefine(checkOneIdentifier)
  .meta(oneIdentifierInDocument(false));
export type DataRequestSearchInput = z.input<typeof dataRequestSearchSchema>;

/**
 * `POST /api/admin/data-requests/erase`: the identifier, and `confirm`, the same identifier typed
 * again (an e-mail address in any case; a number exactly as searched, spaces around it aside).
 */
export const dataRequestEraseSchema = z
  .object({ email: emailField.optional(), phone: phoneField.optional(), confirm: confirmField })
  .superRefine((value, context) => {
    checkOneIdentifier(value, context);
    // Only a usable identifier can be confirmed: a refused one already has its own message.
    const usable =
      value.email !== undefined
        ? emailField.safeParse(value.email).success
        : value.phone !== undefined && phoneField.safeParse(value.phone).success;
    if (usable && typeof value.confirm === 'string' && !confirmationMatches(value, value.confirm)) {
      context.addIssue({ code: 'custom', path: ['confirm'], message: dataRequestMessages.confirmMismatch });
    }
  })
  .meta(oneIdentifierInDocument(true));
export type DataRequestEraseInput = z.input<typeof dataRequestEraseSchema>;

/** True when `confirm` repeats the identifier (see dataRequestEraseSchema). */
export function confirmationMatches(value: IdentifierFields, confirm: string): boolean {
  const typed = confirm.trim();
  if (value.email !== undefined) return typed.toLowerCase() === value.email.trim().toLowerCase();
  if (value.phone !== undefined) return typed === value.phone.trim();
  return false;
}

/** The identifier a search is for, normalised as the records hold it. */
export type DataRequestIdentifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** `{ email }` → the address lower-cased; `{ phone }` → its E.164 form. Call on a validated body. */
export function identifierOf(input: IdentifierFields): DataRequestIdentifier {
  if (input.email !== undefined) return { kind: 'email', value: input.email.trim().toLowerCase() };
  const e164 = toE164(input.phone ?? '');
  if (!e164) throw new Error('identifierOf: the body was not validated');
  return { kind: 'phone', value: e164 };
}

// --- Answers ---------------------------------------------------------------------------------

const count = z.number().int().nonnegative();

/** How many records of each sort were found, exported or erased. */
export const dataRequestCountsSchema = z.object({
  valuations: count,
  photos: count,
  /** The seller's documents for the sale (issue 35): one per valuation and kind, each a file. */
  documents: count,
  valuationEvents: count,
  offers: count,
  messages: count,
  attachments: count,
  calls: count,
  callRecordings: count,
  reviews: count,
  complaints: count,
});
export type DataRequestCounts = z.infer<typeof dataRequestCountsSchema>;

export const dataRequestCountLabels: Record<keyof DataRequestCounts, { one: string; many: string }> = {
  valuations: { one: 'valuation request', many: 'valuation requests' },
  photos: { one: 'photo', many: 'photos' },
  documents: { one: 'document sent for the sale', many: 'documents sent for the sale' },
  valuationEvents: { one: 'timeline entry', many: 'timeline entries' },
  offers: { one: 'offer', many: 'offers' },
  messages: { one: 'e-mail or text message', many: 'e-mails and text messages' },
  attachments: { one: 'message attachment', many: 'message attachments' },
  calls: { one: 'phone call', many: 'phone calls' },
  callRecordings: { one: 'call recording link', many: 'call recording links' },
  reviews: { one: 'review', many: 'reviews' },
  complaints: { one: 'data-protection complaint', many: 'data-protection complaints' },
};

export const dataRequestValuationSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  registration: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  status: z.string(),
  isArchived: z.boolean(),
  photoCount: count,
  /** When the seller opted in to marketing; null when they did not (or withdrew). */
  marketingConsentAt: z.iso.datetime().nullable(),
});

export const dataRequestMessageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  templateName: z.string(),
  subject: z.string().nullable(),
  createdAt: z.iso.datetime(),
  status: z.string(),
  attachmentCount: count,
  valuationId: z.uuid().nullable(),
});

export const dataRequestCallSchema = z.object({
  id: z.number().int(),
  direction: z.string().nullable(),
  status: z.string().nullable(),
  startedAt: z.iso.datetime(),
  durationSeconds: z.number().int().nullable(),
  hasRecording: z.boolean(),
});

export const dataRequestReviewSchema = z.object({
  id: z.number().int(),
  submittedAt: z.iso.datetime(),
  reviewTitle: z.string(),
  rating: z.number().int(),
  isPublished: z.boolean(),
});

export const dataRequestComplaintSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  createdAt: z.iso.datetime(),
  status: z.string(),
});

/**
 * A message sent to the address or number searched, but about another person's valuation or
 * complaint (such as a vehicle report e-mailed to a dealer): that person's data, listed for staff
 * to review, never exported or erased through this identifier. `about` names the record, by the
 * reference staff and the other person know it by.
 */
export const dataRequestThirdPartyMessageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  templateName: z.string(),
  subject: z.string().nullable(),
  createdAt: z.iso.datetime(),
  attachmentCount: count,
  about: z.object({ kind: z.enum(['valuation', 'complaint']), id: z.uuid(), reference: z.string() }),
});
export type DataRequestThirdPartyMessage = z.infer<typeof dataRequestThirdPartyMessageSchema>;

/** `POST /api/admin/data-requests/search`: what is held, grouped, newest first in each group. */
export const dataRequestSearchResultSchema = z.object({
  identifier: z.object({ kind: z.enum(['email', 'phone']), value: z.string() }),
  counts: dataRequestCountsSchema,
  valuations: z.array(dataRequestValuationSchema),
  messages: z.array(dataRequestMessageSchema),
  calls: z.array(dataRequestCallSchema),
  reviews: z.array(dataRequestReviewSchema),
  complaints: z.array(dataRequestComplaintSchema),
  /** Not the person's data, and not counted in `counts`: see dataRequestThirdPartyMessageSchema. */
  thirdPartyMessages: z.array(dataRequestThirdPartyMessageSchema),
});
export type DataRequestSearchResult = z.infer<typeof dataRequestSearchResultSchema>;

/** `POST /api/admin/data-requests/erase`: what was erased, and what is left at Twilio. */
export const dataRequestErasureSchema = z.object({
  counts: dataRequestCountsSchema,
  recordings: z.object({
    /** Whether this system can reach Twilio (the calls feature is set up). */
    twilioConfigured: z.boolean(),
    /** Recordings deleted at Twilio by this erasure. */
    deleted: count,
    /** Recordings still held by Twilio: to delete in the Twilio console. */
    remaining: z.array(z.object({ callSid: z.string(), recordingSid: z.string().nullable() })),
  }),
});
export type DataRequestErasure = z.infer<typeof dataRequestErasureSchema>;

export const dataRequestKindValues = ['export', 'erasure'] as const;

export const dataRequestLogQuerySchema = paginationQuery({ defaultPageSize: DATA_REQUEST_LOG_PAGE_SIZE });

export const dataRequestLogEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(dataRequestKindValues),
  /** Records by sort; the sorts are those of DataRequestCounts (older entries may lack new ones). */
  counts: z.record(z.string(), z.number()),
  actorUsername: z.string(),
  createdAt: z.iso.datetime(),
});
export type DataRequestLogEntry = z.infer<typeof dataRequestLogEntrySchema>;

export const dataRequestLogSchema = paginatedSchema(dataRequestLogEntrySchema);
export type DataRequestLog = z.infer<typeof dataRequestLogSchema>;
