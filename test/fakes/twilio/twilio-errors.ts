/**
 * The Twilio errors the fake answers with (messages and calls). Codes and HTTP statuses follow
 * shared/contracts/external-apis.md (sections 4 and 5) and Twilio's error
 * dictionary; messages are the dictionary titles (Twilio's live messages
 * sometimes name the number too), so clients should key on `code`, not text.
 */
export const twilioErrors = {
  20003: { status: 401, message: 'Authenticate' },
  20404: { status: 404, message: 'The requested resource was not found' },
  20429: { status: 429, message: 'Too Many Requests' },
  20500: { status: 500, message: 'Internal Server Error' },
  21201: { status: 400, message: "No 'To' number is specified" },
  // The message Twilio answers a call without Url, Twiml or ApplicationSid with (twilio-node issue #275);
  // the code's dictionary entry covers an invalid Url too.
  21205: {
    status: 400,
    message: 'Url parameter is required. For more information, see http://www.twilio.com/docs/api/twiml',
  },
  21211: { status: 400, message: "Invalid 'To' Phone Number" },
  21212: { status: 400, message: "Invalid 'From' Phone Number" },
  21213: { status: 400, message: "No 'From' number is specified" },
  21408: {
    status: 400,
    message: "Permission to send an SMS has not been enabled for the region indicated by the 'To' number",
  },
  21602: { status: 400, message: 'Message body is required.' },
  21603: { status: 400, message: "A 'From' phone number is required." },
  21604: { status: 400, message: "A 'To' phone number is required." },
  21606: {
    status: 400,
    message: "The 'From' phone number provided is not a valid message-capable Twilio phone number.",
  },
  21610: { status: 400, message: 'Attempt to send to unsubscribed recipient' },
  21611: { status: 400, message: "This 'From' number has exceeded the maximum number of queued messages" },
  21612: { status: 400, message: "The 'To' phone number is not currently reachable via SMS" },
  21614: { status: 400, message: "'To' number is not a valid mobile number" },
  21617: { status: 400, message: 'The concatenated message body exceeds the 1600 character limit' },
  21701: { status: 400, message: 'The Messaging Service Sid is invalid' },
} as const;

export type TwilioErrorCode = keyof typeof twilioErrors;

export interface TwilioErrorBody {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

/** Twilio's error body; `status` is repeated from the HTTP status, as Twilio does. */
export function twilioError(code: number, status?: number, message?: string): TwilioErrorBody {
  const known = (twilioErrors as Record<number, { status: number; message: string } | undefined>)[code];
  return {
    code,
    message: message ?? known?.message ?? `Error ${code}`,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status: status ?? known?.status ?? 400,
  };
}

/**
 * The error shape above as a JSON schema: the contract check uses it for every
 * status Twilio's OpenAPI document leaves undescribed (it describes no errors).
 */
export const twilioErrorSchema = {
  type: 'object',
  required: ['code', 'message', 'more_info', 'status'],
  properties: {
    code: { type: 'integer' },
    message: { type: 'string' },
    more_info: { type: 'string', format: 'uri' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
  },
};

/**
 * Twilio's documented test numbers (test credentials): sending to or from them
 * fails with a fixed code, so the fake answers the same way whatever the
 * credentials, and tests can reach each failure through the real client.
 */
export const magicToNumbers: Record<string, TwilioErrorCode> = {
  '+15005550001': 21211,
  '+15005550002': 21612,
  '+15005550003': 21408,
  '+15005550004': 21610,
  '+15005550009': 21614,
};
export const magicFromNumbers: Record<string, TwilioErrorCode | 'valid'> = {
  '+15005550001': 21212,
  '+15005550006': 'valid',
  '+15005550007': 21606,
  '+15005550008': 21611,
};
