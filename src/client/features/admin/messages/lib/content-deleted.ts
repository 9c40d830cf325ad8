import type { MessageSummary } from '~/shared/messages';
import { formatUkDate } from '../../lib/format-date';

const DAY_MS = 24 * 60 * 60 * 1000;

type Facts = Pick<MessageSummary, 'contentDeletedAt' | 'sentAt' | 'createdAt'>;

/**
 * What staff read where a message's content was: when retention deleted it, and how long after
 * the message went (or, for one never sent, after it was queued). Undefined while it is kept.
 */
export function contentDeletedNotice(message: Facts): string | undefined {
  if (!message.contentDeletedAt) return undefined;
  const from = message.sentAt ?? message.createdAt;
  const days = Math.max(0, Math.floor((Date.parse(message.contentDeletedAt) - Date.parse(from)) / DAY_MS));
  const after = message.sentAt ? 'after sending' : 'after it was queued (it was never sent)';
  return `Content deleted on ${formatUkDate(message.contentDeletedAt)}, ${days} ${days === 1 ? 'day' : 'days'} ${after}, under our retention policy.`;
}
