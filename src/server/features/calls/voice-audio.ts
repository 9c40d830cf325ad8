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

/** WAV encodings Twilio's <Play> takes: PCM, A-law and μ-law (format codes 1, 6, 7). */
const PLAYABLE_WAV_FORMATS = new Set([1, 6, 7]);

export type PlayableAudio = { ext: 'mp3' | 'wav'; contentType: string; bytes: Buffer };

/**
 * The audio's kind by its content (never its name or the browser's type), and the audio itself
 * without anything around it: an MP3 keeps only its MPEG frames (no ID3 tag, nothing after the last
 * whole frame), a WAV only its "fmt " and "data" chunks. A page or archive appended to a recording,
 * or hidden in a tag or chunk, is not kept (issue 17: nothing hostile is stored as sent); the sound
 * is unchanged. Null when it is not MP3 or playable WAV.
 */
export async function playableAudio(bytes: Buffer): Promise<PlayableAudio | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found?.ext === 'mp3') {
    const frames = mpegFrames(bytes);
    return frames ? { ext: 'mp3', contentType: 'audio/mpeg', bytes: frames } : null;
  }
  if (found?.ext === 'wav') {
    const clean = cleanWav(bytes);
    return clean ? { ext: 'wav', contentType: 'audio/wav', bytes: clean } : null;
  }
  return null;
}

/** kbit/s by bitrate index, for MPEG-1 layers I, II, III and MPEG-2/2.5 layers I, II and III. */
const BITRATES = {
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
/** Hz by sample-rate index, for version bits 0 (MPEG-2.5), 2 (MPEG-2) and 3 (MPEG-1). */
const SAMPLE_RATES: Record<number, number[]> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
};

/** The length of the MPEG audio frame at `offset` and its stream's signature, or null if none starts there. */
function mpegFrame(bytes: Buffer, offset: number): { length: number; stream: number } | null {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xe0) !== 0xe0) return null;
  const version = (bytes[offset + 1]! >> 3) & 3;
  const layer = 4 - ((bytes[offset + 1]! >> 1) & 3); // 1, 2 or 3 (4: reserved)
  const bitrateIndex = bytes[offset + 2]! >> 4;
  const rateIndex = (bytes[offset + 2]! >> 2) & 3;
  const padding = (bytes[offset + 2]! >> 1) & 1;
  const rate = SAMPLE_RATES[version]?.[rateIndex];
  if (!rate || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15) return null;
  const bitrate = (version === 3 ? BITRATES.v1 : BITRATES.v2)[layer - 1]![bitrateIndex]! * 1000;
  const length =
    layer === 1
      ? (Math.floor((12 * bitrate) / rate) + padding) * 4
      : Math.floor(((layer === 3 && version !== 3 ? 72 : 144) * bitrate) / rate) + padding;
  return { length, stream: (version << 4) | (layer << 2) | rateIndex };
}

/** The MP3's MPEG frames, from after its ID3v2 tags to the end of its last whole frame; null when none. */
function mpegFrames(bytes: Buffer): Buffer | null {
  let start = 0;
  while (bytes.toString('latin1', start, start + 3) === 'ID3' && start + 10 <= bytes.length) {
    const size =
      ((bytes[start + 6]! & 0x7f) << 21) |
      ((bytes[start + 7]! & 0x7f) << 14) |
      ((bytes[start + 8]! & 0x7f) << 7) |
      (bytes[start + 9]! & 0x7f);
    start += 10 + size + (bytes[start + 5]! & 0x10 ? 10 : 0);
  }
  let end = start;
  const first = mpegFrame(bytes, start);
  for (let frame = first; frame && frame.stream === first!.stream && end + frame.length <= bytes.length;) {
    end += frame.length;
    frame = mpegFrame(bytes, end);
  }
  return end > start ? bytes.subarray(start, end) : null;
}

/**
 * A WAV of just its "fmt " and "data" chunks (a data chunk cut short keeps what arrived), or null
 * when the encoding is not one Twilio's <Play> takes: PCM, A-law or μ-law (format codes 1, 6, 7).
 * Other WAVs (ADPCM, floating point) would upload fine and then fail on a caller's line.
 */
function cleanWav(bytes: Buffer): Buffer | null {
  let fmt: Buffer | undefined;
  let data: Buffer | undefined;
  let offset = 12; // "RIFF", size, "WAVE"
  while (offset + 8 <= bytes.length && !(fmt && data)) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = bytes.subarray(offset + 8, Math.min(bytes.length, offset + 8 + size));
    if (id === 'fmt ' && !fmt) fmt = body;
    if (id === 'data' && !data) data = body;
    offset += 8 + size + (size % 2);
  }
  if (!fmt || fmt.length < 16 || !data || !PLAYABLE_WAV_FORMATS.has(fmt.readUInt16LE(0))) return null;
  const header = (id: string, size: number) => {
    const out = Buffer.alloc(8);
    out.write(id, 0, 'latin1');
    out.writeUInt32LE(size, 4);
    return out;
  };
  const chunk = (id: string, body: Buffer) => [header(id, body.length), body, Buffer.alloc(body.length % 2)];
  const wave = Buffer.concat([Buffer.from('WAVE', 'latin1'), ...chunk('fmt ', fmt), ...chunk('data', data)]);
  return Buffer.concat([header('RIFF', wave.length), wave]);
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
