import { z } from 'zod';
import { poundsField, poundsToPence } from './pounds-field';
import { optionalText } from './schema-kit';
import { groupDigits } from './group-digits';
import { formatPounds, offerStatuses } from './offer-basics';
import { OFFER_VALIDITY_DAYS } from './offer-validity';

export { formatPounds };

/**
 * Staff's offer to a seller (issue 11; SPEC sections 3, 5 and 8): `POST /api/valuations/:id/offer`
 * with `{ offerAmount, notes, sendMethod }`. The amount is typed in pounds (two decimals at most)
 * and stored as integer pence (DESIGN 6).
 */

export const OFFER_NOTES_MAX_LENGTH = 2_000;
/** £1,000,000: no private car we buy is worth more; a larger figure is a typing slip. */
export const OFFER_MAX_PENCE = 100_000_000;

export const offerMessages = {
  /** SPEC section 5. */
  amountRequired: 'Please enter an offer amount',
  amountInvalid: 'Please enter a valid offer amount',
  amountTooHigh: 'Offers are at most £1,000,000. Please check the amount.',
  notesTooLong: `Notes must be at most ${groupDigits(OFFER_NOTES_MAX_LENGTH)} characters`,
  sendMethodInvalid: 'Choose how to send the offer: e-mail, text message or both.',
  validityInvalid: `Choose how long the offer stands: ${OFFER_VALIDITY_DAYS.min} to ${OFFER_VALIDITY_DAYS.max} days.`,
  noMobile: 'This seller’s phone number cannot receive text messages. Send the offer by e-mail instead.',
  /** SPEC section 8: the UI's toasts. */
  sent: 'Offer sent successfully!',
  failed: 'Error sending offer',
} as const;

export const offerSendMethodValues = ['email', 'sms', 'both'] as const;
export type OfferSendMethodValue = (typeof offerSendMethodValues)[number];

export { poundsToPence };

export const offerRequestSchema = z.object({
  offerAmount: poundsField({
    allowZero: false,
    maxPence: OFFER_MAX_PENCE,
    messages: {
      required: offerMessages.amountRequired,
      invalid: offerMessages.amountInvalid,
      tooHigh: offerMessages.amountTooHigh,
    },
  }),
  notes: optionalText({ max: OFFER_NOTES_MAX_LENGTH, tooLong: offerMessages.notesTooLong, multiline: true }),
  sendMethod: z.enum(offerSendMethodValues, { message: offerMessages.sendMethodInvalid }).default('email'),
  /** UK days it stands after today, to 23:59 UK time on the last (src/shared/offer-validity.ts). */
  validityDays: z
    .number({ message: offerMessages.validityInvalid })
    .int(offerMessages.validityInvalid)
    .min(OFFER_VALIDITY_DAYS.min, offerMessages.validityInvalid)
    .max(OFFER_VALIDITY_DAYS.max, offerMessages.validityInvalid)
    .default(OFFER_VALIDITY_DAYS.default),
});
export type OfferRequest = z.input<typeof offerRequestSchema>;

export const offerSchema = z.object({
  id: z.uuid(),
  amountPence: z.number().int(),
  sendMethod: z.enum(offerSendMethodValues),
  notes: z.string().nullable(),
  sentBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  validUntil: z.iso.datetime(),
  /** As stored, except that an open offer past its end reads `expired`. */
  status: z.enum(offerStatuses),
  declineReason: z.string().nullable(),
  /** When the seller accepted it, on their page. */
  acceptedAt: z.iso.datetime().nullable(),
  /** The e-mail and/or text it went out as, with their delivery status (the Messages screen's). */
  messages: z.array(z.object({ id: z.uuid(), channel: z.enum(['email', 'sms']), status: z.string() })),
});
export type Offer = z.infer<typeof offerSchema>;
