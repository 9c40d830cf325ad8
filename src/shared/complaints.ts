import { z } from 'zod';
import {
  COMPLAINT_DETAILS_MAX_LENGTH,
  COMPLAINT_DETAILS_MIN_LENGTH,
  COMPLAINT_EMAIL_MAX_LENGTH,
  COMPLAINT_NAME_MAX_LENGTH,
  COMPLAINT_RESOLUTION_MAX_LENGTH,
  complaintFilterValues,
  complaintMessages as m,
} from './complaint-basics';
import { isValidPhone, PHONE_MAX_LENGTH, phoneInDocument, phoneMessages } from './phone';
import { emailInDocument, paginatedSchema, paginationQuery, storableCharacters, text } from './schema-kit';

/**
 * Data-protection complaints (issue 18; DPA 2018 s.164A): the contact page's form
 * (`POST /api/complaints`) and staff's screen (`GET /api/admin/complaints`,
 * `PATCH /api/admin/complaints/:id/resolve`). The limits and words are in ./complaint-basics.ts
 * (no zod), re-exported here.
 */
export * from './complaint-basics';

const complaintEmail = storableCharacters(z.string({ message: m.emailInvalid }).trim().toLowerCase())
  .refine((v) => v.length > 0 && v.length <= COMPLAINT_EMAIL_MAX_LENGTH, { message: m.emailInvalid, abort: true })
  .refine((v) => z.email().safeParse(v).success, m.emailInvalid)
  .meta(emailInDocument(COMPLAINT_EMAIL_MAX_LENGTH));

/** Optional: blank, null or absent is "not given" (null); anything else must be a number we can call. */
const optionalPhone = storableCharacters(z.string({ message: phoneMessages.invalid }).trim())
  .refine((v) => v.length <= PHONE_MAX_LENGTH, { message: phoneMessages.tooLong, abort: true })
  .refine((v) => v === '' || isValidPhone(v), phoneMessages.invalid)
  .nullish()
  .transform((v) => (v ? v : null))
  .meta({ ...phoneInDocument, description: `Optional (blank or null: none). ${phoneInDocument.description}` });

/**
 * `POST /api/complaints`, and the form's own checks. `website` is a honeypot, as on the review
 * form: hidden from people and screen readers, filled in by simple bots; the server answers as if
 * it stored the complaint, and stores and sends nothing.
 */
export const complaintSubmissionSchema = z.object({
  name: text({ min: 1, max: COMPLAINT_NAME_MAX_LENGTH, tooShort: m.nameRequired, tooLong: m.nameTooLong }),
  email: complaintEmail,
  phone: optionalPhone,
  details: text({
    min: COMPLAINT_DETAILS_MIN_LENGTH,
    max: COMPLAINT_DETAILS_MAX_LENGTH,
    tooShort: m.detailsTooShort,
    tooLong: m.detailsTooLong,
    multiline: true,
  }),
  /** The honeypot (see above): people leave it empty. */
  // Hidden from people, so its refusals use the form's general words.
  website: storableCharacters(z.string({ message: m.submitFailedDetail }))
    .refine((v) => v.length <= 500, m.submitFailedDetail)
    .optional(),
});
export type ComplaintSubmission = z.input<typeof complaintSubmissionSchema>;
export type NewComplaint = Omit<z.output<typeof complaintSubmissionSchema>, 'website'>;

/** `POST /api/complaints` answers 201 with the reference the sender quotes (also when the honeypot caught a bot). */
export const complaintCreatedSchema = z.object({ reference: z.string() });
export type ComplaintCreated = z.infer<typeof complaintCreatedSchema>;

export const adminComplaintListQuerySchema = paginationQuery({ defaultPageSize: 20 }).extend({
  status: z.enum(complaintFilterValues, { message: m.statusInvalid }).default('open'),
});
export type AdminComplaintListQuery = z.output<typeof adminComplaintListQuerySchema>;

export const complaintIdParamsSchema = z.object({ id: z.uuid({ message: m.invalidId }) });

/** A complaint as staff see it. */
export const adminComplaintSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  details: z.string(),
  status: z.enum(['open', 'resolved']),
  receivedAt: z.iso.datetime(),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  /** The admin who resolved it (username); null while open or when the account is gone. */
  resolvedBy: z.string().nullable(),
});
export type AdminComplaint = z.infer<typeof adminComplaintSchema>;

export const adminComplaintListSchema = paginatedSchema(adminComplaintSchema).extend({
  /** For the filter's badges. */
  counts: z.object({ open: z.number().int(), resolved: z.number().int() }),
});
export type AdminComplaintList = z.infer<typeof adminComplaintListSchema>;

/** The body of `PATCH /api/admin/complaints/:id/resolve`: what staff did about it. */
export const complaintResolutionSchema = z.object({
  resolutionNote: text({
    min: 1,
    max: COMPLAINT_RESOLUTION_MAX_LENGTH,
    tooShort: m.resolutionRequired,
    tooLong: m.resolutionTooLong,
    multiline: true,
  }),
});
export type ComplaintResolution = z.input<typeof complaintResolutionSchema>;
