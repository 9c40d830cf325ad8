import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '~/server/db/client';
import { findCall } from './call-log';
import { twilioWebhookUrls, voicemailTwiml, type VoiceAudio } from './call-twiml';
import type { TwilioVoice } from './twilio-voice';

export type QueueTimeouts = ReturnType<typeof createQueueTimeouts>;

/**
 * Offers voicemail to a caller who has waited CALL_QUEUE_TIMEOUT_SECONDS: a timer per waiting call,
 * which, if the call is still waiting for staff, gives it the voicemail TwiML through Twilio's REST
 * API (which takes it out of the queue). Timers live in this process; should it restart meanwhile,
 * the hold webhook still sends the caller to voicemail the next time the hold audio ends (it is told
 * how long they have waited), so nobody waits for ever.
 */
export function createQueueTimeouts(options: {
  db: Db;
  voice: TwilioVoice | undefined;
  publicBaseUrl: string;
  timeoutSeconds: number;
  voiceAudio: () => Promise<VoiceAudio>;
  log: FastifyBaseLogger;
}) {
  const timers = new Map<string, NodeJS.Timeout>();
  const urls = twilioWebhookUrls(options.publicBaseUrl);

  async function offerVoicemail(callSid: string) {
    timers.delete(callSid);
    const call = await findCall(options.db, callSid);
    if (!options.voice || call?.status !== 'ringing') return;
    await options.voice.redirectCall(callSid, voicemailTwiml(urls, await options.voiceAudio()));
  }

  return {
    start(callSid: string) {
      if (timers.has(callSid)) return;
      const timer = setTimeout(() => {
        offerVoicemail(callSid).catch((error: unknown) =>
          options.log.warn({ err: error, callSid }, 'calls: could not send a waiting caller to voicemail'),
        );
      }, options.timeoutSeconds * 1000);
      timer.unref();
      timers.set(callSid, timer);
    },
    stop(callSid: string) {
      clearTimeout(timers.get(callSid));
      timers.delete(callSid);
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
