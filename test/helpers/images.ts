import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Images and multipart bodies for the upload tests (sellers' photos, purchased vehicles' photos). */

export type Upload = { filename: string; content: Buffer; contentType?: string; field?: string };

/** A multipart/form-data body, written out by hand as a browser would send it. */
export function multipart(uploads: Upload[], fields: Record<string, string> = {}) {
  const boundary = `----carbuy${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const upload of uploads) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${upload.field ?? 'photos'}"; filename="${upload.filename}"\r\n` +
          `Content-Type: ${upload.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      upload.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });

export const smallJpeg = () => solid(16, 16).jpeg().toBuffer();

/** 300 × 100 pixels stored, EXIF orientation 6 (shown turned a quarter: 100 × 300), with a GPS position. */
export const jpegWithGps = () =>
  solid(300, 100)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Jo Seller' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 22/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 0/1 30/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header declares 30000 × 30000 pixels (900 megapixels) around a few bytes of data. */
export function pixelFloodPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
