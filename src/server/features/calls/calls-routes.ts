import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileAnswer } from '~/server/http/api-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CallsConfig } from '~/server/config';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/http/app-error';
import { noStoreByDefault } from '~/server/http/security-headers';
import { apiErrorSchema } from '~/shared/api-error';
import {
  callListQuerySchema,
  callListResponseSchema,
  callLogSchema,
  callMessages,
  callNotesBodySchema,
  callSetupSchema,
  callSidParamsSchema,
  callStatsSchema,
  makeCallBodySchema,
  twilioTestResponseSchema,
  type CallSetup,
  type TwilioTestResponse,
} from '~/shared/calls';
import { toE164 } from '~/shared/phone';
import {
  callStats,
  findCall,
  listCalls,
  markAnswered,
  markHungUpBeforeAnswer,
  markWaitingAgain,
  recordOutgoingCall,
  saveCallNotes,
  staffLiveCalls,
  toCallLogItem,
} from './call-log';
import { clickToCallTwiml, connectToStaffTwiml, twilioWebhookUrls } from './call-twiml';
import type { QueueTimeouts } from './queue-timeouts';
import { recordingSidOf, type TwilioRestError, type TwilioVoice } from './twilio-voice';

export type CallsRoutesDeps = {
  db: Db;
  clock: () => Date;
  calls: CallsConfig;
  /** The Twilio client, or undefined when calls are not set up. */
  voice: TwilioVoice | undefined;
  queueTimeouts: QueueTimeouts;
  /** Where the server is reached (for the webhook URLs shown when PUBLIC_BASE_URL is missing). */
  publicBaseUrl: string;
};

const admin = { access: 'admin' as const };
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const providerErrors = { ...errors, 409: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };

/**
 * Staff's calls (issue 16; SPEC sections 2, 7 and 9): the log, its stats and notes, Answer, Make Call,
 * Hang Up, recordings played through our server, and a check of the Twilio set-up.
 */
export const callsRoutes: FastifyPluginAsyncZod<CallsRoutesDeps> = async (app, deps) => {
  const { db, clock, calls } = deps;
  const urls = twilioWebhookUrls(calls.twilio?.publicBaseUrl ?? deps.publicBaseUrl);
  noStoreByDefault(app);

  /** The Twilio client and settings, or 503 with the plain reason. */
  function ready() {
    if (!deps.voice || !calls.twilio) {
      throw new AppError('NOT_CONFIGURED', callMessages.missingSettings(calls.missing));
    }
    return { voice: deps.voice, twilio: calls.twilio };
  }

  app.get(
    '/api/calls',
    {
      config: admin,
      schema: {
        summary: 'List calls',
        querystring: callListQuerySchema,
        response: { 200: callListResponseSchema, ...errors },
      },
    },
    async (request) => listCalls(db, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/calls/stats',
    { config: admin, schema: { summary: 'Get call figures', response: { 200: callStatsSchema, ...errors } } },
    async () => callStats(db, clock()),
  );

  app.get(
    '/api/calls/setup',
    { config: admin, schema: { summary: 'Get the phone set-up', response: { 200: callSetupSchema, ...errors } } },
    async (): Promise<CallSetup> => ({
      ready: calls.twilio !== undefined,
      reason: calls.twilio ? null : callMessages.missingSettings(calls.missing),
      webhookUrl: urls.incoming,
      statusCallbackUrl: urls.statusCallback,
      businessNumber: calls.twilio?.businessNumber ?? null,
      recording: calls.recording,
      queueTimeoutSeconds: calls.queueTimeoutSeconds,
    }),
  );

  app.patch(
    '/api/calls/:callSid/notes',
    {
      config: admin,
      schema: {
        summary: 'Save notes on a call',
        params: callSidParamsSchema,
        body: callNotesBodySchema,
        response: { 200: callLogSchema, ...errors },
      },
    },
    async (request) => {
      const row = await saveCallNotes(db, request.params.callSid, request.body.notes);
      if (!row) throw new AppError('NOT_FOUND', callMessages.notFound);
      return toCallLogItem(row);
    },
  );

  app.post(
    '/api/calls/make',
    {
      config: admin,
      schema: {
        summary: 'Make a call',
        body: makeCallBodySchema,
        response: { 201: z.object({ callSid: z.string(), status: z.string() }), ...providerErrors },
      },
    },
    async (request, reply) => {
      const { voice, twilio } = ready();
      const customerNumber = toE164(request.body.phoneNumber)!;
      const twiml = clickToCallTwiml(urls, {
        customerNumber,
        businessNumber: twilio.businessNumber,
        record: calls.recording,
      });
      // Twilio rings the staff phone first; the TwiML then dials the customer.
      const placed = await voice
        .placeCall({ to: twilio.staffNumber, from: twilio.businessNumber, twiml, statusCallback: urls.statusCallback })
        .catch(providerError);
      await recordOutgoingCall(db, {
        callSid: placed.callSid,
        from: twilio.businessNumber,
        to: customerNumber,
        status: placed.status,
        at: clock(),
      });
      return reply.status(201).send(placed);
    },
  );

  app.post(
    '/api/calls/:callSid/answer',
    {
      config: admin,
      schema: {
        summary: 'Answer a waiting caller',
        params: callSidParamsSchema,
        response: { 200: callLogSchema, ...providerErrors },
      },
    },
    async (request) => {
      const { voice, twilio } = ready();
      const { callSid } = request.params;
      const call = await findCall(db, callSid);
      if (!call) throw new AppError('NOT_FOUND', callMessages.notFound);
      // Claimed first, so two staff pressing Answer at once ring the staff phone once.
      const answered = await markAnswered(db, callSid);
      if (!answered) throw new AppError('CONFLICT', callMessages.notRinging);
      deps.queueTimeouts.stop(callSid);
      await voice
        .redirectCall(callSid, connectToStaffTwiml(urls, twilio.staffNumber, twilio.businessNumber))
        .catch(async (error: unknown) => {
          // Twilio does not hold the call (404) or it is no longer in progress (21220, "Cannot
          // redirect"): the caller hung up while it rang. Not our failure, so not a 5xx (issue 32).
          const { status, code } = error as TwilioRestError;
          if (status === 404 || code === CALL_NOT_IN_PROGRESS) {
            await markHungUpBeforeAnswer(db, callSid, clock());
            throw new AppError('CONFLICT', callMessages.callerHungUp, { cause: error });
          }
          // Not connected: the caller is still waiting, and the button comes back.
          await markWaitingAgain(db, callSid);
          return providerError(error);
        });
      return toCallLogItem(answered);
    },
  );

  app.post(
    '/api/calls/hangup',
    {
      config: admin,
      schema: { summary: 'Hang up', response: { 200: z.object({ ended: z.number().int() }), ...providerErrors } },
    },
    async () => {
      const { voice } = ready();
      const live = await staffLiveCalls(db);
      let ended = 0;
      for (const call of live) {
        const answered = call.status === 'in-progress';
        try {
          await voice.endCall(call.callSid, answered ? 'completed' : 'canceled');
          ended += 1;
        } catch (error) {
          // A call that ended meanwhile is gone at Twilio (404): nothing left to hang up.
          if ((error as TwilioRestError).status !== 404) providerError(error);
        }
      }
      return { ended };
    },
  );

  app.get(
    '/api/calls/:callSid/recording',
    {
      config: admin,
      schema: {
        summary: "Play a call's recording",
        params: callSidParamsSchema,
        response: { 200: fileAnswer("The call's recording, as an MP3", ['audio/mpeg']), ...providerErrors },
      },
    },
    async (request, reply) => {
      const { voice } = ready();
      const call = await findCall(db, request.params.callSid);
      if (!call) throw new AppError('NOT_FOUND', callMessages.notFound);
      const recordingSid = recordingSidOf(call.recordingUrl);
      if (!recordingSid) throw new AppError('NOT_FOUND', callMessages.noRecording);
      const upstream = await voice.fetchRecording(recordingSid).catch(providerError);
      if (upstream.status === 404) throw new AppError('NOT_FOUND', callMessages.noRecording);
      if (!upstream.ok || !upstream.body) {
        throw new AppError('BAD_GATEWAY', callMessages.twilioRefused, { detail: `recording: HTTP ${upstream.status}` });
      }
      reply
        .header('Content-Type', 'audio/mpeg')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="call-${call.id}.mp3"`);
      const length = upstream.headers.get('content-length');
      if (length) reply.header('Content-Length', length);
      return reply.send(Readable.fromWeb(upstream.body as WebReadableStream));
    },
  );

  app.get(
    '/api/twilio/test',
    {
      config: admin,
      schema: { summary: 'Test the Twilio set-up', response: { 200: twilioTestResponseSchema, ...errors } },
    },
    async (): Promise<TwilioTestResponse> => {
      const checks: TwilioTestResponse['checks'] = [
        {
          name: 'Settings',
          ok: calls.missing.length === 0,
          detail:
            calls.missing.length === 0
              ? 'Every setting calls need is set.'
              : callMessages.missingSettings(calls.missing),
        },
      ];
      if (deps.voice) {
        try {
          const account = await deps.voice.fetchAccount();
          checks.push({
            name: 'Twilio account',
            ok: account.status === 'active',
            detail: `Signed in to Twilio as "${account.friendlyName}" (${account.status}, ${account.type} account).`,
          });
        } catch (error) {
          const e = error as TwilioRestError;
          checks.push({
            name: 'Twilio account',
            ok: false,
            detail:
              e.status === 401 || e.status === 404
                ? 'Twilio refused the account SID and auth token: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.'
                : `Could not reach Twilio: ${withoutTwilioAccount(e.message)}`,
          });
        }
      }
      if (calls.twilio) {
        const https = calls.twilio.publicBaseUrl.startsWith('https://');
        checks.push({
          name: 'Webhook address',
          ok: https,
          detail: https
            ? `Set the number's "A call comes in" webhook to ${urls.incoming} (HTTP POST) and its status callback to ${urls.statusCallback}.`
            : `PUBLIC_BASE_URL is ${calls.twilio.publicBaseUrl}: Twilio needs an https address it can reach from the internet.`,
        });
      }
      return { ok: checks.every((check) => check.ok), checks };
    },
  );
};

/** Twilio's error 21220: "Call is not in-progress. Cannot redirect." */
const CALL_NOT_IN_PROGRESS = 21220;

/**
 * Twilio's own words without its resource paths and account id (AC + 32 hex): "The requested
 * resource /2010-04-01/Accounts/AC…/Calls/CA….json was not found" names the account, which no
 * answer of ours shows (issue 32). The log keeps the error whole (its serializer drops credentials).
 */
export function withoutTwilioAccount(text: string): string {
  return text.replace(/\/2010-04-01\/Accounts\/\S*/g, 'the resource').replace(/\bAC[0-9a-f]{32}\b/gi, '[account]');
}

/**
 * A Twilio REST failure as staff should read it: unreachable (503), a call Twilio no longer has
 * (409: it ended, which is not our failure), or refused with Twilio's reason (502).
 */
function providerError(error: unknown): never {
  const e = error as TwilioRestError;
  if (typeof e.status !== 'number') {
    throw new AppError('UNAVAILABLE', callMessages.twilioUnreachable, { cause: e, detail: e.message });
  }
  if (e.status === 404)
    throw new AppError('CONFLICT', callMessages.callEnded, { cause: e, detail: `Twilio ${e.code ?? 404}` });
  throw new AppError('BAD_GATEWAY', `${callMessages.twilioRefused}: ${withoutTwilioAccount(e.message)}`, {
    cause: e,
    detail: `Twilio ${e.code ?? e.status}`,
  });
}
