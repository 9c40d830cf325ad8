import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import type { CallsConfig } from '~/server/config';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/http/app-error';
import { textAnswer } from '~/server/http/api-content';
import { apiErrorSchema } from '~/shared/api-error';
import { callMessages, callStatuses } from '~/shared/calls';
import { toE164 } from '~/shared/phone';
import { applyCallStatus, attachRecording, markWaitingAgain, recordIncomingCall } from './call-log';
import {
  DEFAULT_VOICE_MESSAGES,
  goodbyeTwiml,
  hangupTwiml,
  holdTwiml,
  incomingCallTwiml,
  twilioWebhookUrls,
  voicemailTwiml,
  type VoiceAudio,
} from './call-twiml';
import type { QueueTimeouts } from './queue-timeouts';

export type TwilioWebhookDeps = {
  db: Db;
  clock: () => Date;
  calls: CallsConfig;
  tradingName: string;
  /** Custom recordings staff uploaded (voice messages); none yet means the defaults. */
  voiceAudio: () => Promise<VoiceAudio>;
  queueTimeouts: QueueTimeouts;
};

/** Twilio's form parameters are short; a generous cap still refuses anything else. */
const FORM_BODY_LIMIT = 64 * 1024;

type FormParams = Record<string, string | string[]>;
/** The part of a reply TwiML answers use. */
type TwimlReply = { header(name: string, value: string): TwimlReply };

/** application/x-www-form-urlencoded, as Twilio posts it (a repeated name becomes a list). */
function parseForm(body: string): FormParams {
  const params: FormParams = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = params[name];
    params[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return params;
}

const callSid = z.string().regex(/^CA[0-9a-f]{32}$/i);
const twimlResponses = {
  200: textAnswer('TwiML: what Twilio is to do with the call', 'text/xml'),
  400: apiErrorSchema,
  403: apiErrorSchema,
  503: apiErrorSchema,
};
/**
 * What every webhook request is, for the API document: a form Twilio signs (checked before the body
 * is, so a missing or wrong signature is 403). The body is still validated against its schema.
 */
const twilioRequest = {
  consumes: ['application/x-www-form-urlencoded'],
  headers: z.looseObject({
    'x-twilio-signature': z
      .string()
      .min(1)
      .describe("Twilio's signature of the request: HMAC-SHA1 of the URL and the form parameters, in base64."),
  }),
};
const common = { CallSid: callSid, AccountSid: z.string() };
/** Twilio sends more parameters than these; all of them are signed, and kept for the check. */
const incomingBody = z.looseObject({ ...common, From: z.string().max(64), To: z.string().max(64) });
const holdBody = z.looseObject({ ...common, QueueTime: z.coerce.number().int().min(0).optional() });
const queueExitBody = z.looseObject({ ...common, QueueResult: z.string().optional() });
const recordedBody = z.looseObject({ ...common, RecordingUrl: z.url().optional() });
const answerResultBody = z.looseObject({ ...common, DialCallStatus: z.string().optional() });
const statusBody = z.looseObject({
  ...common,
  CallStatus: z.enum(callStatuses),
  CallDuration: z.coerce.number().int().min(0).optional(),
  /** Sent when the call was placed with Record=true. */
  RecordingUrl: z.url().optional(),
});
const recordingStatusBody = z.looseObject({
  ...common,
  RecordingUrl: z.url(),
  RecordingStatus: z.string(),
});

/**
 * Twilio's webhooks (issue 16): a caller rings the business number, waits for staff with the hold
 * audio, is answered or leaves a voicemail; status and recording callbacks keep the call log true.
 *
 * Each request is accepted only with a valid `X-Twilio-Signature`, computed as Twilio does on the
 * URL it called, which is PUBLIC_BASE_URL plus the path (never the Host header, which a caller
 * chooses), and checked before anything is read or stored: otherwise 403 and nothing changes.
 * Without the Twilio settings nothing here works (503): there is no token to check against.
 */
export const twilioWebhookRoutes: FastifyPluginAsyncZod<TwilioWebhookDeps> = async (app, deps) => {
  const { db, clock, calls } = deps;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, parseForm(body as string)),
  );
  app.addHook('preValidation', async (request) => checkSignature(request, calls));
  const urls = twilioWebhookUrls(calls.twilio?.publicBaseUrl ?? '');
  const config = { access: 'public' as const, allowCrossSite: true };
  /** A TwiML answer: the XML as it is (a string is never serialised as JSON with this type). */
  const twiml = (reply: TwimlReply, xml: string): string => {
    reply.header('Content-Type', 'text/xml; charset=utf-8').header('Cache-Control', 'no-store');
    return xml;
  };

  app.post(
    '/api/twilio/call-webhook',
    {
      config,
      schema: {
        ...twilioRequest,
        summary: 'Receive an incoming call (Twilio)',
        body: incomingBody,
        response: twimlResponses,
      },
    },
    async (request, reply) => {
      const { CallSid, From, To } = request.body;
      await recordIncomingCall(db, { callSid: CallSid, from: toE164(From) ?? From, to: To, at: clock() });
      deps.queueTimeouts.start(CallSid);
      return twiml(reply, incomingCallTwiml(urls, await deps.voiceAudio(), deps.tradingName));
    },
  );

  app.post(
    '/api/twilio/hold',
    {
      config,
      schema: {
        ...twilioRequest,
        summary: 'Play the hold music (Twilio)',
        body: holdBody,
        response: twimlResponses,
      },
    },
    async (request, reply) =>
      twiml(reply, holdTwiml(await deps.voiceAudio(), request.body.QueueTime ?? 0, calls.queueTimeoutSeconds)),
  );

  // The caller left the queue: through <Leave> (the wait is over) or an error they get voicemail;
  // otherwise they hung up, or were connected and the call is over.
  app.post(
    '/api/twilio/queue-exit',
    {
      config,
      schema: {
        ...twilioRequest,
        summary: 'Handle a caller leaving the queue (Twilio)',
        body: queueExitBody,
        response: twimlResponses,
      },
    },
    async (request, reply) => {
      deps.queueTimeouts.stop(request.body.CallSid);
      const result = request.body.QueueResult;
      const toVoicemail =
        result === 'leave' || result === 'queue-full' || result === 'error' || result === 'system-error';
      return twiml(reply, toVoicemail ? voicemailTwiml(urls, await deps.voiceAudio()) : hangupTwiml());
    },
  );

  // Asked for by the queue time-out (queue-timeouts.ts redirects the waiting call here).
  app.post(
    '/api/twilio/voicemail',
    {
      config,
      schema: {
        ...twilioRequest,
        summary: 'Take a voicemail (Twilio)',
        body: z.looseObject(common),
        response: twimlResponses,
      },
    },
    async (_request, reply) => twiml(reply, voicemailTwiml(urls, await deps.voiceAudio())),
  );

  app.post(
    '/api/twilio/voicemail-recorded',
    {
      config,
      schema: {
        ...twilioRequest,
        summary: 'Receive a recorded voicemail (Twilio)',
        body: recordedBody,
        response: twimlResponses,
      },
    },
    async (request, reply) => {
      if (request.body.RecordingUrl) await attachRecording(db, request.body.CallSid, request.body.RecordingUrl);
      return twiml(reply, goodbyeTwiml(DEFAULT_VOICE_MESSAGES.thanks));
    },
  );

  // After Answer: staff's phone rang; if nobody picked up, the caller may leave a voicemail.
  app.post(
    '/api/twilio/answer-result',
    {
      config,
      schema: {
        ...twilioRequest,
        summary: 'Receive the result of answering a call (Twilio)',
        body: answerResultBody,
        response: twimlResponses,
      },
    },
    async (request, reply) => {
      if (request.body.DialCallStatus === 'completed' || request.body.DialCallStatus === 'answered') {
        return twiml(reply, hangupTwiml());
      }
      await markWaitingAgain(db, request.body.CallSid);
      return twiml(reply, voicemailTwiml(urls, await deps.voiceAudio()));
    },
  );

  app.post(
    '/api/twilio/status-callback',
    {
      config,
      schema: {
        ...twilioRequest,
        summary: "Receive a call's status (Twilio)",
        body: statusBody,
        response: { 204: z.null(), ...twimlResponses },
      },
    },
    async (request, reply) => {
      const { CallSid, CallStatus, CallDuration, RecordingUrl } = request.body;
      if (CallStatus !== 'ringing' && CallStatus !== 'queued') deps.queueTimeouts.stop(CallSid);
      await applyCallStatus(db, {
        callSid: CallSid,
        status: CallStatus,
        durationSeconds: CallDuration ?? null,
        at: clock(),
      });
      if (RecordingUrl) await attachRecording(db, CallSid, RecordingUrl);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/twilio/recording-status',
    {
      config,
      schema: {
        ...twilioRequest,
        summary: "Receive a recording's status (Twilio)",
        body: recordingStatusBody,
        response: { 204: z.null(), ...twimlResponses },
      },
    },
    async (request, reply) => {
      if (request.body.RecordingStatus === 'completed') {
        await attachRecording(db, request.body.CallSid, request.body.RecordingUrl);
      }
      return reply.status(204).send(null);
    },
  );
};

function checkSignature(request: FastifyRequest, calls: CallsConfig) {
  if (!calls.twilio) throw new AppError('NOT_CONFIGURED', callMessages.notConfigured);
  const signature = request.headers['x-twilio-signature'];
  const params = request.body;
  const valid =
    typeof signature === 'string' &&
    typeof params === 'object' &&
    params !== null &&
    twilio.validateRequest(
      calls.twilio.authToken,
      signature,
      `${calls.twilio.publicBaseUrl}${request.url}`,
      params as Record<string, string>,
    );
  if (!valid) {
    request.log.warn({ url: request.url }, 'Twilio webhook refused: missing or wrong signature');
    throw new AppError('FORBIDDEN', callMessages.badSignature);
  }
}
