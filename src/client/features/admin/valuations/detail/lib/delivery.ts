import type { MessageStatus } from '~/shared/messages';
import type { Offer } from '~/shared/valuation-offer';
import { pendingRefetchInterval } from '../../../messages';

/** TanStack Query's refetchInterval: as the Messages screen asks, while any offer's message is on its way. */
export function deliveryRefetchInterval(offers: readonly Pick<Offer, 'messages'>[] | undefined): number | false {
  const messages = (offers ?? []).flatMap((offer) =>
    offer.messages.map((message) => ({ status: message.status as MessageStatus, nextAttemptAt: null })),
  );
  return pendingRefetchInterval(messages, Date.now());
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
