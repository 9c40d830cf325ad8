import twilio from 'twilio';
import type { CallsConfig } from '~/server/config';
import type { TwilioRestError } from './twilio-voice';

/**
 * Call recordings and voicemail are held by Twilio; our call log keeps only a link to each (its
 * RecordingUrl). Erasing a person's calls (features/data-requests) and the retention run
 * (features/retention) delete the recordings there too: through the official client, with the
 * calls feature's account, when that feature is set up. Without it nothing can reach Twilio, and
 * staff are told to use the Twilio console.
 */

export type TwilioSettings = NonNullable<CallsConfig['twilio']>;

export type RecordingEraser = {
  /** Deletes a recording at Twilio; one already gone (404) counts as deleted. Rejects otherwise. */
  remove(recordingSid: string): Promise<void>;
};

export function createRecordingEraser(settings: TwilioSettings, options: { timeoutMs?: number } = {}): RecordingEraser {
  // As the calls feature's client: no automatic retries (a failure is reported, not hidden), and
  // the API's base URL from the settings (tests and the demo point it at a local fake).
  const client = twilio(settings.accountSid, settings.authToken, {
    autoRetry: false,
    timeout: options.timeoutMs ?? 15_000,
  });
  client.api.baseUrl = settings.apiUrl;
  return {
    async remove(recordingSid) {
      try {
        await client.recordings(recordingSid).remove();
      } catch (error) {
        if ((error as TwilioRestError).status === 404) return;
        throw error;
      }
    },
  };
}
