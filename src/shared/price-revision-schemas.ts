import { z } from 'zod';
import { deductionItemSchema } from './deduction-schemas';
import {
  REVISION_DECLINE_REASON_MAX_LENGTH,
  REVISION_ITEMS_MAX,
  REVISION_NOTE_MAX_LENGTH,
  REVISION_PHOTOS_PER_ITEM_MAX,
  REVISION_QUANTITY_MAX,
  revisionMessages as m,
  revisionStatuses,
  type AdminRevision,
  type AdminRevisions,
  type SellerRevision,
} from './price-revisions';
import { DEDUCTION_MAX_PENCE } from './deductions';
import { poundsField } from './pounds-field';
import { optionalText, text } from './schema-kit';
import { valuationStages } from './valuation-lifecycle';

/**
 * The route schemas of price revisions (issue 37): staff's photos and proposal, the seller's answer,
 * and what each side reads. Words, limits and types are in ./price-revisions.ts (no zod).
 */

export * from './price-revisions';

const photoId = z.uuid({ message: m.photoIdInvalid });

export const revisionItemBodySchema = z.object({
  deductionId: z.uuid({ message: m.deductionRequired }),
  quantity: z
    .number({ message: m.quantityInvalid })
    .int(m.quantityInvalid)
    .min(1, m.quantityInvalid)
    .max(REVISION_QUANTITY_MAX, m.quantityInvalid)
    .default(1),
  /** For one unit (a panel, a wheel); checked against the item's range by the server. */
  amount: poundsField({
    allowZero: false,
    maxPence: DEDUCTION_MAX_PENCE,
    messages: { required: m.amountRequired, invalid: m.amountInvalid, tooHigh: m.amountInvalid },
  }),
  note: text({
    min: 1,
    max: REVISION_NOTE_MAX_LENGTH,
    required: m.noteRequired,
    tooShort: m.noteRequired,
    tooLong: m.noteTooLong,
    multiline: true,
  }),
  photoIds: z
    .array(photoId, { message: m.photosRequired })
    .min(1, m.photosRequired)
    .max(REVISION_PHOTOS_PER_ITEM_MAX, m.tooManyPhotos),
});

export const proposeRevisionSchema = z.object({
  items: z
    .array(revisionItemBodySchema, { message: m.itemsRequired })
    .min(1, m.itemsRequired)
    .max(REVISION_ITEMS_MAX, m.tooManyItems),
});
export type ProposeRevisionBody = z.input<typeof proposeRevisionSchema>;
export type ProposeRevisionInput = z.output<typeof proposeRevisionSchema>;

export const revisionParamsSchema = z.object({
  id: z.uuid({ message: 'Valuation not found.' }),
  revisionId: z.uuid({ message: m.notFound }),
});

export const adminRevisionPhotoParamsSchema = z.object({
  id: z.uuid({ message: 'Valuation not found.' }),
  photoId: z.uuid({ message: m.photoNotFound }),
});
export const sellerRevisionPhotoParamsSchema = z.object({ photoId: z.uuid({ message: m.photoNotFound }) });
export const revisionPhotoQuerySchema = z.object({
  size: z.enum(['full', 'thumb'], { message: 'Size must be full or thumb.' }).default('full'),
});

/** The seller's answers. */
export const acceptRevisionSchema = z.object({ revisionId: z.uuid({ message: m.revisionIdInvalid }) });
export const declineRevisionSchema = z.object({
  revisionId: z.uuid({ message: m.revisionIdInvalid }),
  reason: optionalText({ max: REVISION_DECLINE_REASON_MAX_LENGTH, tooLong: m.declineReasonTooLong, multiline: true }),
});

export const revisionPhotoUploadedSchema = z.object({ id: z.uuid() });

const itemViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  evidence: z.string(),
  quantity: z.number().int(),
  unitPence: z.number().int(),
  amountPence: z.number().int(),
  note: z.string(),
  photos: z.array(z.object({ id: z.uuid() })),
});

const revisionFields = {
  id: z.uuid(),
  status: z.enum(revisionStatuses),
  fromPence: z.number().int(),
  toPence: z.number().int(),
  deductedPence: z.number().int(),
  validUntil: z.iso.datetime(),
  proposedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  items: z.array(itemViewSchema),
};

export const sellerRevisionSchema: z.ZodType<SellerRevision> = z.object(revisionFields);

export const adminRevisionSchema: z.ZodType<AdminRevision> = z.object({
  ...revisionFields,
  proposedBy: z.string().nullable(),
  withdrawnBy: z.string().nullable(),
  declineReason: z.string().nullable(),
});

export const adminRevisionsSchema: z.ZodType<AdminRevisions> = z.object({
  stage: z.enum(valuationStages),
  agreedPricePence: z.number().int().nullable(),
  offerPence: z.number().int().nullable(),
  cannotPropose: z.string().nullable(),
  revisions: z.array(adminRevisionSchema),
  deductions: z.array(deductionItemSchema),
});

/** What a change answers: the card as it now is, and what happened in words. */
export const adminRevisionChangeSchema = z.object({ revisions: adminRevisionsSchema, message: z.string() });
export type AdminRevisionChange = z.infer<typeof adminRevisionChangeSchema>;
