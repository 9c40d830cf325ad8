import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { seededRandom } from '~/server/lib/seeded-random';
import { pixelFloodPng, pngChunk } from '../helpers/images';

/**
 * Builders for the uploads suite's hostile files (issue 17): files that lie about their type, hide
 * a second file, are cut short or flipped at random, declare a flood of pixels, carry a position
 * (GPS written by exiftool, as a phone would), or come with a name that tries to climb out of the
 * upload folder. Every builder is deterministic: the random ones take a fixed seed.
 */

/** A marker put into every payload a polyglot hides, so a stored file can be searched for it. */
export const PAYLOAD_MARKER = 'carbuy-hostile-payload';
export const HTML_PAYLOAD = Buffer.from(
  `<!doctype html><html><body><script>/*${PAYLOAD_MARKER}*/fetch('/api/admin/users')</script></body></html>`,
);
export const SVG_PAYLOAD = Buffer.from(
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert('${PAYLOAD_MARKER}')"><script>alert(1)</script></svg>`,
);

/** A small photo-like JPEG: noise, so that half of it is a real half of a picture. */
export const noisyJpeg = (width = 96, height = 64) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

export const noisyPng = (width = 64, height = 48) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();

/** `bytes` padded with zeros (after the JPEG's end, where decoders ignore it) to exactly `size` bytes. */
export function paddedTo(bytes: Buffer, size: number): Buffer {
  if (bytes.length > size) throw new Error(`cannot pad ${bytes.length} bytes down to ${size}`);
  return Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);
}

/** A PNG with an HTML page in a tEXt chunk, right after the header (IHDR is 8 + 25 bytes in). */
export function pngWithHtmlText(png: Buffer): Buffer {
  const text = pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), HTML_PAYLOAD]));
  return Buffer.concat([png.subarray(0, 33), text, png.subarray(33)]);
}

/** A JPEG with an HTML page in a comment (COM) segment, right after the start-of-image marker. */
export function jpegWithHtmlComment(jpeg: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(HTML_PAYLOAD.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, HTML_PAYLOAD, jpeg.subarray(2)]);
}

/** A ZIP archive (stored, not compressed) holding one file: the second half of a GIFAR-like polyglot. */
export function zipWith(name: string, content: Buffer, offset = 0): Buffer {
  const fileName = Buffer.from(name, 'latin1');
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(offset, 42);
  const centralOffset = offset + local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

/** A JPEG followed by a ZIP whose offsets count from the JPEG's start (so `unzip` opens the whole file). */
export const jpegZipPolyglot = (jpeg: Buffer) =>
  Buffer.concat([jpeg, zipWith('index.html', HTML_PAYLOAD, jpeg.length)]);

/**
 * `count` copies of `bytes`, each with a few bytes changed at random (past the first 4, so most
 * still look like their type and reach the decoder rather than being refused by type at once).
 */
export function mutants(bytes: Buffer, count: number, seed: number): Buffer[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const copy = Buffer.from(bytes);
    const flips = 1 + Math.floor(random() * 8);
    for (let i = 0; i < flips; i++) {
      const at = 4 + Math.floor(random() * (copy.length - 4));
      copy[at] = Math.floor(random() * 256);
    }
    return copy;
  });
}

export { pixelFloodPng };

/** Runs exiftool on a copy of `bytes` with the given arguments; returns the written file's bytes. */
export function exiftoolWrite(bytes: Buffer, extension: string, args: string[]): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-exif-'));
  try {
    const file = path.join(dir, `in.${extension}`);
    fs.writeFileSync(file, bytes);
    execFileSync('exiftool', ['-q', '-overwrite_original', ...args, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** exiftool's reading (`-j -n -a -G1`) of each file: tag names prefixed by their group, e.g. `GPS:GPSLatitude`. */
export function exiftoolRead(files: string[]): Record<string, unknown>[] {
  if (files.length === 0) return [];
  const out = execFileSync('exiftool', ['-j', '-n', '-a', '-G1', ...files], {
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out.toString()) as Record<string, unknown>[];
}

/** exiftool's reading of bytes (written to a temporary file first). */
export function exiftoolReadBytes(bytes: Buffer, extension: string): Record<string, unknown> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-exif-'));
  try {
    const file = path.join(dir, `in.${extension}`);
    fs.writeFileSync(file, bytes);
    return exiftoolRead([file])[0]!;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The tags that give away where a photo was taken (GPS in EXIF or XMP, any group). */
export const gpsTags = (tags: Record<string, unknown>) => Object.keys(tags).filter((key) => /gps/i.test(key));

/** Metadata a re-encoded image must not carry: EXIF (any IFD), maker notes, XMP, IPTC, comments. */
export const metadataTags = (tags: Record<string, unknown>) =>
  Object.keys(tags).filter(
    (key) =>
      /^(IFD\d|ExifIFD|GPS|InteropIFD|MakerNotes|XMP-[^:]*|IPTC|Photoshop|Comment)[:]/.test(key) ||
      /^[^:]*:Comment$/.test(key),
  );

/** The position every GPS photo carries: near the Thames (51.5 N, 0.12 W), 12 m up. */
const GPS_ARGS = [
  '-GPSLatitude=51.5',
  '-GPSLatitudeRef=N',
  '-GPSLongitude=0.12',
  '-GPSLongitudeRef=W',
  '-GPSAltitude=12',
  '-GPSAltitudeRef=0',
];

export type GpsPhoto = { label: string; filename: string; content: Buffer };

/**
 * Photos with a position, as phones and cameras write it: EXIF GPS in JPEG at several orientations
 * with a camera's make and model, the composite GPSPosition, XMP GPS, EXIF GPS in PNG and in WebP.
 */
export async function gpsPhotos(): Promise<GpsPhoto[]> {
  const jpeg = await noisyJpeg(120, 80);
  const png = await noisyPng(60, 40);
  const webp = await sharp(png).webp().toBuffer();
  const exifJpeg = (orientation: number) =>
    exiftoolWrite(jpeg, 'jpg', [
      ...GPS_ARGS,
      `-Orientation#=${orientation}`,
      '-Make=Apple',
      '-Model=iPhone 15',
      '-Artist=Jo Seller',
    ]);
  return [
    ...[1, 3, 6, 8].map((orientation) => ({
      label: `JPEG, EXIF GPS, orientation ${orientation}`,
      filename: `IMG_000${orientation}.JPG`,
      content: exifJpeg(orientation),
    })),
    {
      label: 'JPEG, GPSPosition',
      filename: 'position.jpg',
      content: exiftoolWrite(jpeg, 'jpg', ['-GPSPosition=53.56 -0.08', '-GPSDateStamp=2026:03:02']),
    },
    {
      label: 'JPEG, XMP GPS only',
      filename: 'xmp.jpg',
      content: exiftoolWrite(jpeg, 'jpg', ['-XMP-exif:GPSLatitude=51.5 N', '-XMP-exif:GPSLongitude=0.12 W']),
    },
    { label: 'PNG, EXIF GPS', filename: 'screen.png', content: exiftoolWrite(png, 'png', GPS_ARGS) },
    { label: 'WebP, EXIF GPS', filename: 'photo.webp', content: exiftoolWrite(webp, 'webp', GPS_ARGS) },
  ];
}

/** An MP3 followed by an HTML page (the MP3's frames end where the page begins). */
export const mp3WithHtml = (mp3: Buffer) => Buffer.concat([mp3, HTML_PAYLOAD]);

/** One MPEG audio frame header (MPEG-1 layer III, 128 kbit/s, 44.1 kHz) and then an HTML page. */
export const mpegHeaderThenHtml = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), HTML_PAYLOAD]);

/** An ID3v2.3 tag holding `text` in a TXXX frame (user text, as tagging tools write it). */
export function id3Tag(text: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from([0]), Buffer.from('comment\0', 'latin1'), text]);
  const frame = Buffer.alloc(10);
  frame.write('TXXX', 0, 'latin1');
  frame.writeUInt32BE(body.length, 4);
  const size = frame.length + body.length;
  // The tag's size is "synchsafe": 7 bits a byte.
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return Buffer.concat([header, frame, body]);
}

/** An ID3v2 tag (empty) and then an HTML page: no audio at all. */
export const id3ThenHtml = () =>
  Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'), HTML_PAYLOAD]);

/** A PCM WAV (mono, 8 kHz) of silence; `extra` chunks go between "fmt " and "data". */
export function wav(seconds = 0.25, extra: Buffer[] = []): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(Math.round(rate * seconds) * 2);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE(rate * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'latin1');
  dataHeader.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), fmt, ...extra, dataHeader, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** A RIFF chunk (padded to an even length, as RIFF wants). */
export function riffChunk(id: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, Buffer.alloc(data.length % 2)]);
}

/** File names that try to climb out of the upload folder or to smuggle a path or a NUL. */
export const traversalNames = [
  '../../etc/passwd.jpg',
  '..\\..\\x.jpg',
  '/tmp/x.jpg',
  'C:\\Windows\\x.jpg',
  'x.jpg\0.html',
  '%2e%2e%2f%2e%2e%2fx.jpg',
  '....//....//x.jpg',
  '.htaccess',
];

export type RawPart = { disposition: string; contentType?: string; content: Buffer };

/**
 * A multipart body written byte by byte, for what test/helpers/images.ts's builder cannot say:
 * names with quotes, NULs or RFC 5987 `filename*=`.
 */
export function rawMultipart(parts: RawPart[]) {
  const boundary = '----carbuyhostile7d93a1';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${part.disposition}\r\n` +
          (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
          '\r\n',
        'latin1',
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
