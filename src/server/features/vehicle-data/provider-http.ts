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

/** Sends one request and reads its JSON answer (undefined when it is not JSON); throws ProviderError on time-out or no connection. */
export async function exchange(
  provider: ProviderName,
  url: string,
  init: RequestInit,
  options: ProviderClientOptions,
): Promise<ProviderAnswer> {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  try {
    const response = await (options.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    if (timedOut) throw new ProviderError(provider, 'timeout', `no answer within ${timeoutMs} ms`, { cause: error });
    throw new ProviderError(provider, 'unreachable', `request failed: ${String(error)}`, { cause: error });
  }
}

/** The failure an error status stands for. */
export function failureOf(status: number): ProviderFailure {
  if (status === 400) return 'rejected';
  if (status === 401 || status === 403) return 'refused';
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'unavailable';
  return 'failed';
}
