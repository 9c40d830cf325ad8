import { messageChannels, messageStatuses, type MessageChannel, type MessageStatus } from '~/shared/messages';

/** Longest recipient search the API takes (messageListQuerySchema). */
export const RECIPIENT_SEARCH_MAX_LENGTH = 100;

/** What the list shows, as kept in the address bar: `?status=failed&channel=email&recipient=gmail&page=2`. */
export type MessageFilters = {
  page: number;
  status: MessageStatus | undefined;
  channel: MessageChannel | undefined;
  /** Trimmed; '' for no search. */
  recipient: string;
};

export const noFilters: MessageFilters = { page: 1, status: undefined, channel: undefined, recipient: '' };

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((item) => item === value);
}

/**
 * Reads the filters from the address. Anything unreadable (an edited or old link) falls back
 * to its default instead of failing, so a bad address still shows the list.
 */
export function parseMessageFilters(search: URLSearchParams): MessageFilters {
  const page = search.get('page') ?? '';
  return {
    page: /^[1-9]\d{0,3}$/.test(page) ? Number(page) : 1,
    status: oneOf(messageStatuses, search.get('status')),
    channel: oneOf(messageChannels, search.get('channel')),
    recipient: (search.get('recipient') ?? '').trim().slice(0, RECIPIENT_SEARCH_MAX_LENGTH),
  };
}

/**
 * The address for these filters, keeping parameters that are not filters (the open message).
 * Defaults are left out, so the plain list is plain `/admin/messages`.
 */
export function withMessageFilters(search: URLSearchParams, filters: MessageFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  const values: Record<'status' | 'channel' | 'recipient' | 'page', string | undefined> = {
    status: filters.status,
    channel: filters.channel,
    recipient: filters.recipient || undefined,
    page: filters.page > 1 ? String(filters.page) : undefined,
  };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** A filter change starts again from page 1; a page change keeps the filters. */
export function changeFilters(current: MessageFilters, change: Partial<MessageFilters>): MessageFilters {
  return { ...current, page: 1, ...change };
}

export function hasActiveFilters(filters: MessageFilters): boolean {
  return filters.status !== undefined || filters.channel !== undefined || filters.recipient !== '';
}

/** Whether a just-created message is at the top of the list with these filters (else we show all). */
export function showsNewMessage(
  filters: MessageFilters,
  message: { status: MessageStatus; channel: MessageChannel; recipient: string },
): boolean {
  return (
    filters.page === 1 &&
    (filters.status === undefined || filters.status === message.status) &&
    (filters.channel === undefined || filters.channel === message.channel) &&
    message.recipient.toLowerCase().includes(filters.recipient.toLowerCase())
  );
}

/** The message open in the detail dialog (`?message=<id>`), when the address names one. */
export function parseOpenMessage(search: URLSearchParams): string | undefined {
  const id = search.get('message');
  return id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : undefined;
}
