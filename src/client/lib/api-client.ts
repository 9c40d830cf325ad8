import type { ApiErrorBody } from '~/shared/api-error';
import { readApiErrorBody } from '~/shared/api-error-reader';

/**
 * The request helper of SPEC section 7: JSON in and out, cookies sent, and a
 * non-OK response raised as an ApiError whose text is "status: body". The
 * parsed body (our `{ message, issues }` shape) is kept for forms and toasts.
 * It is read without zod (~/shared/api-error-reader): pages that need no zod
 * themselves load none.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }

  /** The server's message for people, or the fallback the screen provides. */
  userMessage(fallback: string): string {
    return this.body?.message ?? fallback;
  }
}

function parseErrorBody(text: string): ApiErrorBody | undefined {
  try {
    return readApiErrorBody(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export async function apiRequest<T>(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...init.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiError(response.status, text, parseErrorBody(text));
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
