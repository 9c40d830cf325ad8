import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '~/server/db/client';
import { voiceAudio } from '~/server/db/schema';
import type { PublicUploads } from '~/server/storage/public-uploads';
import { voiceMessageTypes, type AudioFiles, type VoiceMessageType } from '~/shared/voice-messages';
import type { VoiceAudio } from './call-twiml';

/** Under /uploads/voice/: public, because Twilio fetches the files to play them to callers. */
export const VOICE_UPLOAD_AREA = 'voice';

/**
 * WAV encodings Twilio's <Play> takes: PCM, A-law and μ-law (format codes 1, 6, 7). Other WAVs
 * (ADPCM, floating point) would upload fine and then fail on a caller's line, so they are refused.
 */
const PLAYABLE_WAV_FORMATS = new Set([1, 6, 7]);

/** The audio's kind by its content (never its name or the browser's type), or null if not MP3 or playable WAV. */
export async function playableAudioKind(bytes: Buffer): Promise<{ ext: 'mp3' | 'wav'; contentType: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found?.ext === 'mp3') return { ext: 'mp3', contentType: 'audio/mpeg' };
  if (found?.ext === 'wav' && PLAYABLE_WAV_FORMATS.has(wavFormatCode(bytes) ?? -1)) {
    return { ext: 'wav', contentType: 'audio/wav' };
  }
  return null;
}

/** The audio format code of a WAV's "fmt " chunk, walking the RIFF chunks; null when there is none. */
function wavFormatCode(bytes: Buffer): number | null {
  let offset = 12; // "RIFF", size, "WAVE"
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') return offset + 10 <= bytes.length ? bytes.readUInt16LE(offset + 8) : null;
    offset += 8 + size + (size % 2);
  }
  return null;
}

const publicPath = (fileName: string) => `/uploads/${VOICE_UPLOAD_AREA}/${fileName}`;

export function createVoiceAudioStore(db: Db, uploads: PublicUploads) {
  async function rows() {
    return db.select().from(voiceAudio);
  }

  return {
    /** SPEC's audio files map: each message's public path when custom, else null. */
    async files(): Promise<AudioFiles> {
      const found = new Map((await rows()).map((row) => [row.type, publicPath(row.fileName)]));
      return Object.fromEntries(voiceMessageTypes.map((type) => [type, found.get(type) ?? null])) as AudioFiles;
    },

    /** The custom recordings as absolute URLs for TwiML (Twilio fetches them from PUBLIC_BASE_URL). */
    async forCalls(publicBaseUrl: string): Promise<VoiceAudio> {
      const audio: VoiceAudio = {};
      for (const row of await rows())
        audio[row.type as VoiceMessageType] = `${publicBaseUrl}${publicPath(row.fileName)}`;
      return audio;
    },

    /**
     * Stores a checked recording as the message's audio, replacing any before it. The new file is
     * written first and the old one removed only once the row points at the new one.
     */
    async replace(type: VoiceMessageType, bytes: Buffer, kind: { ext: string; contentType: string }) {
      const fileName = `${randomBytes(16).toString('hex')}.${kind.ext}`;
      await uploads.write(VOICE_UPLOAD_AREA, fileName, bytes);
      try {
        const [before] = await db.select().from(voiceAudio).where(eq(voiceAudio.type, type));
        await db
          .insert(voiceAudio)
          .values({ type, fileName, contentType: kind.contentType, size: bytes.length })
          .onConflictDoUpdate({
            target: voiceAudio.type,
            set: { fileName, contentType: kind.contentType, size: bytes.length, uploadedAt: new Date() },
          });
        if (before) await uploads.remove(VOICE_UPLOAD_AREA, before.fileName);
      } catch (error) {
        await uploads.remove(VOICE_UPLOAD_AREA, fileName);
        throw error;
      }
      return publicPath(fileName);
    },

    /** Back to the default: the row and its file go; false when it was already the default. */
    async remove(type: VoiceMessageType): Promise<boolean> {
      const [removed] = await db.delete(voiceAudio).where(eq(voiceAudio.type, type)).returning();
      if (!removed) return false;
      await uploads.remove(VOICE_UPLOAD_AREA, removed.fileName);
      return true;
    },
  };
}

export type VoiceAudioStore = ReturnType<typeof createVoiceAudioStore>;
