import http from 'node:http';
import net from 'node:net';

/**
 * Providers that fail (issue 32, the log-hygiene suite): one HTTP server standing in for Twilio,
 * DVLA, DVSA and Google, and one SMTP server, each made to fail in one of three ways at a time.
 * - `unreachable`: nothing listens on the port (the connection is refused);
 * - `refusing`: every answer a refusal in the provider's own shape (401, 403 or 500; an SMTP
 *   server that refuses our login);
 * - `timing out`: connections are accepted and never answered, so the client's time-out ends it.
 * The ports stay the same from one kind to the next, so one app's settings serve all three.
 */

export type FailureKind = 'unreachable' | 'refusing' | 'timing out';
export const failureKinds: readonly FailureKind[] = ['unreachable', 'refusing', 'timing out'];

export type ProviderName = 'Twilio' | 'DVLA' | 'DVSA' | 'Google' | 'other';

type Refusal = { status: number; body: unknown };

const TOKEN_PATH = '/oauth2/token';

/** What each provider answers when it refuses: Twilio's, DVLA's, DVSA's and Google's published error shapes. */
function refusalFor(provider: ProviderName, path: string): Refusal {
  switch (provider) {
    case 'Twilio':
      return {
        status: 401,
        body: {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        },
      };
    case 'DVLA':
      return { status: 403, body: { message: 'Forbidden' } };
    case 'DVSA':
      // The token is issued; the API refuses it (the client asks for a new token once, then gives up).
      return path === TOKEN_PATH
        ? { status: 200, body: { token_type: 'Bearer', access_token: 'refused-token', expires_in: 3599 } }
        : { status: 500, body: { errorCode: 'MOTH-IS-01', errorMessage: 'Internal Server Error' } };
    case 'Google':
      return {
        status: 403,
        body: { error: { code: 403, message: 'Requests from this API key are blocked.', status: 'PERMISSION_DENIED' } },
      };
    default:
      return { status: 500, body: {} };
  }
}

function providerOf(path: string): ProviderName {
  if (path.startsWith('/2010-04-01/')) return 'Twilio';
  if (path.startsWith('/v1/vehicles')) return 'DVLA';
  if (path === TOKEN_PATH || path.startsWith('/v1/trade/')) return 'DVSA';
  if (path.startsWith('/distanceMatrix/')) return 'Google';
  return 'other';
}

/** Listens on `port` (0: any) and remembers the connections, so closing never waits for a client's keep-alive. */
function switchable(server: net.Server) {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let port = 0;
  return {
    get port() {
      return port;
    },
    async open() {
      if (server.listening) return;
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function startFailingHttpProviders() {
  let kind: FailureKind = 'refusing';
  const seen: Record<ProviderName, number> = { Twilio: 0, DVLA: 0, DVSA: 0, Google: 0, other: 0 };
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const provider = providerOf(path);
    seen[provider] += 1;
    request.resume();
    if (kind === 'timing out') return; // accepted, never answered
    const { status, body } = refusalFor(provider, path);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  const listener = switchable(server);
  await listener.open();
  const url = `http://127.0.0.1:${listener.port}`;
  return {
    url,
    tokenUrl: `${url}${TOKEN_PATH}`,
    /** Requests each provider received since the last `become`. */
    seen: (provider: ProviderName) => seen[provider],
    async become(next: FailureKind) {
      kind = next;
      for (const key of Object.keys(seen) as ProviderName[]) seen[key] = 0;
      if (next === 'unreachable') await listener.close();
      else await listener.open();
    },
    close: () => listener.close(),
  };
}

/**
 * An SMTP server by hand (RFC 5321's few lines we need): when refusing it greets, offers AUTH
 * PLAIN and refuses the login as Postfix does (535); when timing out it never greets.
 */
export async function startFailingSmtp(credentials: { user: string; password: string }) {
  let kind: FailureKind = 'refusing';
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.on('error', () => {});
    if (kind === 'timing out') return;
    socket.write('220 mail.example ESMTP\r\n');
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (let at = buffered.indexOf('\r\n'); at !== -1; at = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 2);
        socket.write(replyTo(line));
        if (/^QUIT/i.test(line)) socket.end();
      }
    });
  });
  const replyTo = (line: string) => {
    if (/^(EHLO|HELO)/i.test(line)) return '250-mail.example\r\n250 AUTH PLAIN\r\n';
    if (/^AUTH/i.test(line)) return '535 5.7.8 Error: authentication failed: authentication failure\r\n';
    if (/^QUIT/i.test(line)) return '221 2.0.0 Bye\r\n';
    return '503 5.5.1 Error: authentication required\r\n';
  };
  const listener = switchable(server);
  await listener.open();
  return {
    url: `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${listener.port}`,
    /** Connections since the last `become`. */
    connections: () => connections,
    async become(next: FailureKind) {
      kind = next;
      connections = 0;
      if (next === 'unreachable') await listener.close();
      else await listener.open();
    },
    close: () => listener.close(),
  };
}
