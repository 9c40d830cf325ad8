import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exchange, ProviderError } from './provider-http';

/**
 * The one HTTP exchange every provider client makes: a connection that drops before the answer is
 * tried once more (a provider closing an idle kept-alive connection as we reuse it must not reach
 * the seller as "could not reach DVLA"); anything else fails at once.
 */

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose first `drops` requests lose their connection before any answer; then it answers. */
async function serverDropping(drops: number) {
  let requests = 0;
  server = createServer((request, response) => {
    requests += 1;
    request.resume();
    request.on('end', () => {
      if (requests <= drops) request.socket.destroy();
      else response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"answer":42}');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lookup`;
  return { url, requests: () => requests };
}

const post = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{"registrationNumber":"AA19AAA"}',
};

describe('exchange', () => {
  it('sends a request again, once, when its connection drops before the answer', async () => {
    const provider = await serverDropping(1);
    await expect(exchange('DVLA', provider.url, post, { timeoutMs: 2000 })).resolves.toEqual({
      status: 200,
      body: { answer: 42 },
    });
    expect(provider.requests()).toBe(2);
  });

  it('says the provider is unreachable when the connection drops twice', async () => {
    const provider = await serverDropping(2);
    const failure = await exchange('DVLA', provider.url, post, { timeoutMs: 2000 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ provider: 'DVLA', failure: 'unreachable' });
    expect(provider.requests()).toBe(2);
  });

  it('does not try again when nothing listens (connection refused)', async () => {
    const provider = await serverDropping(0);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const failure = await exchange('DVLA', provider.url, post, { timeoutMs: 2000, fetch: counting }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ provider: 'DVLA', failure: 'unreachable' });
    expect(calls).toBe(1);
  });
});
