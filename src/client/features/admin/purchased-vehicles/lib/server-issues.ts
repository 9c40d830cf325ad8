import { ApiError } from '~/client/lib/api-client';

/** The server's message for a field that is not a form input (e.g. `photos`), if it named one. */
export function issueFor(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.body?.issues?.find((issue) => issue.path.split(/[./]/).filter(Boolean).at(-1) === field)?.message;
}
