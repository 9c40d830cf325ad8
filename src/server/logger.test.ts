import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '../../scripts/lib/start-app.mjs';
import { canaries } from '../../test/helpers/canaries';
import { canariesIn } from '../../test/helpers/log-hygiene';
import { withoutCredentials } from './db/database-errors';
import { loggerOptions } from './logger';

/**
 * Issue 32, finding 1: an unreachable Twilio put the auth token in the log. The twilio package's
 * client throws axios's error, whose `config.headers.Authorization` is Basic base64(SID:token) and
 * whose `request` holds the raw header text; the app's logger must write neither.
 */

const ACCOUNT_SID = `AC${'5'.repeat(32)}`;
const CALL_SID = `CA${'6'.repeat(32)}`;

/** The app's logger (loggerOptions) writing into an array. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { log: pino(loggerOptions({ logLevel: 'info', env: 'test' }), stream), lines };
}

/** What the real Twilio client throws when it redirects a call at `apiUrl`. */
async function twilioFailure(apiUrl: string): Promise<unknown> {
  const client = twilio(ACCOUNT_SID, canaries.twilioAuthToken, { autoRetry: false, timeout: 300 });
  client.api.baseUrl = apiUrl;
  return client
    .calls(CALL_SID)
    .update({ twiml: '<Response/>' })
    .then(
      () => expect.unreachable('Twilio answered'),
      (error: unknown) => error,
    );
}

/** The one logged line as JSON, with no canary in it. */
function loggedWithoutCanaries(lines: string[]) {
  expect(lines).toHaveLength(1);
  expect(canariesIn(lines[0]!)).toEqual([]);
  return JSON.parse(lines[0]!) as { err: Record<string, unknown> };
}

describe('the error serializer and HTTP clients’ errors', () => {
  let silent: net.Server;
  let silentUrl: string;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts connections and never answers: the client's time-out.
    silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('logs an unreachable Twilio without the auth token, keeping the code and message', async () => {
    const error = await twilioFailure(`http://127.0.0.1:${await getFreePort()}`);
    // The client's own error carries the credentials: what the serializer has to leave out.
    expect(canariesIn(JSON.stringify((error as { config: unknown }).config))).toContain('Twilio auth token');
    const { log, lines } = capturingLogger();
    log.warn({ err: error, callSid: CALL_SID }, 'calls: could not send a waiting caller to voicemail');
    const { err } = loggedWithoutCanaries(lines);
    expect(err).toMatchObject({ code: 'ECONNREFUSED', message: expect.stringContaining('ECONNREFUSED') });
    expect(err).not.toHaveProperty('config');
    expect(err).not.toHaveProperty('request');
  });

  it('logs a Twilio that never answers without the auth token', async () => {
    const error = await twilioFailure(silentUrl);
    const { log, lines } = capturingLogger();
    log.error({ err: error }, 'unhandled error');
    const { err } = loggedWithoutCanaries(lines);
    expect(err.code).toBe('ECONNABORTED');
  });

  it('keeps the HTTP status of an answer and drops the answer and the request', () => {
    const error = Object.assign(new Error('Request failed with status code 401'), {
      code: 'ERR_BAD_REQUEST',
      config: {
        headers: { Authorization: `Bearer ${canaries.twilioAuthToken}` },
        auth: { password: canaries.password },
      },
      response: { status: 401, data: { message: canaries.smtpPassword }, headers: { 'set-cookie': 'x' } },
    });
    const { log, lines } = capturingLogger();
    log.warn({ err: new Error('provider failed', { cause: error }) }, 'provider failed');
    const { err } = loggedWithoutCanaries(lines);
    expect(err.cause).toMatchObject({ status: 401, code: 'ERR_BAD_REQUEST' });
    expect(err.cause).not.toHaveProperty('response');
  });

  it('keeps a mail server’s reply code, not its reply, which may name the recipient', () => {
    const refused = Object.assign(new Error(`Can't send mail - all recipients were rejected`), {
      code: 'EENVELOPE',
      response: `550 5.1.1 <${canaries.email}>: Recipient address rejected`,
      responseCode: 550,
      command: 'RCPT TO',
    });
    const { log, lines } = capturingLogger();
    log.warn({ err: refused }, 'outbox: message failed');
    const { err } = loggedWithoutCanaries(lines);
    expect(err).toMatchObject({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' });
  });

  it('redacts a client’s request logged under another key than err', () => {
    const { log, lines } = capturingLogger();
    const config = { headers: { Authorization: `Basic ${canaries.twilioAuthToken}` }, url: 'https://api.example' };
    log.warn({ error: { message: 'failed', config }, call: { headers: { authorization: canaries.password } } }, 'x');
    loggedWithoutCanaries(lines);
  });

  it('takes credentials out of a line’s text fields and its message', () => {
    const { log, lines } = capturingLogger();
    const url = `https://maps.example/api?key=${canaries.twilioAuthToken}`;
    const original = { detail: `GET ${url} failed`, count: 2 };
    log.info(original, `request refused: ${url}`);
    const [line] = lines;
    expect(canariesIn(line!)).toEqual([]);
    expect(JSON.parse(line!)).toMatchObject({ detail: 'GET https://maps.example/api?[redacted] failed', count: 2 });
    expect(original.detail).toContain(canaries.twilioAuthToken); // the caller's object is left as it was
  });

  it('takes credentials out of text: a URL’s password and query string, an Authorization value', () => {
    expect(withoutCredentials(`smtp://mailer:${canaries.smtpPassword}@mail.example:587 refused`)).toBe(
      'smtp://[redacted]@mail.example:587 refused',
    );
    expect(withoutCredentials('GET https://maps.example/api/js?key=AIzaSecret&v=3 failed')).toBe(
      'GET https://maps.example/api/js?[redacted] failed',
    );
    expect(withoutCredentials(`header Authorization: Basic ${'QUM6dG9rZW4='.repeat(2)}`)).toBe(
      'header Authorization: Basic [redacted]',
    );
    // Ordinary words and addresses stay as they are.
    const plain = 'Basic settings missing; see https://www.twilio.com/docs/errors/20003 and /api/calls?page=2';
    expect(withoutCredentials(plain)).toBe(plain);
  });
});
