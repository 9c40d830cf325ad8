import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeDvla } from './dvla/fake-dvla';
import { startFakeDvsa } from './dvsa/fake-dvsa';
import { startFakeGoogle } from './google/fake-google';
import { startSmtpSink } from './smtp-sink';
import { startFakeTwilio } from './twilio/fake-twilio';
import { ringIn } from './twilio/voice-driver';

/**
 * The local stand-ins for outside providers, as one process: an SMTP server that keeps what it
 * receives, the fake Twilio, the fake DVLA Vehicle Enquiry Service and the fake DVSA MOT History
 * API (with its OAuth2 token endpoint) and the fake Google Routes API. The end-to-end runner and the bench start it before the
 * app and point the app's settings at it (scripts/lib/start-fakes.mjs, `fakesEnv`); `npm run demo`
 * will too. Prints one JSON line with the addresses and credentials:
 *
 *   {"smtpUrl":"smtp://127.0.0.1:40123",
 *    "twilio":{"apiUrl":…,"accountSid":…,"authToken":…,"fromNumber":…},
 *    "dvla":{"apiUrl":"http://127.0.0.1:40124/vehicle-enquiry","apiKey":…},
 *    "dvsa":{"tokenUrl":…,"apiUrl":…,"clientId":…,"clientSecret":…,"apiKey":…,"scope":…},
 *    "google":{"apiUrl":"http://127.0.0.1:40126","apiKey":…},
 *    "controlUrl":"http://127.0.0.1:40127"}
 *
 * The control address lets a browser test look at what was "delivered" and make the mail server
 * refuse an address (a mailbox that does not exist), as real providers do:
 *   GET  /smtp/messages            what the SMTP server received: [{ to, subject, messageId, text, attachments }]
 *   GET  /smtp/count               how many e-mails it received: { received } (cheap to poll under load)
 *   DELETE /smtp/messages          forgets what it received (the bench, between runs)
 *                                  (attachments: [{ filename, contentType, size }])
 *   GET  /smtp/attachment?messageId=<id>&index=<n>   that attachment's bytes, with its content type
 *   PUT  /smtp/rejected            body ["a@example.com", ...]: refuse these with 550
 *   GET  /twilio/messages          texts the fake Twilio accepted: [{ to, from, body, sid }]
 *   POST /twilio/inbound-calls     body { from, to? }: a call ringing in on the account's number (the
 *                                  app can then fetch, redirect or end it): { callSid, accountSid, to }
 *   POST /twilio/ring              body { webhookUrl, statusCallbackUrl?, from? }: a call rings in, and the
 *                                  fake posts the signed incoming-call webhook to the app, as Twilio would,
 *                                  and picks the call up when the app answers with TwiML:
 *                                  { callSid, status } (the app's answer); for trying calls in the demo
 *   POST /twilio/recordings        body { callSid }: a recording of that call: { recordingSid, recordingUrl }
 *   GET  /twilio/calls             calls placed through the API: [{ sid, to, from, status }] (status now)
 *   GET  /twilio/call-updates      changes calls accepted (hang-ups, redirects): [{ sid, status, redirected }]
 *   GET  /dvla/lookups             registrations the fake DVLA was asked for, in order
 *   GET  /dvsa/lookups             registrations the fake DVSA was asked for, in order
 *   GET  /google/destinations      postcodes the fake Google Routes API was asked for, in order
 *   GET  /contract-problems        { dvla: [...], dvsa: [...], google: [...] }: exchanges that broke the providers' documents
 * Run: node --import tsx test/fakes/serve-fakes.ts
 */

const [smtp, twilio, dvla, dvsa, google] = await Promise.all([
  startSmtpSink(),
  // Calls the app ends (Hang Up) report their final status back to it, as Twilio does.
  startFakeTwilio({ sendStatusCallbacks: true }),
  startFakeDvla(),
  startFakeDvsa(),
  startFakeGoogle(),
]);

const control = http.createServer((request, response) => {
  const reply = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const route = `${request.method} ${request.url}`;
  if (route === 'DELETE /smtp/messages') {
    smtp.received.length = 0;
    return reply(200, { cleared: true });
  }
  if (route === 'GET /smtp/count') return reply(200, { received: smtp.received.length });
  if (route === 'GET /smtp/messages') {
    return reply(
      200,
      smtp.received.map((mail) => ({
        to: mail.envelopeTo,
        subject: mail.parsed.subject,
        messageId: mail.parsed.messageId,
        text: mail.parsed.text,
        attachments: mail.parsed.attachments.map(({ filename, contentType, size }) => ({
          filename,
          contentType,
          size,
        })),
      })),
    );
  }
  if (request.method === 'GET' && request.url?.startsWith('/smtp/attachment?')) {
    const query = new URL(request.url, 'http://fakes').searchParams;
    const mail = smtp.received.find((received) => received.parsed.messageId === query.get('messageId'));
    const attachment = mail?.parsed.attachments[Number(query.get('index') ?? 0)];
    if (!attachment) return reply(404, { message: 'No such attachment' });
    response.writeHead(200, { 'content-type': attachment.contentType }).end(attachment.content);
    return;
  }
  if (route === 'GET /twilio/messages') {
    return reply(
      200,
      twilio.sent.map(({ to, from, body, sid }) => ({ to, from, body, sid })),
    );
  }
  if (route === 'GET /twilio/calls') {
    return reply(
      200,
      twilio.calls.map(({ sid, to, from }) => ({ sid, to, from, status: twilio.callResource(sid)?.status ?? null })),
    );
  }
  if (route === 'GET /twilio/call-updates') {
    return reply(
      200,
      twilio.callUpdates.map(({ sid, status, url, twiml }) => ({ sid, status, redirected: Boolean(url ?? twiml) })),
    );
  }
  if (route === 'POST /twilio/inbound-calls') {
    return readJson(request, (body) => {
      const { from, to } = body as { from?: unknown; to?: unknown };
      if (typeof from !== 'string') return reply(400, { message: 'Give the caller as { "from": "+44..." }' });
      const callSid = twilio.addInboundCall({ from, ...(typeof to === 'string' ? { to } : {}) });
      reply(201, { callSid, accountSid: twilio.accountSid, to: twilio.callResource(callSid)?.to });
    });
  }
  if (route === 'POST /twilio/ring') {
    return readJson(request, (body) => {
      const { webhookUrl, statusCallbackUrl, from = '+447400123456' } = body as Record<string, unknown>;
      if (typeof webhookUrl !== 'string' || typeof from !== 'string') {
        return reply(400, {
          message: 'Give the app\'s webhook as { "webhookUrl": "http://…/api/twilio/call-webhook" }',
        });
      }
      const callback = typeof statusCallbackUrl === 'string' ? { statusCallbackUrl } : {};
      ringIn(twilio, { from, webhookUrl, ...callback }).then(
        ({ callSid, answer }) => reply(201, { callSid, status: answer.status }),
        (error: Error) => reply(502, { message: `The app did not answer: ${error.message}` }),
      );
    });
  }
  if (route === 'POST /twilio/recordings') {
    return readJson(request, (body) => {
      const { callSid } = body as { callSid?: unknown };
      if (typeof callSid !== 'string' || !twilio.callResource(callSid)) {
        return reply(404, { message: 'No such call in the fake Twilio' });
      }
      reply(201, twilio.addRecording({ callSid }));
    });
  }
  if (route === 'GET /dvla/lookups') return reply(200, dvla.lookups);
  if (route === 'GET /dvsa/lookups') return reply(200, dvsa.lookups);
  if (route === 'GET /google/destinations') return reply(200, google.destinations);
  if (route === 'GET /contract-problems') {
    return reply(200, {
      dvla: dvla.contractProblems,
      dvsa: dvsa.contractProblems,
      google: google.contractProblems,
    });
  }
  if (route === 'PUT /smtp/rejected') {
    return readJson(request, (body) => {
      const addresses = (body ?? []) as string[];
      smtp.rejectRecipients.clear();
      for (const address of addresses) smtp.rejectRecipients.add(address.toLowerCase());
      reply(200, [...smtp.rejectRecipients]);
    });
  }
  reply(404, { message: `No such control route: ${route}` });
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

/** Reads a control request's JSON body (none is null), then answers it with `then`. */
function readJson(request: http.IncomingMessage, then: (body: unknown) => void) {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => then(text ? (JSON.parse(text) as unknown) : null));
}

console.log(
  JSON.stringify({
    smtpUrl: smtp.url,
    twilio: {
      apiUrl: twilio.url,
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      fromNumber: twilio.fromNumber,
    },
    dvla: { apiUrl: dvla.url, apiKey: dvla.apiKey },
    dvsa: {
      tokenUrl: dvsa.tokenUrl,
      apiUrl: dvsa.url,
      clientId: dvsa.clientId,
      clientSecret: dvsa.clientSecret,
      apiKey: dvsa.apiKey,
      scope: dvsa.scope,
    },
    google: { apiUrl: google.url, apiKey: google.apiKey },
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
  }),
);

const stop = async () => {
  control.close();
  await Promise.all([smtp.close(), twilio.close(), dvla.close(), dvsa.close(), google.close()]);
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
