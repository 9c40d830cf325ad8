import type { PlainFormState } from './form-state';
import { groupDigits } from './group-digits';

/**
 * Data-protection complaints (issue 18; DPA 2018 s.164A, in force from 19 June 2026): the limits,
 * the words people read and the regulator's details, without zod. The contact page's form imports
 * this up front and fetches the zod schemas (./complaints.ts, with libphonenumber for the phone
 * check) only once the page is idle, so the page's own script stays small.
 */

/** DPA 2018 s.164A (from the Data (Use and Access) Act 2025): complaints are acknowledged within 30 days. */
export const COMPLAINT_ACKNOWLEDGE_DAYS = 30;

export const COMPLAINT_NAME_MAX_LENGTH = 100;
export const COMPLAINT_EMAIL_MAX_LENGTH = 255;
/** The phone column's length (as ./phone.ts's PHONE_MAX_LENGTH, which would bring libphonenumber with it). */
export const COMPLAINT_PHONE_MAX_LENGTH = 30;
export const COMPLAINT_DETAILS_MIN_LENGTH = 10;
export const COMPLAINT_DETAILS_MAX_LENGTH = 4000;
export const COMPLAINT_RESOLUTION_MAX_LENGTH = 2000;

/** A complaint's reference: `DP-` and six characters none of which reads as another (no 0/O, 1/I/L or 5/S). */
export const COMPLAINT_REFERENCE_ALPHABET = '2346789ABCDEFGHJKMNPQRTUVWXYZ';
export const COMPLAINT_REFERENCE_PATTERN = new RegExp(`^DP-[${COMPLAINT_REFERENCE_ALPHABET}]{6}$`);

/**
 * Where a complaint sent without JavaScript is confirmed, with its reference (POST/redirect/GET).
 * With a fragment of its own: a redirect without one would keep the form's (#data-protection-complaint).
 */
export const complaintSentPath = (reference: string) => `/contact/complaint-sent?reference=${reference}#main`;

/** The form's fields a person fills in (the honeypot aside). */
export const COMPLAINT_FIELDS = ['name', 'email', 'phone', 'details'] as const;
export type ComplaintField = (typeof COMPLAINT_FIELDS)[number];

/** The form as the server sends it back after a post without JavaScript that it did not accept. */
export type ComplaintFormState = PlainFormState<ComplaintField>;

/** The ICO, the UK regulator people can complain to (UK GDPR Art 77). */
export const ICO = {
  url: 'https://ico.org.uk/make-a-complaint/',
  phone: '0303 123 1113',
  phoneE164: '+443031231113',
} as const;

export const complaintMessages = {
  /** The public form's fields. */
  nameRequired: 'Please enter your name',
  nameTooLong: `Name must be at most ${COMPLAINT_NAME_MAX_LENGTH} characters`,
  emailInvalid: 'Please enter a valid email address',
  detailsTooShort: `Please tell us what happened, in at least ${COMPLAINT_DETAILS_MIN_LENGTH} characters`,
  detailsTooLong: `Please keep your complaint to ${groupDigits(COMPLAINT_DETAILS_MAX_LENGTH)} characters or fewer`,
  /** The public form's notices. */
  sent: 'Complaint sent',
  submitFailed: 'Your complaint was not sent',
  submitFailedDetail: 'Please check your details and try again.',
  rateLimited: 'Too many complaints from your connection. Please wait an hour and try again, or write to us.',
  keyReused: 'This Idempotency-Key was already used for a different complaint. Send a new key with a new complaint.',
  /** Staff's screen and its API. */
  statusInvalid: 'Status must be open, resolved or all.',
  invalidId: 'Not a valid complaint id.',
  notFound: 'Complaint not found',
  alreadyResolved: 'This complaint is already resolved.',
  resolutionRequired: 'Write what you did about this complaint before marking it resolved',
  resolutionTooLong: `Resolution notes must be at most ${groupDigits(COMPLAINT_RESOLUTION_MAX_LENGTH)} characters`,
  resolved: 'Complaint marked as resolved',
  resolveFailed: 'Failed to mark the complaint as resolved',
} as const;

/** The list filter on staff's screen: open (the default), resolved, or every complaint. */
export const complaintFilterValues = ['open', 'resolved', 'all'] as const;
export type ComplaintFilter = (typeof complaintFilterValues)[number];

/** The date by which we reply: COMPLAINT_ACKNOWLEDGE_DAYS after the complaint arrived. */
export function complaintReplyDue(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + COMPLAINT_ACKNOWLEDGE_DAYS * 24 * 60 * 60 * 1000);
}
