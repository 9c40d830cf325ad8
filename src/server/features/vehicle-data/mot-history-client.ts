import { z } from 'zod';
import type { VehicleDataConfig } from '~/server/config';
import { exchange, failureOf, ProviderError, type ProviderClientOptions } from './provider-http';

/**
 * DVSA's MOT History API (shared/contracts/external-apis.md §2), for the model name VES lacks.
 * OAuth2 client credentials (Microsoft Entra ID) give a bearer token, kept until shortly before
 * its `expires_in` and shared by concurrent callers (one token request at a time); every call
 * also sends `X-API-Key`. A 401 drops the token and tries once more with a new one.
 */

export type MotHistoryConfig = NonNullable<VehicleDataConfig['motHistory']>;

const motVehicleSchema = z.looseObject({
  registration: z.string().nullish(),
  make: z.string().nullish(),
  model: z.string().nullish(),
  hasOutstandingRecall: z.string(),
});

export type MotVehicle = z.infer<typeof motVehicleSchema>;

export type MotHistoryClient = {
  /** The vehicle with this registration (storage form), or null when DVSA has none. */
  vehicle(registration: string): Promise<MotVehicle | null>;
};

const tokenSchema = z.object({
  token_type: z.string(),
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

/** A token is given up this long before it expires, so none expires in flight. */
const TOKEN_MARGIN_MS = 60_000;

type Token = { value: string; renewAt: number };

export function createMotHistoryClient(
  config: MotHistoryConfig,
  options: ProviderClientOptions & { clock?: () => Date } = {},
): MotHistoryClient {
  const clock = options.clock ?? (() => new Date());
  const apiUrl = config.apiUrl.replace(/\/+$/, '');
  let token: Token | undefined;
  let pending: Promise<Token> | undefined;

  async function requestToken(): Promise<Token> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      scope: config.scope,
    });
    const init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form };
    const { status, body } = await exchange('DVSA', config.tokenUrl, init, options);
    const parsed = tokenSchema.safeParse(body);
    if (status !== 200 || !parsed.success) {
      const reason = (body as { error?: unknown } | undefined)?.error;
      const failure = status === 200 ? 'failed' : status === 400 ? 'refused' : failureOf(status);
      throw new ProviderError('DVSA', failure, `token request answered ${status} ${String(reason ?? '')}`, { status });
    }
    const lifetimeMs = parsed.data.expires_in * 1000;
    // Half the lifetime when it is too short for the margin.
    const keepMs = Math.max(lifetimeMs / 2, lifetimeMs - TOKEN_MARGIN_MS);
    return { value: parsed.data.access_token, renewAt: clock().getTime() + keepMs };
  }

  async function currentToken(): Promise<string> {
    if (token && clock().getTime() < token.renewAt) return token.value;
    pending ??= requestToken().finally(() => {
      pending = undefined;
    });
    token = await pending;
    return token.value;
  }

  async function fetchVehicle(registration: string) {
    const url = `${apiUrl}/v1/trade/vehicles/registration/${encodeURIComponent(registration)}`;
    const headers = { authorization: `Bearer ${await currentToken()}`, 'x-api-key': config.apiKey };
    return exchange('DVSA', url, { headers: { ...headers, accept: 'application/json' } }, options);
  }

  return {
    async vehicle(registration) {
      let answer = await fetchVehicle(registration);
      if (answer.status === 401) {
        token = undefined;
        answer = await fetchVehicle(registration);
      }
      const { status, body } = answer;
      if (status === 404) return null;
      if (status !== 200) {
        const code = (body as { errorCode?: unknown } | undefined)?.errorCode;
        throw new ProviderError('DVSA', failureOf(status), `${status} ${String(code ?? '')}`, { status });
      }
      const vehicle = motVehicleSchema.safeParse(body);
      if (!vehicle.success) throw new ProviderError('DVSA', 'failed', 'unreadable vehicle record', { status });
      return vehicle.data;
    },
  };
}
