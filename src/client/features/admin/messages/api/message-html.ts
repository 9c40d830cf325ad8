import { messagesQueryKey } from './list-messages';

/**
 * GET /api/admin/messages/{id}/html: the e-mail's HTML part, served with its own restrictive
 * Content-Security-Policy, for a sandboxed frame only (never inserted into our page).
 */
export function messageHtmlUrl(id: string): string {
  return `${messagesQueryKey[0]}/${encodeURIComponent(id)}/html`;
}
