import { z } from 'zod';
import { sellerCollectionSchema } from './collection-schemas';
import { sellerDocumentsSchema } from './documents';
import { sellerVoucherSchema } from './voucher-schemas';
import { offerStatuses } from './offer-basics';
import { sellerRevisionSchema } from './price-revision-schemas';
import { registrationSchema } from './registration-schema';
import { emailInDocument, optionalText, storableCharacters, text } from './schema-kit';
import { lostReasons, valuationStages } from './valuation-lifecycle';
import {
  DECLINE_REASON_MAX_LENGTH,
  SELLER_MESSAGE_MAX_LENGTH,
  sellerPortalMessages as m,
} from './seller-portal-basics';

/** The seller page's calls (issue 34): what each takes, with every rule it applies. */

const offerId = z.uuid({ message: m.offerIdInvalid });

export const acceptOfferSchema = z.object({ offerId });
export const declineOfferSchema = z.object({
  offerId,
  reason: optionalText({ max: DECLINE_REASON_MAX_LENGTH, tooLong: m.declineReasonTooLong, multiline: true }),
});
export const freshOfferSchema = z.object({ offerId });

export const sellerMessageSchema = z.object({
  body: text({
    min: 1,
    tooShort: m.messageRequired,
    max: SELLER_MESSAGE_MAX_LENGTH,
    tooLong: m.messageTooLong,
    multiline: true,
  }),
});

/** Every answer of the seller's calls but the view: what happened, in the seller's words. */
export const sellerActionAnswerSchema = z.object({ message: z.string() });

export const sellerViewSchema = z.object({
  reference: z.string(),
  firstName: z.string(),
  registration: z.string(),
  vehicle: z.string().nullable(),
  mileage: z.number().int(),
  stage: z.enum(valuationStages),
  lostReason: z.enum(lostReasons).nullable(),
  receivedAt: z.iso.datetime(),
  replyBy: z.iso.datetime(),
  offer: z
    .object({
      id: z.uuid(),
      amountPence: z.number().int(),
      validUntil: z.iso.datetime(),
      status: z.enum(offerStatuses),
      conditions: z.array(z.string()),
      notes: z.string().nullable(),
      acceptedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  revision: sellerRevisionSchema.nullable(),
  freshOfferRequestedAt: z.iso.datetime().nullable(),
  messages: z.array(
    z.object({ id: z.uuid(), author: z.enum(['seller', 'staff']), body: z.string(), createdAt: z.iso.datetime() }),
  ),
  photoCount: z.number().int(),
  damageCount: z.number().int(),
  damageEditable: z.boolean(),
  documents: sellerDocumentsSchema.nullable(),
  collection: sellerCollectionSchema,
  /** Once the sale is paid: the Faster Payments, and the receipt to download. */
  payment: z
    .object({
      paidAt: z.iso.datetime(),
      sellerPence: z.number().int(),
      lenderPence: z.number().int(),
      lender: z.string().nullable(),
      receiptPath: z.string(),
    })
    .nullable(),
  /** The launch voucher a completed sale earned, owed or sent. */
  voucher: sellerVoucherSchema.nullable(),
  now: z.iso.datetime(),
  notice: z.object({ kind: z.enum(['done', 'problem']), text: z.string() }).nullable(),
  indicativePrice: z
    .object({ lowPence: z.number().int(), highPence: z.number().int(), count: z.number().int() })
    .nullable(),
});

/** "Lost your link?": the e-mail address and registration the seller gave; `website` is a honeypot. */
export const LOST_LINK_FIELDS = ['email', 'registration'] as const;
export const LOST_LINK_EMAIL_MAX_LENGTH = 255;

export const lostLinkSchema = z.object({
  email: storableCharacters(z.string({ message: m.lostLinkEmail }).trim().toLowerCase())
    .refine((v) => v.length > 0 && v.length <= LOST_LINK_EMAIL_MAX_LENGTH, { message: m.lostLinkEmail, abort: true })
    .refine((v) => z.email().safeParse(v).success, m.lostLinkEmail)
    .meta(emailInDocument(LOST_LINK_EMAIL_MAX_LENGTH)),
  registration: registrationSchema,
  /** The honeypot: off screen; people leave it empty. */
  website: storableCharacters(z.string({ message: m.lostLinkFailed }))
    .pipe(z.string().max(200, m.lostLinkFailed))
    .optional(),
});
