import { z } from 'zod';
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

/** "1250", "1,250.50", "£1250" or a number → pence; undefined when it is not an amount of money. */
export function poundsToPence(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  const match = text === undefined ? null : /^£?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const pounds = Number(match[1]!.replaceAll(',', ''));
  const pence = Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(pounds) ? pounds * 100 + pence : undefined;
}

export const offerRequestSchema = z.object({
  offerAmount: z
    .union([z.string(), z.number()], { message: offerMessages.amountRequired })
    .refine((v) => String(v).trim() !== '', offerMessages.amountRequired)
    .transform((v, ctx) => {
      const pence = poundsToPence(v);
      if (pence === undefined || pence <= 0) {
        ctx.addIssue({ code: 'custom', message: offerMessages.amountInvalid });
        return z.NEVER;
      }
      if (pence > OFFER_MAX_PENCE) {
        ctx.addIssue({ code: 'custom', message: offerMessages.amountTooHigh });
        return z.NEVER;
      }
      return pence;
    })
    // The API document's statement of the rules above (issue 32): JSON Schema cannot parse pounds.
    .meta({
      anyOf: [
        { type: 'string', pattern: '^£?(?:[1-9][0-9]{0,5}|[1-9][0-9]{0,2},[0-9]{3})(?:\\.[0-9]{1,2})?$' },
        { type: 'number', exclusiveMinimum: 0, maximum: OFFER_MAX_PENCE / 100, multipleOf: 0.01 },
      ],
      description: `Pounds, more than 0 and at most ${formatPounds(OFFER_MAX_PENCE)}, to the penny: 1250, "1,250.50" or "£1250".`,
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
