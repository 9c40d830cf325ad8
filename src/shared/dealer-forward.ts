import { z } from 'zod';
import { emailInDocument, optionalText, storableCharacters, text } from './schema-kit';
import { groupDigits } from './group-digits';

/**
 * Forwarding a valuation to another dealer (issue 11; SPEC sections 3, 5 and 8):
 * `POST /api/valuations/:id/send-to-dealer` with `{ dealerName, dealerEmail, message, senderName,
 * includeContactDetails }` queues an e-mail to the dealer with the PDF report attached;
 * `GET /api/valuations/:id/preview-pdf?includeContactDetails=` shows the same report.
 *
 * The report never carries the seller's name, e-mail, phone or full postcode unless staff tick
 * "Include the seller's contact details" (UK GDPR data minimisation: a dealer pricing a car needs
 * the car, not the person).
 */

export const DEALER_NAME_MAX_LENGTH = 100;
export const DEALER_EMAIL_MAX_LENGTH = 254;
export const DEALER_MESSAGE_MAX_LENGTH = 2_000;
export const SENDER_NAME_MAX_LENGTH = 100;

/** The "Sender name" field's starting value, and what it resets to after a send (SPEC section 5). */
export const defaultSenderName = (tradingName: string) => `${tradingName} Team`;

export const dealerForwardMessages = {
  /** SPEC section 5: one message for any of the three required fields. */
  missing: 'Missing Information: Please fill in dealer name, email, and sender name.',
  invalidEmail: 'Invalid Email: Please enter a valid email address.',
  dealerNameTooLong: `Dealer name must be at most ${DEALER_NAME_MAX_LENGTH} characters`,
  senderNameTooLong: `Sender name must be at most ${SENDER_NAME_MAX_LENGTH} characters`,
  messageTooLong: `Message must be at most ${groupDigits(DEALER_MESSAGE_MAX_LENGTH)} characters`,
  includeContactDetails: 'Include contact details must be true or false.',
  /** SPEC section 8: the UI's toasts. */
  sent: 'Sent Successfully',
  failed: 'Failed to Send',
  failedFallback: 'Failed to send valuation to dealer. Please try again.',
} as const;

/** SPEC's "simple {email} shape": something@something.something, no spaces. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const dealerForwardRequestSchema = z.object({
  dealerName: text({
    min: 1,
    max: DEALER_NAME_MAX_LENGTH,
    required: dealerForwardMessages.missing,
    tooShort: dealerForwardMessages.missing,
    tooLong: dealerForwardMessages.dealerNameTooLong,
  }),
  dealerEmail: storableCharacters(z.string({ message: dealerForwardMessages.missing }).trim().toLowerCase())
    .refine((v) => v.length > 0, { message: dealerForwardMessages.missing, abort: true })
    .refine((v) => v.length <= DEALER_EMAIL_MAX_LENGTH && SIMPLE_EMAIL.test(v) && z.email().safeParse(v).success, {
      message: dealerForwardMessages.invalidEmail,
    })
    .meta(emailInDocument(DEALER_EMAIL_MAX_LENGTH)),
  message: optionalText({
    max: DEALER_MESSAGE_MAX_LENGTH,
    tooLong: dealerForwardMessages.messageTooLong,
    multiline: true,
  }),
  senderName: text({
    min: 1,
    max: SENDER_NAME_MAX_LENGTH,
    required: dealerForwardMessages.missing,
    tooShort: dealerForwardMessages.missing,
    tooLong: dealerForwardMessages.senderNameTooLong,
  }),
  /** Put the seller's name, e-mail, phone and postcode in the report (default: leave them out). */
  includeContactDetails: z.boolean({ message: dealerForwardMessages.includeContactDetails }).default(false),
});
export type DealerForwardRequest = z.input<typeof dealerForwardRequestSchema>;

/** The answer to a forward: the queued e-mail, which the Messages screen and the timeline show. */
export const dealerForwardResponseSchema = z.object({
  messageId: z.uuid(),
  status: z.string(),
});
export type DealerForwardResponse = z.infer<typeof dealerForwardResponseSchema>;

/** `?includeContactDetails=true` on the preview. */
export const dealerReportPreviewQuerySchema = z.object({
  includeContactDetails: z
    .enum(['true', 'false'], { message: dealerForwardMessages.includeContactDetails })
    .optional()
    .transform((v) => v === 'true'),
});
