import type { MessageStatus } from '~/shared/messages';

/** How often a screen with a message on its way asks again: quick enough to watch a test go out. */
export const PENDING_REFETCH_MS = 2_000;
/** The longest wait for a queued message whose next attempt is far off (a retry after a failure). */
export const QUEUED_REFETCH_MAX_MS = 30_000;

type PendingFacts = { status: MessageStatus; nextAttemptAt: string | null };

/**
 * TanStack Query's refetchInterval for a list or a message: every 2 s while one is sending or
 * about to be, false when nothing is on its way. A message queued for a later retry is asked
 * about near its attempt time instead (at most every 30 s), not every 2 s for minutes.
 */
export function pendingRefetchInterval(messages: readonly PendingFacts[], now: number): number | false {
  let interval: number | false = false;
  for (const message of messages) {
    let wait: number;
    if (message.status === 'sending') wait = PENDING_REFETCH_MS;
    else if (message.status === 'queued') {
      const due = message.nextAttemptAt ? Date.parse(message.nextAttemptAt) - now : 0;
      wait = Math.min(Math.max(Number.isNaN(due) ? 0 : due, PENDING_REFETCH_MS), QUEUED_REFETCH_MAX_MS);
    } else continue;
    interval = interval === false ? wait : Math.min(interval, wait);
  }
  return interval;
}
