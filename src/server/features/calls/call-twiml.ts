import twilio from 'twilio';
import { VOICEMAIL_MAX_SECONDS } from '~/shared/calls';
import { defaultVoiceMessages } from '~/shared/voice-messages';

const { VoiceResponse } = twilio.twiml;

/** British English for everything Twilio says (Amazon Polly's en-GB voice). */
const SAY = { voice: 'Polly.Amy', language: 'en-GB' } as const;

/** The queue callers wait in for staff. */
export const CALLER_QUEUE = 'callers';

/**
 * What callers hear when no custom audio is uploaded (SPEC section 9: a welcome greeting, a
 * voicemail prompt, classical hold music). The hold music is Twilio's own classical playlist, the one
 * a queue plays by default, named here because our queue asks for its hold audio itself (to offer
 * voicemail after the time-out).
 */
export const DEFAULT_VOICE_MESSAGES = {
  ...defaultVoiceMessages,
  holdMusic: [
    'https://com.twilio.music.classical.s3.amazonaws.com/BusyStrings.mp3',
    'https://com.twilio.music.classical.s3.amazonaws.com/ClockworkWaltz.mp3',
  ],
  thanks: 'Thank you. We will call you back soon. Goodbye.',
  noRecording: 'We did not hear a message. Please call again or visit our website. Goodbye.',
} as const;

/** Custom recordings staff uploaded (voice messages), as public URLs; absent means the default. */
export type VoiceAudio = { welcome?: string; voicemail?: string; hold?: string };

/** The webhook URLs Twilio is told to call, all under PUBLIC_BASE_URL. */
export function twilioWebhookUrls(publicBaseUrl: string) {
  const at = (path: string) => `${publicBaseUrl}/api/twilio/${path}`;
  return {
    incoming: at('call-webhook'),
    statusCallback: at('status-callback'),
    hold: at('hold'),
    queueExit: at('queue-exit'),
    voicemail: at('voicemail'),
    voicemailRecorded: at('voicemail-recorded'),
    recordingStatus: at('recording-status'),
    answerResult: at('answer-result'),
  };
}
export type TwilioWebhookUrls = ReturnType<typeof twilioWebhookUrls>;

/** A new caller: the welcome, then the queue with our hold audio (which offers voicemail in time). */
export function incomingCallTwiml(urls: TwilioWebhookUrls, audio: VoiceAudio, tradingName: string): string {
  const response = new VoiceResponse();
  if (audio.welcome) response.play(audio.welcome);
  else response.say(SAY, DEFAULT_VOICE_MESSAGES.welcome(tradingName));
  response.enqueue({ action: urls.queueExit, method: 'POST', waitUrl: urls.hold, waitUrlMethod: 'POST' }, CALLER_QUEUE);
  return response.toString();
}

/**
 * What a waiting caller hears, asked for again each time it ends: the hold audio, or, once they have
 * waited `timeoutSeconds`, leaving the queue for voicemail (the queue's action, below).
 */
export function holdTwiml(audio: VoiceAudio, waitedSeconds: number, timeoutSeconds: number): string {
  const response = new VoiceResponse();
  if (waitedSeconds >= timeoutSeconds) {
    response.leave();
    return response.toString();
  }
  for (const url of audio.hold ? [audio.hold] : DEFAULT_VOICE_MESSAGES.holdMusic) response.play(url);
  return response.toString();
}

/** The voicemail prompt and a recording of up to VOICEMAIL_MAX_SECONDS. */
export function voicemailTwiml(urls: TwilioWebhookUrls, audio: VoiceAudio): string {
  const response = new VoiceResponse();
  if (audio.voicemail) response.play(audio.voicemail);
  else response.say(SAY, DEFAULT_VOICE_MESSAGES.voicemail);
  response.record({
    action: urls.voicemailRecorded,
    method: 'POST',
    maxLength: VOICEMAIL_MAX_SECONDS,
    playBeep: true,
    finishOnKey: '#',
    recordingStatusCallback: urls.recordingStatus,
    recordingStatusCallbackMethod: 'POST',
  });
  // Reached only when nothing was recorded: an empty recording skips the action.
  response.say(SAY, DEFAULT_VOICE_MESSAGES.noRecording);
  response.hangup();
  return response.toString();
}

export function goodbyeTwiml(text: string): string {
  const response = new VoiceResponse();
  response.say(SAY, text);
  response.hangup();
  return response.toString();
}

export function hangupTwiml(): string {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
}

/**
 * Staff pressed Answer: the waiting caller leaves the queue and Twilio rings the staff phone, showing
 * the business number. If staff do not pick up, the dial's action offers the caller voicemail.
 */
export function connectToStaffTwiml(urls: TwilioWebhookUrls, staffNumber: string, businessNumber: string): string {
  const response = new VoiceResponse();
  const dial = response.dial({ callerId: businessNumber, timeout: 30, action: urls.answerResult, method: 'POST' });
  dial.number(staffNumber);
  return response.toString();
}

/**
 * Make Call: Twilio rings the staff phone first (this TwiML runs when staff pick up), then the
 * customer, showing the business number; recorded from the answer when CALL_RECORDING is on.
 */
export function clickToCallTwiml(
  urls: TwilioWebhookUrls,
  call: { customerNumber: string; businessNumber: string; record: boolean },
): string {
  const response = new VoiceResponse();
  response.say(SAY, 'Connecting your call.');
  const dial = response.dial({
    callerId: call.businessNumber,
    timeout: 30,
    ...(call.record
      ? {
          record: 'record-from-answer-dual' as const,
          recordingStatusCallback: urls.recordingStatus,
          recordingStatusCallbackMethod: 'POST' as const,
        }
      : {}),
  });
  dial.number(call.customerNumber);
  return response.toString();
}
