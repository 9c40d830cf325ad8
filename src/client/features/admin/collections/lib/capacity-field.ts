import { ApiError } from '~/client/lib/api-client';
import { collectionMessages, SLOT_CAPACITY_MAX } from '~/shared/collections';

/** A capacity as typed: a whole number from 0 to SLOT_CAPACITY_MAX, or the message to show. */
export function readCapacity(value: string): { value: number } | { error: string } {
  const trimmed = value.trim();
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > SLOT_CAPACITY_MAX) {
    return { error: collectionMessages.capacityRange };
  }
  return { value: Number(trimmed) };
}

/** The server's message for each field it refused (`issues: [{ path, message }]`), by the field's name. */
export function fieldIssues(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const issues: Record<string, string> = {};
  for (const issue of error.body?.issues ?? []) {
    const name = issue.path.split(/[./]/).filter(Boolean).at(-1);
    if (name && !issues[name]) issues[name] = issue.message;
  }
  return issues;
}
