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
