import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '~/server/http/app-error';
import { documentFileMessages as m } from '~/shared/document-files';
import {
  exiftoolReadBytes,
  exiftoolWrite,
  gpsTags,
  HTML_PAYLOAD,
  noisyJpeg,
  noisyPng,
  PAYLOAD_MARKER,
  SVG_PAYLOAD,
  zipWith,
} from '../../../test/suites/hostile-files';
import { hostilePdfCatalogue, pdfkitPdf } from '../../../test/suites/hostile-pdfs';
import { livePdfWorkers, processDocument } from './uploaded-document';

/**
 * Uploaded documents (issue: PDF, JPEG or PNG by content, at most 10 MB, images re-encoded, a PDF
 * accepted only if it parses and holds nothing that runs): every entry of the hostile-PDF catalogue
 * gives its expected outcome, what is accepted is stored rebuilt or re-encoded, and the PDF worker
 * keeps to its time limit and its two places.
 */

const catalogue = await hostilePdfCatalogue();
/** A PDF's worker starts tsx, pdf-lib and pdf.js: seconds each, and some wait for a place. */
const SLOW = 120_000;

const statusOf: Record<string, number> = { [m.notAccepted]: 415, [m.tooLarge]: 413 };

async function refusal(bytes: Buffer, options?: Parameters<typeof processDocument>[1]): Promise<AppError> {
  const error: unknown = await processDocument(bytes, options).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const longestSide = async (jpeg: Buffer) => {
  const { format, width = 0, height = 0 } = await sharp(jpeg).metadata();
  expect(format).toBe('jpeg');
  return Math.max(width, height);
};

describe.concurrent('the hostile-PDF catalogue', () => {
  it('has the entries the issue names', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(30);
    expect(catalogue.filter((entry) => entry.expected === 'refused').length).toBeGreaterThanOrEqual(20);
  });

  it.each(catalogue.filter((entry) => entry.expected === 'refused').map((entry) => [entry.name, entry] as const))(
    'refuses %s',
    async (_, entry) => {
      const error = await refusal(entry.bytes);
      expect(error.message).toBe(entry.message);
      expect(error.statusCode).toBe(statusOf[error.message] ?? 400);
      expect(error.issues).toEqual([{ path: 'file', message: entry.message }]);
      expect(error.options.detail ?? '').not.toContain(PAYLOAD_MARKER);
    },
    SLOW,
  );

  it.each(catalogue.filter((entry) => entry.expected === 'accepted').map((entry) => [entry.name, entry] as const))(
    'accepts %s, rebuilt',
    async (_, entry) => {
      const document = await processDocument(entry.bytes);
      expect(document.mediaType).toBe(entry.storedAs);
      expect(document.file.equals(entry.bytes)).toBe(false);
      for (const needle of [PAYLOAD_MARKER, '<html', '<!doctype']) expect(document.file.includes(needle)).toBe(false);
      if (document.mediaType === 'image/jpeg') {
        expect(document.pages).toBe(1);
        expect((await sharp(document.file).metadata()).format).toBe('jpeg');
        return;
      }
      expect(document.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = document.file.toString('latin1');
      expect(text).not.toMatch(/\/(JavaScript|JS|OpenAction|AA|Author|Producer|Creator)(?![A-Za-z0-9])/);
      expect(text).not.toContain('pdf-lib');
      const reparsed = await PDFDocument.load(document.file, { throwOnInvalidObject: true, updateMetadata: false });
      const original = await PDFDocument.load(entry.bytes, { updateMetadata: false });
      expect(reparsed.getPageCount()).toBe(original.getPageCount());
      expect(document.pages).toBe(original.getPageCount());
      // The preview: the first page at 1200 px, black text on white, so not all white.
      expect(await longestSide(document.preview)).toBe(1200);
      const { channels } = await sharp(document.preview).stats();
      expect(Math.min(...channels.map((channel) => channel.min))).toBeLessThan(64);
      expect(Math.max(...channels.map((channel) => channel.max))).toBeGreaterThan(230);
    },
    SLOW,
  );
});

describe('images', () => {
  it('re-encodes a JPEG without its EXIF and GPS', async () => {
    const located = exiftoolWrite(await noisyJpeg(640, 480), 'jpg', [
      '-GPSLatitude=51.5072',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=0.1276',
      '-GPSLongitudeRef=W',
      '-Artist=Jane Seller',
    ]);
    expect(gpsTags(exiftoolReadBytes(located, 'jpg'))).not.toEqual([]);
    const document = await processDocument(located);
    expect(document).toMatchObject({ mediaType: 'image/jpeg', pages: 1 });
    expect(document.file.equals(located)).toBe(false);
    for (const bytes of [document.file, document.preview]) {
      const tags = exiftoolReadBytes(bytes, 'jpg');
      expect(gpsTags(tags)).toEqual([]);
      expect(JSON.stringify(tags)).not.toContain('Jane Seller');
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
  });

  it('re-encodes a PNG as a JPEG', async () => {
    const document = await processDocument(await noisyPng(300, 200));
    expect(document).toMatchObject({ mediaType: 'image/jpeg', pages: 1 });
    expect(await sharp(document.file).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
  });

  it('keeps a large scan legible (3000 px) and previews it at 1200 px', async () => {
    const scan = await sharp({ create: { width: 4000, height: 2500, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const document = await processDocument(scan);
    expect(await longestSide(document.file)).toBe(3000);
    expect(await longestSide(document.preview)).toBe(1200);
  });

  it('refuses WebP, AVIF, HTML, SVG, ZIP and plain text by content', async () => {
    const webp = await sharp(await noisyPng())
      .webp()
      .toBuffer();
    const avif = await sharp(await noisyPng())
      .avif()
      .toBuffer();
    const zip = zipWith('document.pdf', Buffer.from(`%PDF-1.7 ${PAYLOAD_MARKER}`));
    for (const bytes of [webp, avif, HTML_PAYLOAD, SVG_PAYLOAD, zip, Buffer.from('V5C: AB12 CDE')]) {
      const error = await refusal(bytes);
      expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: m.notAccepted });
      expect(error.issues).toEqual([{ path: 'file', message: m.notAccepted }]);
    }
  });

  it('refuses an image of too many pixels before decoding it', async () => {
    const error = await refusal(await noisyPng(200, 200), { maxInputPixels: 10_000 });
    expect(error).toMatchObject({ code: 'INVALID_INPUT', message: m.tooManyPixels });
  });
});

describe('the PDF worker', () => {
  it(
    'refuses a PDF that runs over its time as damaged, and the worker is gone',
    async () => {
      const pdf = await pdfkitPdf(['V5C registration certificate']);
      const error = await refusal(pdf, { timeoutMs: 1 });
      expect(error).toMatchObject({ code: 'INVALID_INPUT', message: m.damaged });
      expect(error.options.detail).toMatch(/ran over 1 ms/);
      expect(livePdfWorkers()).toBe(0);
    },
    SLOW,
  );

  it(
    'checks documents sent at once: two run, a third waits its turn, all finish',
    async () => {
      const pdfs = await Promise.all(
        [1, 2, 3].map((n) => pdfkitPdf(Array.from({ length: n }, (_, i) => `Page ${i + 1}`))),
      );
      const documents = await Promise.all(pdfs.map((pdf) => processDocument(pdf)));
      expect(documents.map((document) => document.pages)).toEqual([1, 2, 3]);
      expect(livePdfWorkers()).toBe(0);
    },
    SLOW,
  );
});
