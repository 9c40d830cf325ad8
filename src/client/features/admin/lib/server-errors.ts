import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '~/client/lib/api-client';

/** The server's message for people when it sent one, else the screen's fallback (network errors included). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.userMessage(fallback) : fallback;
}

/**
 * Shows the server's field messages (`issues: [{ path, message }]`) on the form's
 * own fields and focuses the first. Returns whether any issue matched a field.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const issue of error.body?.issues ?? []) {
    // Paths may arrive as "username", "body.username" or "/username".
    const name = issue.path.split(/[./]/).filter(Boolean).at(-1);
    const field = fields.find((f) => f === name);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
