import { callsQueryKey } from './list-calls';

/**
 * GET /api/calls/{callSid}/recording: the recording as audio/mpeg, through our server (Twilio's own
 * URL needs the account's credentials). The admin cookie goes with it, so it works as an <audio src>.
 */
export function callRecordingUrl(callSid: string): string {
  return `${callsQueryKey[0]}/${encodeURIComponent(callSid)}/recording`;
}
