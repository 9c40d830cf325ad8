import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binarySchema } from '~/server/http/api-content';
import { AppError } from '~/server/http/app-error';
import { noStoreByDefault } from '~/server/http/security-headers';
import { apiErrorSchema } from '~/shared/api-error';
import {
  VOICE_AUDIO_MAX_BYTES,
  audioFilesSchema,
  audioUploadResponseSchema,
  voiceMessageMessages as vm,
  voiceMessageParamsSchema,
  voiceMessageTypeSchema,
} from '~/shared/voice-messages';
import { playableAudio, type VoiceAudioStore } from './voice-audio';

export type VoiceAudioRoutesDeps = { store: VoiceAudioStore };

const admin = { access: 'admin' as const };
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', vm.tooLargeDetail, { issues: [{ path: 'audio', message: vm.tooLargeDetail }] });
const notAudio = () =>
  new AppError('INVALID_INPUT', vm.notAudio, { issues: [{ path: 'audio', message: vm.notAudio }] });
const unexpected = (name: string) => new AppError('INVALID_INPUT', `This form has no field "${name.slice(0, 40)}".`);

/**
 * Voice messages (issue 16): the recordings callers hear instead of the default welcome, voicemail
 * prompt and hold music. Admins only; the files themselves are public (Twilio fetches them).
 * Registered in its own plugin: the multipart parser and its limits exist only here.
 */
export const voiceAudioRoutes: FastifyPluginAsyncZod<VoiceAudioRoutesDeps> = async (app, { store }) => {
  await app.register(multipart, {
    // busboy enforces these while the body streams in: nothing past 10 MB is ever held.
    limits: { fileSize: VOICE_AUDIO_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldNameSize: 20, fieldSize: 100 },
    throwFileSizeLimit: true,
  });
  noStoreByDefault(app);

  app.get(
    '/api/audio/files',
    {
      config: admin,
      schema: { summary: "List the voice messages' audio", response: { 200: audioFilesSchema, ...errors } },
    },
    async () => store.files(),
  );

  app.post(
    '/api/audio/upload',
    {
      config: admin,
      schema: {
        summary: "Upload a voice message's audio",
        consumes: ['multipart/form-data'],
        documentedBody: z.object({
          type: voiceMessageTypeSchema,
          audio: binarySchema.describe(
            `The recording (MP3 or WAV), at most ${VOICE_AUDIO_MAX_BYTES} bytes (413 past it).`,
          ),
        }),
        response: { 201: audioUploadResponseSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { type, audio } = await readUpload(request);
      const parsedType = voiceMessageTypeSchema.safeParse(type);
      if (!parsedType.success) {
        throw new AppError('INVALID_INPUT', vm.unknownType, { issues: [{ path: 'type', message: vm.unknownType }] });
      }
      if (!audio) throw new AppError('INVALID_INPUT', vm.noFile, { issues: [{ path: 'audio', message: vm.noFile }] });
      // Only the audio itself is kept: anything around it (tags, an appended file) is dropped.
      const playable = await playableAudio(audio);
      if (!playable) throw notAudio();
      const url = await store.replace(parsedType.data, playable.bytes, playable);
      request.log.info(
        { type: parsedType.data, bytes: playable.bytes.length, kind: playable.ext },
        'voice message replaced',
      );
      return reply.status(201).send({ type: parsedType.data, url });
    },
  );

  app.delete(
    '/api/audio/:type',
    {
      config: admin,
      schema: {
        summary: "Delete a voice message's audio",
        params: voiceMessageParamsSchema,
        response: { 200: z.object({ type: voiceMessageTypeSchema }), ...errors },
      },
    },
    async (request) => {
      if (!(await store.remove(request.params.type))) throw new AppError('NOT_FOUND', vm.nothingToRemove);
      return { type: request.params.type };
    },
  );
};

/** The form's `type` and `audio` (in memory, at most 10 MB); anything else is refused. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the audio as a form (multipart/form-data).');
  }
  let type: string | undefined;
  let audio: Buffer | undefined;
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'audio') throw unexpected(part.fieldname);
        const bytes = await part.toBuffer();
        if (bytes.length > 0) audio = bytes;
      } else {
        if (part.fieldname !== 'type') throw unexpected(part.fieldname);
        type = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('INVALID_INPUT', 'Send one audio file and its message type only.');
    }
    throw error;
  }
  return { type, audio };
}
