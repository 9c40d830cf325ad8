import { z } from 'zod';
import { paginatedSchema, paginationQuery, text } from './schema-kit';
import { formatPhone, phoneSchema } from './phone';

/**
 * Phone calls (issue 16; SPEC sections 2, 3, 5, 7, 8 and 9): staff's call log, stats and controls
 * (`/api/calls…`) and Twilio's webhooks (`/api/twilio/…`). Statuses are Twilio's own call statuses.
 */

export const CALL_NOTES_MAX_LENGTH = 2000;
/** SPEC section 9: the list is polled every 5 seconds, the stats every 60. */
export const CALL_LIST_POLL_MS = 5_000;
export const CALL_STATS_POLL_MS = 60_000;
/** A voicemail is at most this long (`<Record maxLength>`). */
export const VOICEMAIL_MAX_SECONDS = 120;

/** Twilio's call statuses; a call in the first four is still live. */
export const callStatuses = [
  'queued',
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'failed',
  'no-answer',
  'canceled',
] as const;
export type CallStatus = (typeof callStatuses)[number];
export const liveCallStatuses: readonly CallStatus[] = ['queued', 'initiated', 'ringing', 'in-progress'];
export const finalCallStatuses: readonly CallStatus[] = ['completed', 'busy', 'failed', 'no-answer', 'canceled'];

export const callDirections = ['inbound', 'outbound'] as const;

export const callMessages = {
  notFound: 'Call not found',
  notesTooLong: `Notes must be at most ${CALL_NOTES_MAX_LENGTH.toLocaleString('en-GB')} characters`,
  notRinging: 'This call is no longer waiting to be answered.',
  callerHungUp: 'The caller hung up before the call was answered.',
  callEnded: 'This call has already ended.',
  noActiveCall: 'There is no call in progress to hang up.',
  notConfigured: 'Phone calls are not set up.',
  /** The reason the controls are disabled, naming what to set. */
  missingSettings: (names: string[]) => `Phone calls are not set up: set ${names.join(', ')} in the server's settings.`,
  twilioRefused: 'Twilio refused the call',
  twilioUnreachable: 'Could not reach Twilio. Please try again.',
  badSignature: 'This request was not signed by Twilio.',
  noRecording: 'This call has no recording.',
} as const;

export const callLogSchema = z.object({
  id: z.number().int(),
  callSid: z.string(),
  fromNumber: z.string().nullable(),
  toNumber: z.string().nullable(),
  status: z.string().nullable(),
  direction: z.string().nullable(),
  /** Seconds. */
  duration: z.number().int().nullable(),
  /** Whether a recording can be played (through our server; Twilio's URL needs credentials). */
  hasRecording: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  customerName: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type CallLogItem = z.infer<typeof callLogSchema>;

export const callListQuerySchema = paginationQuery({ defaultPageSize: 20, maxPageSize: 100 });
export const callListResponseSchema = paginatedSchema(callLogSchema);
export type CallListResponse = z.infer<typeof callListResponseSchema>;

/** SPEC section 3: total, today, answered, averageDuration (seconds). */
export const callStatsSchema = z.object({
  total: z.number().int(),
  today: z.number().int(),
  answered: z.number().int(),
  averageDuration: z.number().int(),
});
export type CallStats = z.infer<typeof callStatsSchema>;

/** What the calls page needs to know about the set-up: controls work only when `ready`. */
export const callSetupSchema = z.object({
  ready: z.boolean(),
  /** The plain reason the controls are disabled, or null. */
  reason: z.string().nullable(),
  /** The URL to enter as the Twilio number's "A call comes in" webhook. */
  webhookUrl: z.string(),
  /** The URL to enter as the number's call status callback. */
  statusCallbackUrl: z.string(),
  businessNumber: z.string().nullable(),
  recording: z.boolean(),
  queueTimeoutSeconds: z.number().int(),
});
export type CallSetup = z.infer<typeof callSetupSchema>;

export const callSidParamsSchema = z.object({
  callSid: z.string().regex(/^CA[0-9a-f]{32}$/i, callMessages.notFound),
});

export const callNotesBodySchema = z.object({
  notes: text({ max: CALL_NOTES_MAX_LENGTH, tooLong: callMessages.notesTooLong, multiline: true, trim: true }),
});

export const makeCallBodySchema = z.object({ phoneNumber: phoneSchema });

/** `GET /api/twilio/test`: each check Twilio's side passed or failed, in plain words. */
export const twilioTestResponseSchema = z.object({
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type TwilioTestResponse = z.infer<typeof twilioTestResponseSchema>;

/** SPEC section 9: minutes:seconds, e.g. 125 → "2:05"; no duration yet → "0:00". */
export function formatCallDuration(seconds: number | null | undefined): string {
  const total = Math.max(0, Math.round(seconds ?? 0));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * A call's number as every other screen writes numbers (SPEC section 9's leading 0 for +44, with
 * the space: "+447700900123" → "07700 900123"); others' in international form. What is not a phone
 * number (Twilio's "anonymous", a "client:" caller) stays as Twilio gave it.
 */
export function displayCallNumber(number: string | null | undefined): string {
  if (!number) return 'Unknown';
  return formatPhone(number) ?? number;
}
