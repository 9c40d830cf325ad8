export { callsRoutes } from './calls-routes';
export { twilioWebhookRoutes } from './twilio-webhooks';
export { createQueueTimeouts, type QueueTimeouts } from './queue-timeouts';
export { createTwilioVoice, recordingSidOf, type TwilioVoice } from './twilio-voice';
export { createRecordingEraser, type RecordingEraser } from './recording-eraser';
export { twilioWebhookUrls, DEFAULT_VOICE_MESSAGES } from './call-twiml';
export { createVoiceAudioStore, type VoiceAudioStore } from './voice-audio';
export { voiceAudioRoutes } from './voice-audio-routes';
