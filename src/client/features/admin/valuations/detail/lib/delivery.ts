import type { Offer } from '~/shared/valuation-offer';
import type { MessageStatus } from '~/shared/messages';

/** How often the page asks again while an offer's message is on its way (as the Messages screen does). */
export const DELIVERY_REFETCH_MS = 2_000;

const pending: readonly string[] = ['queued', 'sending'] satisfies MessageStatus[];

/** TanStack Query's refetchInterval: every 2 s while any offer's message is queued or sending. */
export function deliveryRefetchInterval(offers: readonly Pick<Offer, 'messages'>[] | undefined): number | false {
  const waiting = offers?.some((offer) => offer.messages.some((message) => pending.includes(message.status)));
  return waiting ? DELIVERY_REFETCH_MS : false;
}

/** The delivery status in words, for statuses the outbox has and any it adds later. */
export const deliveryLabels: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Held: sending not set up',
};

export function deliveryLabel(status: string): string {
  return deliveryLabels[status as MessageStatus] ?? status.charAt(0).toUpperCase() + status.slice(1);
}
