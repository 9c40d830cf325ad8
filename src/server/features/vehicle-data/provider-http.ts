/**
 * What the DVLA and DVSA clients share: one HTTP exchange with a time-out, and the error that
 * says how a provider failed, so the lookup can answer the seller plainly.
 */

/** Every provider request gives up after this long (issue 10: 5 s, never a hang). */
export const PROVIDER_TIMEOUT_MS = 5_000;

/** Google: the Routes API (features/distance), which shares this plumbing. */
export type ProviderName = 'DVLA' | 'DVSA' | 'Google';

/**
 * - `rejected`: the provider refused the registration itself (400);
 * - `rate-limited`: 429; `unavailable`: 503 (maintenance);
 * - `failed`: another error status, or an answer we cannot read;
 * - `refused`: our credentials were refused (401/403), a set-up problem;
 * - `timeout`: no answer in time; `unreachable`: no connection.
 */
export type ProviderFailure =
  'rejected' | 'rate-limited' | 'unavailable' | 'failed' | 'refused' | 'timeout' | 'unreachable';

export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly failure: ProviderFailure,
    message: string,
    readonly options: { status?: number; cause?: unknown } = {},
  ) {
    super(`${provider}: ${message}`, { cause: options.cause });
    this.name = 'ProviderError';
  }
}

export type ProviderClientOptions = {
  /** Per request; PROVIDER_TIMEOUT_MS unless a test wants it shorter. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type ProviderAnswer = { status: number; body: unknown };

/**
 * Sends one request and reads its JSON answer (undefined when it is not JSON); throws ProviderError on
 * time-out or no connection. Every request sent this way is a read (a lookup, a route, a token), so
 * one whose connection drops before an answer is sent once more, within the same time limit: the
 * usual cause is a kept-alive connection the provider closed just as we reused it, and the seller
 * should not be told DVLA is unreachable for that.
 */
export async function exchange(
  provider: ProviderName,
  url: string,
  init: RequestInit,
  options: ProviderClientOptions,
): Promise<ProviderAnswer> {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await answerOf(await (options.fetch ?? fetch)(url, { ...init, signal }));
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (timedOut) throw new ProviderError(provider, 'timeout', `no answer within ${timeoutMs} ms`, { cause: error });
      if (attempt === 1 && connectionDropped(error)) continue;
      throw new ProviderError(provider, 'unreachable', `request failed: ${String(error)}`, { cause: error });
    }
  }
}

async function answerOf(response: Response): Promise<ProviderAnswer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/** Codes of a connection that was made and then broke (not one refused, or a name not found). */
const droppedConnectionCodes = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

function connectionDropped(error: unknown): boolean {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : undefined;
  return typeof code === 'string' && droppedConnectionCodes.has(code);
}

/** The failure an error status stands for. */
export function failureOf(status: number): ProviderFailure {
  if (status === 400) return 'rejected';
  if (status === 401 || status === 403) return 'refused';
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'unavailable';
  return 'failed';
}
