import { messagesQueryKey } from './list-messages';

/** GET /api/admin/messages/{id}/attachments/{index}: an attachment, by its place in `attachments` (from 0). */
export function messageAttachmentUrl(id: string, index: number): string {
  return `${messagesQueryKey[0]}/${encodeURIComponent(id)}/attachments/${index}`;
}
