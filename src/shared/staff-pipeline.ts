import { z } from 'zod';
import { int, INT4_MAX, optionalText } from './schema-kit';

/**
 * The staff pipeline (issue 37): who owns a request, and the promise we make every seller, a
 * first answer within PROMISE_HOURS of their request. The first answer is an offer sent or a
 * contact logged with its channel; the clock stops at the earlier of the two.
 */

/** We promise every seller an answer within this many hours of their request. */
export const PROMISE_HOURS = 24;
/** The owner (or, while nobody owns it, all staff) is e-mailed this many hours in. */
export const PROMISE_WARNING_HOURS = 20;
/** Within this many hours of the promise running out, the dashboard marks a request as close. */
export const PROMISE_CLOSE_HOURS = PROMISE_HOURS - PROMISE_WARNING_HOURS;
/** The dashboard's "promise kept" figure looks back this many days. */
export const PROMISE_KEPT_DAYS = 30;

const HOUR_MS = 3_600_000;

/** When the promise to answer a request made at `createdAt` runs out. */
export function promiseDueAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PROMISE_HOURS * HOUR_MS);
}

/** When the owner is warned that the promise is close to running out. */
export function promiseWarningAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PROMISE_WARNING_HOURS * HOUR_MS);
}

/** How staff reached the seller, when they log a contact. */
export const contactChannels = ['call', 'text', 'whatsapp', 'email'] as const;
export type ContactChannel = (typeof contactChannels)[number];

export const contactChannelLabels: Record<ContactChannel, string> = {
  call: 'Phone call',
  text: 'Text message',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
};

export const pipelineMessages = {
  invalidOwner: 'Choose a member of staff, or nobody.',
  ownerNotFound: 'That member of staff no longer exists.',
  alreadyOwner: 'This request already has that owner.',
  invalidChannel: `Say how you reached the seller: ${contactChannels.map((c) => contactChannelLabels[c]).join(', ')}.`,
  noteTooLong: 'Keep the note to 1,000 characters or fewer.',
  // The back office's toasts.
  claimed: 'You own this request now',
  assigned: 'Owner changed',
  unassigned: 'Nobody owns this request now',
  contactLogged: 'Contact logged',
} as const;

export const CONTACT_NOTE_MAX_LENGTH = 1000;

/** `PUT /api/admin/valuations/:id/owner`: give the request to a member of staff, or to nobody (null). */
export const ownerChangeSchema = z.object(
  // A user id is an int4 identity: the document gives its range, as the server keeps to it.
  { userId: int({ min: 1, max: INT4_MAX, message: pipelineMessages.invalidOwner }).nullable() },
  { message: pipelineMessages.invalidOwner },
);
export type OwnerChange = z.infer<typeof ownerChangeSchema>;

/** `POST /api/admin/valuations/:id/contacts`: staff reached the seller, how, and what was said. */
export const contactLogSchema = z.object(
  {
    channel: z.enum(contactChannels, { message: pipelineMessages.invalidChannel }),
    note: optionalText({ max: CONTACT_NOTE_MAX_LENGTH, tooLong: pipelineMessages.noteTooLong, multiline: true }),
  },
  { message: pipelineMessages.invalidChannel },
);
export type ContactLog = z.input<typeof contactLogSchema>;

/** A member of staff as an owner is shown: "Priya Shah", or their username when they gave no name. */
export const staffMemberSchema = z.object({ id: z.number().int(), name: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `GET /api/admin/staff`: who a request can be given to, by name. */
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });

/** A request's place on the promise: when it runs out, and when (if) it was first answered. */
export const promiseViewSchema = z.object({
  dueAt: z.iso.datetime(),
  firstAnsweredAt: z.iso.datetime().nullable(),
});
export type PromiseView = z.infer<typeof promiseViewSchema>;

/** A logged contact, as the detail page lists it. */
export const contactEntrySchema = z.object({
  id: z.uuid(),
  channel: z.enum(contactChannels),
  note: z.string().nullable(),
  by: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ContactEntry = z.infer<typeof contactEntrySchema>;

/** The request's owner and promise, and its contacts: the detail page's "Owner and promise" card. */
export const pipelineDetailSchema = z.object({
  owner: staffMemberSchema.nullable(),
  assignedAt: z.iso.datetime().nullable(),
  promise: promiseViewSchema,
  contacts: z.array(contactEntrySchema),
  /** The server's time, for the timer. */
  now: z.iso.datetime(),
});
export type PipelineDetail = z.infer<typeof pipelineDetailSchema>;

/**
 * The dashboard's "promise kept" figure: of the requests received in the last PROMISE_KEPT_DAYS
 * whose answer is due by now (or came early), how many were answered within PROMISE_HOURS; and the
 * same per week, oldest first (the last week ends today). `waiting`: open requests not yet answered
 * and still inside their 24 hours; `overdue`: past them.
 */
export const promiseStatsSchema = z.object({
  kept: z.number().int(),
  due: z.number().int(),
  /** kept / due as a whole percentage; null when nothing was due. */
  keptPercent: z.number().int().nullable(),
  weeks: z.array(z.object({ from: z.iso.date(), to: z.iso.date(), kept: z.number().int(), due: z.number().int() })),
  waiting: z.number().int(),
  /** Counted up to VALUATION_LIST_COUNT_CAP, as the lists count (`overdueCapped` past it: "1,000+"). */
  overdue: z.number().int(),
  overdueCapped: z.boolean(),
});
export type PromiseStats = z.infer<typeof promiseStatsSchema>;

/** How much time is left on a request's promise, in words staff read at a glance. */
export function timeLeftLabel(dueAt: Date, now: Date): { label: string; tone: 'ok' | 'close' | 'overdue' } {
  const minutes = Math.round((dueAt.getTime() - now.getTime()) / 60_000);
  const words = (m: number) => {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    if (h === 0) return `${rest} min`;
    return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
  };
  if (minutes < 0) return { label: `Overdue by ${words(-minutes)}`, tone: 'overdue' };
  if (minutes <= PROMISE_CLOSE_HOURS * 60) return { label: `${words(minutes)} left`, tone: 'close' };
  return { label: `${words(minutes)} left`, tone: 'ok' };
}
