import { z } from 'zod';

/**
 * Voice messages (issue 16; SPEC sections 2, 3, 5, 8 and 9): the recordings callers hear in place of
 * the default text-to-speech: the welcome, the voicemail prompt and the hold audio.
 */

export const voiceMessageTypes = ['welcome', 'voicemail', 'hold'] as const;
export type VoiceMessageType = (typeof voiceMessageTypes)[number];

/** SPEC section 9: at most 10 MB. */
export const VOICE_AUDIO_MAX_BYTES = 10 * 1024 * 1024;
/** What Twilio's <Play> plays and we accept, decided by the file's content. */
export const VOICE_AUDIO_ACCEPT = 'audio/mpeg,audio/mp3,audio/wav,audio/x-wav,.mp3,.wav';

export const voiceMessageMessages = {
  /** SPEC sections 5 and 8. */
  invalidType: 'Invalid file type',
  invalidTypeDetail: 'Please select an audio file (MP3, WAV, etc.)',
  tooLarge: 'File too large',
  tooLargeDetail: 'Audio files must be smaller than 10MB',
  uploaded: 'Audio uploaded successfully',
  uploadedDetail: (type: VoiceMessageType) => `${voiceMessageLabels[type]} message has been updated`,
  uploadFailed: 'Upload failed',
  uploadFailedDetail: 'Please try again with a valid audio file',
  deleted: 'Audio deleted',
  deleteFailed: 'Delete failed',
  deleteFailedDetail: 'Please try again',
  /** Our own, for what SPEC leaves unsaid. */
  notAudio: 'This file is not an MP3 or WAV recording that phones can play. Please choose an MP3 or WAV file.',
  unknownType: 'Choose which message this is: welcome, voicemail or hold.',
  noFile: 'Please select an audio file (MP3, WAV, etc.)',
  nothingToRemove: 'This message already uses the default.',
} as const;

/**
 * What callers hear when no recording is uploaded (SPEC section 9: a welcome greeting, a voicemail
 * prompt, classical hold music): the first two spoken by Twilio in an en-GB voice.
 */
export const defaultVoiceMessages = {
  welcome: (tradingName: string) =>
    `Thank you for calling ${tradingName}. Please hold and the next member of our team will be with you shortly.`,
  voicemail:
    'Sorry, nobody is free to take your call right now. Please leave your name, number and car registration after the tone, and we will call you back.',
} as const;

export const voiceMessageLabels: Record<VoiceMessageType, string> = {
  welcome: 'Welcome',
  voicemail: 'Voicemail',
  hold: 'Hold',
};

export const voiceMessageTypeSchema = z.enum(voiceMessageTypes, { message: voiceMessageMessages.unknownType });
export const voiceMessageParamsSchema = z.object({ type: voiceMessageTypeSchema });

/** SPEC section 3: keys welcome, voicemail, hold, each giving an audio URL when custom (else null). */
export const audioFilesSchema = z.object({
  welcome: z.string().nullable(),
  voicemail: z.string().nullable(),
  hold: z.string().nullable(),
});
export type AudioFiles = z.infer<typeof audioFilesSchema>;

export const audioUploadResponseSchema = z.object({ type: voiceMessageTypeSchema, url: z.string() });
