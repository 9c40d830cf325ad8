import { decodePDFRawStream, type PDFContext, PDFObjectStreamParser, PDFRawStream, PDFXRefStreamParser } from 'pdf-lib';
import { PdfRefusal } from './pdf-job';

/**
 * A limit on what one compressed stream may expand to. The worker's `resourceLimits` bound its
 * JavaScript heap, but decoded streams live in ArrayBuffers outside it: a 10 MB file of deflated
 * zeros expands to 10 GB, enough to bring down the whole server, not just the worker. So every
 * stream is measured, a megabyte at a time, before anything decodes it whole: pdf-lib's own object
 * and cross-reference streams as it parses, and all the others (page content, images, fonts)
 * before pdf.js draws.
 */

/** A 600 dpi colour scan of an A4 page, deflated, decodes to about 105 MB. */
export const MAX_DECODED_STREAM_BYTES = 128 * 1024 * 1024;
const CHUNK = 1024 * 1024;

let tripped: PdfRefusal | undefined;

/**
 * Makes pdf-lib measure each object stream and cross-reference stream before unpacking it (it
 * decodes them whole, with no limit). pdf-lib turns a throw while parsing into its own "invalid
 * object" error, so the refusal is also kept for `streamLimitRefusal`.
 */
export function limitPdfLibStreams(): void {
  const objectStreams = PDFObjectStreamParser.forStream;
  const xrefStreams = PDFXRefStreamParser.forStream;
  PDFObjectStreamParser.forStream = (stream, shouldWaitForTick) => objectStreams(measured(stream), shouldWaitForTick);
  PDFXRefStreamParser.forStream = (stream) => xrefStreams(measured(stream));
}

/** The refusal a stream limit raised inside pdf-lib, if any. */
export const streamLimitRefusal = () => tripped;

/** Refuses the document if any of its streams decodes to more than the limit. */
export function checkStreamSizes(context: PDFContext): void {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream && decodesPastLimit(object)) {
      throw new PdfRefusal('damaged', `stream ${ref.toString()} expands past ${MAX_DECODED_STREAM_BYTES / CHUNK} MB`);
    }
  }
}

/** The stream decoded, if it decodes to no more than the limit; else a refusal. */
export function decodeWithinLimit(stream: PDFRawStream, what: string): Uint8Array {
  if (decodesPastLimit(stream))
    throw new PdfRefusal('damaged', `${what} expands past ${MAX_DECODED_STREAM_BYTES / CHUNK} MB`);
  return decodePDFRawStream(stream).decode();
}

function measured(stream: PDFRawStream): PDFRawStream {
  if (decodesPastLimit(stream)) {
    tripped = new PdfRefusal('damaged', `an object stream expands past ${MAX_DECODED_STREAM_BYTES / CHUNK} MB`);
    throw tripped;
  }
  return stream;
}

/**
 * Whether `stream` decodes to more than the limit. Filters pdf-lib cannot decode (images: DCT,
 * JPX, JBIG2, CCITT) are left to pdf.js, which refuses images of too many pixels before decoding;
 * data that stops decoding part way is measured as far as it goes.
 */
function decodesPastLimit(stream: PDFRawStream): boolean {
  let total = 0;
  try {
    const decoder = decodePDFRawStream(stream);
    for (let chunk = decoder.getBytes(CHUNK); chunk.length > 0; chunk = decoder.getBytes(CHUNK)) {
      total += chunk.length;
      if (total > MAX_DECODED_STREAM_BYTES) return true;
    }
  } catch {
    return false;
  }
  return false;
}
