import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '~/server/config';
import type { Database } from '~/server/db/client';
import { startHaproxy } from '../../scripts/lib/cluster.mjs';
import { getFreePort } from '../../scripts/lib/start-app.mjs';

/**
 * The API suite on two app instances behind HAProxy (issue 38: "the API suite passes against two
 * processes behind HAProxy"). With API_CLUSTER=1, every API test on PostgreSQL gets two instances
 * of the app (test/helpers/app.ts), each with its own database pool, caches, rate-limit and
 * session handling, listening on its own port behind Debian's HAProxy, which sends requests to
 * them in turn; the test's `app.inject` becomes an HTTP request through HAProxy. So every step a
 * test takes lands on the other instance from the step before, and anything one instance kept to
 * itself would fail the test. They share the test process (its injected clock, fake providers and
 * file store, as processes share the clock, the providers and the bucket); the cluster suites
 * (test/suites/cluster*.test.ts) run separate processes.
 *
 *   API_CLUSTER=1 TEST_DATABASE_URL=postgres://… npx vitest run src/server
 */
export const apiSuiteOnCluster = process.env.API_CLUSTER === '1';

/**
 * How many app instances answer an API test's requests (two behind the test HAProxy, else one).
 * What decision 006 leaves to each process (the DVSA token, coalescing of concurrent lookups of one
 * key) happens once per instance: tests of it count per instance.
 */
export const apiInstances = apiSuiteOnCluster ? 2 : 1;

/** The request header the test HAProxy turns into X-Forwarded-For: the address app.inject would have used. */
const CLIENT_ADDRESS_HEADER = 'x-test-client-address';

/**
 * The app behind HAProxy trusts one more proxy than the test configured, so that it sees the
 * client address the test named (remoteAddress), as app.inject makes it the socket's.
 */
export function behindTestProxy(config: AppConfig): AppConfig {
  const { trustProxy } = config;
  const trusted =
    trustProxy === false ? 1 : typeof trustProxy === 'number' ? trustProxy + 1 : [...trustProxy, '127.0.0.1'];
  return { ...config, trustProxy: trusted };
}

/**
 * Starts listening on both apps and HAProxy in front of them; `inject` of the first goes through
 * HAProxy. Each app hears the others' changes (content, sessions) through PostgreSQL LISTEN, as
 * server.ts has every process do.
 */
export async function serveBehindHaproxy(
  instances: Array<{ app: FastifyInstance; database: Database }>,
): Promise<{ stop(): Promise<void> }> {
  const apps = instances.map(({ app }) => app);
  const hearings = instances.map(({ database }) => hearBarriers(database));
  const stopHearing = await Promise.all(
    instances.flatMap(({ app, database }) => [app.contentChanges.listen(), app.sessions.listen(database)]),
  );
  const barrier = notificationBarrier(instances[0]!.database, hearings);
  // Each process buffers its visitors' page views and writes them every few seconds: a test that
  // writes them now (app.visits.flush) means every instance's.
  const first = apps[0]!;
  const flushOne = first.visits.flush.bind(first.visits);
  first.visits.flush = async () => {
    await flushOne();
    for (const app of apps.slice(1)) await app.visits.flush();
  };
  const members = await Promise.all(
    apps.map(async (app) => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      return { port: (app.server.address() as { port: number }).port };
    }),
  );
  const port = await getFreePort();
  const haproxy = await startHaproxy({
    host: '127.0.0.1',
    port,
    members,
    balance: 'roundrobin',
    clientAddressHeader: CLIENT_ADDRESS_HEADER,
  });
  const agent = new http.Agent({ keepAlive: true });
  first.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined) {
      throw new Error('API_CLUSTER=1: only app.inject(options) goes through HAProxy; write the test that way');
    }
    const given = typeof options === 'string' ? { url: options } : options;
    return requestThrough(haproxy.baseUrl, agent, given).then(async (response) => {
      if (!['GET', 'HEAD', 'OPTIONS'].includes(String(given.method ?? 'GET').toUpperCase())) await barrier();
      return response;
    });
  }) as FastifyInstance['inject'];
  // A test that listens to use a real socket already has one: listen() gives HAProxy's address, and
  // app.server.address() stays the first instance's own (for raw requests that must reach it unchanged).
  first.listen = (async (options?: { port?: number }) => {
    if (options?.port) throw new Error('API_CLUSTER=1: listen on port 0 and use the address listen() gives');
    return haproxy.baseUrl;
  }) as unknown as FastifyInstance['listen'];
  return {
    async stop() {
      agent.destroy();
      await haproxy.stop();
      await Promise.all(stopHearing.map((stop) => stop()));
    },
  };
}

const BARRIER = 'test-barrier ';

type Hearing = { channels: Set<string>; heard: Set<string>; waiters: Set<() => void> };

/**
 * Wraps `database.listen` so that the test can tell when this instance has heard everything
 * NOTIFYed so far: a barrier payload sent after a change arrives after that change's notification
 * (PostgreSQL delivers a channel's notifications in commit order), and is never handed to the app.
 */
function hearBarriers(database: Database): Hearing {
  const hearing: Hearing = { channels: new Set(), heard: new Set(), waiters: new Set() };
  const listen = database.listen.bind(database);
  database.listen = (channel, onNotify) => {
    hearing.channels.add(channel);
    return listen(channel, (payload) => {
      if (!payload.startsWith(BARRIER)) return onNotify(payload);
      hearing.heard.add(payload);
      for (const wake of hearing.waiters) wake();
    });
  };
  return hearing;
}

/**
 * After a request that may have changed something: waits until every instance has heard the
 * notifications that change sent (content, sessions), as a person's next click, tens of
 * milliseconds later, would find them. A change that sends no notification is not waited for, so a
 * missing one still fails the test.
 */
function notificationBarrier(database: Database, hearings: Hearing[]) {
  return async () => {
    const channels = new Set(hearings.flatMap((hearing) => [...hearing.channels]));
    const payloads = [...channels].map((channel) => ({ channel, payload: `${BARRIER}${randomUUID()}` }));
    if (payloads.length === 0) return;
    const notifies = payloads.map(({ channel, payload }) => sql`pg_notify(${channel}, ${payload})`);
    await database.db.execute(sql`select ${sql.join(notifies, sql`, `)}`);
    const heardAll = (hearing: Hearing) =>
      payloads.every(({ channel, payload }) => !hearing.channels.has(channel) || hearing.heard.has(payload));
    await Promise.all(
      hearings.map(
        (hearing) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error('API_CLUSTER=1: an instance heard no barrier in 5 s')),
              5_000,
            );
            const check = () => {
              if (!heardAll(hearing)) return;
              clearTimeout(timer);
              hearing.waiters.delete(check);
              resolve();
            };
            hearing.waiters.add(check);
            check();
          }),
      ),
    );
  };
}

/** The request app.inject(options) would make, over HTTP through HAProxy, answered as app.inject answers. */
async function requestThrough(
  baseUrl: string,
  agent: http.Agent,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const given = String(options.url ?? options.path ?? '/');
  const absolute = given.startsWith('/') ? undefined : new URL(given);
  const url = new URL(absolute ? absolute.pathname + absolute.search : given, 'http://localhost');
  for (const [name, value] of Object.entries((options.query as Record<string, string | string[]>) ?? {})) {
    for (const one of [value].flat()) url.searchParams.append(name, one);
  }
  const headers: Record<string, string | string[]> = {
    'user-agent': 'lightMyRequest',
    host: absolute?.host ?? options.authority ?? 'localhost:80',
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value : String(value);
  }
  if (options.cookies) {
    const cookies = Object.entries(options.cookies).map(([name, value]) => `${name}=${value}`);
    headers.cookie = [headers.cookie, ...cookies].filter(Boolean).join('; ');
  }
  headers[CLIENT_ADDRESS_HEADER] = options.remoteAddress ?? '127.0.0.1';
  const body = await bodyOf(options.payload ?? options.body, headers);
  if (body !== undefined) headers['content-length'] = String(body.length);

  const send = () =>
    new Promise<LightMyRequestResponse>((resolve, reject) => {
      let answered = false;
      const request = http.request(
        `${baseUrl}${url.pathname}${url.search}`,
        { method: options.method ?? 'GET', headers, agent },
        (response) => {
          answered = true;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => resolve(answer(response, Buffer.concat(chunks))));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection that HAProxy closed as this request set off on it (it closes one
        // whose last request's body the app refused unread, after a 413): the request never reached
        // anyone, and browsers send it again on a new connection, as Node's documentation advises
        // (request.reusedSocket). Anything else is the test's to see.
        if (!answered && request.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(error.code ?? '')) {
          resolve(send());
        } else reject(error);
      });
      request.end(body);
    });
  return send();
}

/** A payload as app.inject sends it: an object as JSON, FormData as multipart, text and bytes as given. */
async function bodyOf(payload: unknown, headers: Record<string, string | string[]>): Promise<Buffer | undefined> {
  if (payload === undefined || payload === null) return undefined;
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload);
  if (payload instanceof FormData) {
    const encoded = new Response(payload);
    headers['content-type'] ??= encoded.headers.get('content-type')!;
    return Buffer.from(await encoded.arrayBuffer());
  }
  if (payload instanceof Uint8Array) return Buffer.from(payload);
  headers['content-type'] ??= 'application/json';
  return Buffer.from(JSON.stringify(payload));
}

function answer(response: http.IncomingMessage, raw: Buffer): LightMyRequestResponse {
  const text = raw.toString('utf8');
  const headers = { ...response.headers } as Record<string, string | string[] | undefined>;
  // app.inject gives a header set once as a string; Node gives set-cookie as a list whatever its length.
  const setCookie = response.headers['set-cookie'];
  if (setCookie?.length === 1) headers['set-cookie'] = setCookie[0];
  return {
    statusCode: response.statusCode ?? 0,
    statusMessage: response.statusMessage ?? '',
    headers,
    raw: { res: response },
    rawPayload: raw,
    payload: text,
    body: text,
    trailers: response.trailers,
    cookies: (setCookie ?? []).map(parseSetCookie),
    json: <T = unknown>() => JSON.parse(text) as T,
    stream: () => {
      throw new Error('API_CLUSTER=1: response.stream() is not supported');
    },
  } as unknown as LightMyRequestResponse;
}

/** A Set-Cookie line as light-my-request lists it in `response.cookies`. */
function parseSetCookie(line: string): Record<string, unknown> {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  const cookie: Record<string, unknown> = {
    name: pair.slice(0, separator),
    value: decodeURIComponent(pair.slice(separator + 1)),
  };
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const value = rest.join('=');
    const name = key.toLowerCase();
    if (name === 'max-age') cookie.maxAge = Number(value);
    else if (name === 'expires') cookie.expires = new Date(value);
    else if (name === 'samesite') cookie.sameSite = value;
    else if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'secure') cookie.secure = true;
    else cookie[name] = value || true;
  }
  return cookie;
}
