import twilio from 'twilio';
import type { CallsConfig } from '~/server/config';

export type TwilioVoiceSettings = NonNullable<CallsConfig['twilio']>;

/**
 * Twilio Programmable Voice through the official client (DESIGN 2): place and change calls, check the
 * account, and fetch recordings. The client has no base-URL option; its API domain has a public
 * `baseUrl`, which tests and the demo point at the local fake (test/fakes/twilio). Twilio's own
 * retries are off: a staff member's click should fail fast and say so, not hang.
 */
export function createTwilioVoice(settings: TwilioVoiceSettings, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const client = twilio(settings.accountSid, settings.authToken, { autoRetry: false, timeout: timeoutMs });
  client.api.baseUrl = settings.apiUrl;
  const apiOrigin = new URL(settings.apiUrl).origin;

  return {
    /** Starts a call; Twilio answers 201 with the call queued. */
    async placeCall(call: { to: string; from: string; twiml: string; statusCallback: string }) {
      const created = await client.calls.create({
        to: call.to,
        from: call.from,
        twiml: call.twiml,
        statusCallback: call.statusCallback,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      });
      return { callSid: created.sid, status: created.status };
    },
    /** Gives a live call new instructions (TwiML), e.g. to take a waiting caller out of the queue. */
    async redirectCall(callSid: string, twiml: string) {
      await client.calls(callSid).update({ twiml });
    },
    /** Ends a call: `completed` for one in progress, `canceled` for one not yet answered. */
    async endCall(callSid: string, status: 'completed' | 'canceled') {
      await client.calls(callSid).update({ status });
    },
    /** The account the credentials belong to (GET /2010-04-01/Accounts/{sid}.json). */
    async fetchAccount() {
      const account = await client.api.v2010.accounts(settings.accountSid).fetch();
      return { friendlyName: account.friendlyName, status: account.status, type: account.type };
    },
    /**
     * A recording's audio, as MP3. Built from the recording's id and our own account, never from a
     * stored URL as is, so a forged URL cannot make the server fetch anything else. The time-out
     * covers the wait for Twilio's answer (a silent Twilio held the staff's request for ever), not
     * the streaming of the audio that follows.
     */
    async fetchRecording(recordingSid: string, signal?: AbortSignal): Promise<Response> {
      const url = `${apiOrigin}/2010-04-01/Accounts/${settings.accountSid}/Recordings/${recordingSid}.mp3`;
      const credentials = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
      const unanswered = new AbortController();
      const timer = setTimeout(
        () => unanswered.abort(new Error(`Twilio did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const signals = signal ? [signal, unanswered.signal] : [unanswered.signal];
      try {
        return await fetch(url, {
          headers: { authorization: `Basic ${credentials}` },
          signal: AbortSignal.any(signals),
        });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type TwilioVoice = ReturnType<typeof createTwilioVoice>;

/** A Twilio REST error as the client throws it (RestException). */
export type TwilioRestError = Error & { status?: number; code?: number; moreInfo?: string };

/** The recording's id (RE + 32 hex) from a RecordingUrl Twilio sent, or null. */
export function recordingSidOf(recordingUrl: string | null | undefined): string | null {
  const match = /\/Recordings\/(RE[0-9a-f]{32})(?:\.\w+)?$/i.exec(recordingUrl ?? '');
  return match ? match[1]! : null;
}
