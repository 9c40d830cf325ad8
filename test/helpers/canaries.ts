import { createHash } from 'node:crypto';

/**
 * Log canaries (issue 17, log hygiene): distinctive secrets and personal details that tests feed
 * the app and that must never reach a log line. The log-hygiene check (log-hygiene.ts) looks for
 * each in every line the API tests capture, in the forms the app might write it (normalised,
 * upper or lower case, URL-encoded).
 */
export const canaries = {
  password: 'Kestrel canary orchard 8147',
  email: 'Canary.Seller.8147@Example.net',
  /** A mobile number the validation accepts (Ofcom's drama numbers are refused); nothing is ever sent to it. */
  phone: '07946 081473',
  registration: 'KN19 CRY',
  twilioAuthToken: 'ca11ab1ec0ffee5eed0b5e55ed5ca1e0',
  smtpUser: 'canary-mailer',
  smtpPassword: 'Smtp-canary-Qx7pass',
} as const;

/** The canary phone number as the app stores and sends it. */
export const canaryPhoneE164 = '+447946081473';

/**
 * The personal details and password the common helpers use (validValuation(), strongPassword()):
 * the whole API suite sends them, so the whole suite checks they stay out of the log.
 */
const helperValues: Record<string, string[]> = {
  'helper e-mail': ['Jo@Example.com'],
  'helper phone': ['07911 123456', '7911123456'],
  'helper registration': ['AB12CDE', 'AB12 CDE'],
  'helper password': ['Tangerine lantern'],
};

/** Below this many bytes a value's base64 forms are too short to be told from chance. */
const MIN_BASE64_BYTES = 16;

/**
 * The base64 a value leaves inside any longer base64 text (an `Authorization: Basic` header holds
 * base64 of `user:password`, whatever the user): for each of the three byte alignments, the
 * characters that depend on the value's bytes alone (issue 32).
 */
export function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value);
  if (bytes.length < MIN_BASE64_BYTES) return [];
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // The first group holds padding bytes unless aligned; the last partial group, whatever follows.
    return encoded.slice(offset === 0 ? 0 : 4, Math.floor((offset + bytes.length) / 3) * 4);
  });
}

const fixedValues: Record<string, string[]> = {
  'canary password': [canaries.password],
  'canary e-mail': [canaries.email],
  // The national significant number, with and without the space, finds 07…, +44… and 44… forms.
  'canary phone': ['7946081473', '7946 081473'],
  'canary registration': [canaries.registration, canaries.registration.replace(' ', '')],
  // As it is, and inside the `Authorization: Basic` header of base64(accountSid:authToken).
  'Twilio auth token': [canaries.twilioAuthToken, ...base64Forms(canaries.twilioAuthToken)],
  'SMTP password': [
    canaries.smtpPassword,
    // AUTH PLAIN and AUTH LOGIN carry it base64-encoded.
    Buffer.from(`\u0000${canaries.smtpUser}\u0000${canaries.smtpPassword}`).toString('base64'),
    Buffer.from(canaries.smtpPassword).toString('base64'),
  ],
  ...helperValues,
};

/** A value as it may appear in a line: as it is and URL-encoded (a path, a query string). */
export function formsOf(value: string): string[] {
  const forms = new Set([value, encodeURIComponent(value), value.replace(/ /g, '+')]);
  return [...forms].map((form) => form.toLowerCase());
}

export type CanaryForm = { name: string; form: string };

/** Every fixed canary, in every form, lower-cased (lines are compared lower-cased). */
export const fixedCanaryForms: readonly CanaryForm[] = Object.entries(fixedValues).flatMap(([name, values]) =>
  values.flatMap((value) => formsOf(value).map((form) => ({ name, form }))),
);

/** A session cookie's token and the SHA-256 the sessions table keeps of it. */
export function sessionTokenForms(token: string): string[] {
  return [token, createHash('sha256').update(token).digest('hex')];
}
