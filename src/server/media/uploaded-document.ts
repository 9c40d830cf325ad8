import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, type ErrorCode } from '~/server/http/app-error';
import { openUploadedImage, readError } from '~/server/media/uploaded-image';
import { DOCUMENT_MAX_BYTES, documentFileMessages as m } from '~/shared/document-files';
import { type PdfJobResult, PREVIEW_MAX_SIDE, shortMessage } from './pdf-job';

/**
 * An uploaded document (a seller's V5C logbook, driving licence, service history or finance
 * settlement letter), checked and cleaned before it is stored (issue: "Uploads are PDF, JPEG or
 * PNG, decided by content, at most 10 MB each; images are re-encoded; a PDF is accepted only if it
 * parses, and one carrying JavaScript, actions or embedded files is refused with a clear message").
 *
 * Images go through uploaded-image.ts and are re-encoded here. A PDF is checked and rebuilt in a
 * worker thread (pdf-worker.ts): parsing and drawing a hostile PDF can take any time and memory its
 * maker likes, and must never hold up the server's event loop. Each PDF gets a worker of its own,
 * with a time limit and a memory limit; at most two run at once, and a few more wait their turn.
 */

export type ProcessedDocument = {
  /** What we store: never the bytes as sent. */
  file: Buffer;
  mediaType: 'application/pdf' | 'image/jpeg';
  /** A JPEG of the first page (PDF) or of the image, longest side 1200 px, for staff to glance at. */
  preview: Buffer;
  /** Pages in the PDF; 1 for an image. */
  pages: number;
};

/** Longest side of a stored image: larger than a photo's (documents must stay legible). */
export const DOCUMENT_IMAGE_MAX_SIDE = 3000;
/** A PDF's checks and first-page drawing take well under a second; this is for a hostile one. */
export const PDF_TIMEOUT_MS = 20_000;
/** PDFs checked at once (each in its own worker), and PDFs that may wait for one of those places. */
const PDF_JOBS_AT_ONCE = 2;
const PDF_JOBS_WAITING = 8;
/** The worker's JavaScript heap; pdf.js and pdf-lib need far less for a genuine document. */
const PDF_WORKER_HEAP_MB = 512;

const TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

const issue = (message: string) => ({ issues: [{ path: 'file', message }] });
const refuse = (code: ErrorCode, message: string, detail?: string) =>
  new AppError(code, message, { ...issue(message), ...(detail ? { detail } : {}) });

/**
 * Checks `bytes` and returns what to store: the type decided by content only (never the name or
 * the Content-Type header), an image re-encoded without metadata, a PDF rebuilt page by page.
 * Throws AppError (400, 413, 415 or 503) with the seller's words and, for the log, what was found.
 */
export async function processDocument(
  bytes: Buffer,
  options: { maxInputPixels?: number; timeoutMs?: number } = {},
): Promise<ProcessedDocument> {
  if (bytes.length === 0) throw refuse('INVALID_INPUT', m.empty);
  // The route's multipart limits stop a larger file first; this holds for any other caller.
  if (bytes.length > DOCUMENT_MAX_BYTES) throw refuse('PAYLOAD_TOO_LARGE', m.tooLarge);
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  // openUploadedImage would take WebP (and HEIC where it can): documents are PDF, JPEG or PNG only.
  if (!type || !TYPES.has(type)) {
    throw refuse('UNSUPPORTED_MEDIA_TYPE', m.notAccepted, `refused document of type ${type ?? 'unknown'}`);
  }
  if (type !== 'application/pdf') return processImage(bytes, options.maxInputPixels);
  // file-type allows bytes before the header; we do not (a file that is also something else first).
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw refuse('UNSUPPORTED_MEDIA_TYPE', m.notAccepted, 'refused document: %PDF- is not at the start');
  }
  return processPdf(bytes, options.timeoutMs ?? PDF_TIMEOUT_MS);
}

async function processImage(bytes: Buffer, maxInputPixels: number | undefined): Promise<ProcessedDocument> {
  const image = await openUploadedImage(bytes, m, { maxInputPixels, field: 'file' });
  const fit = (side: number) => ({ width: side, height: side, fit: 'inside' as const, withoutEnlargement: true });
  try {
    const [file, preview] = await Promise.all([
      image.pipeline().resize(fit(DOCUMENT_IMAGE_MAX_SIDE)).jpeg({ quality: 85 }).toBuffer(),
      image.pipeline().resize(fit(PREVIEW_MAX_SIDE)).jpeg({ quality: 80 }).toBuffer(),
    ]);
    return { file, mediaType: 'image/jpeg', preview, pages: 1 };
  } catch (error) {
    throw readError(error, m, issue);
  }
}

async function processPdf(bytes: Buffer, timeoutMs: number): Promise<ProcessedDocument> {
  const result = await inPdfSlot(() => runPdfWorker(bytes, timeoutMs));
  if (!result.ok) throw refuse('INVALID_INPUT', m[result.reason], `refused PDF: ${result.detail}`);
  try {
    // The worker's drawing, onto white, as a JPEG (the PNG has the page's transparency).
    const preview = await sharp(result.preview, { failOn: 'error' })
      .flatten({ background: '#ffffff' })
      .resize({ width: PREVIEW_MAX_SIDE, height: PREVIEW_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    const file = Buffer.from(result.file.buffer, result.file.byteOffset, result.file.byteLength);
    return { file, mediaType: 'application/pdf', preview, pages: result.pages };
  } catch (error) {
    throw refuse('INVALID_INPUT', m.damaged, `refused PDF: its preview would not encode: ${shortMessage(error)}`);
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `job` when one of the PDF_JOBS_AT_ONCE places is free; refuses (503) when too many wait. */
async function inPdfSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running < PDF_JOBS_AT_ONCE) running++;
  else if (waiting.length >= PDF_JOBS_WAITING) throw refuse('UNAVAILABLE', m.busy, 'PDF queue full');
  // A place freed by a finished job passes straight to the first in the queue (running stays).
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

let liveWorkers = 0;

/** PDF workers started and not yet exited (for tests: a worker that ran over its time is gone). */
export const livePdfWorkers = () => liveWorkers;

/**
 * One PDF in a worker of its own. Settles only once the worker has exited: on its answer it is
 * ended, on running over `timeoutMs` it is terminated (refused as damaged), and if it dies (out of
 * memory, a crash) the PDF is refused as damaged too.
 */
function runPdfWorker(bytes: Buffer, timeoutMs: number): Promise<PdfJobResult> {
  return new Promise((resolve) => {
    const worker = startPdfWorker(bytes);
    liveWorkers++;
    let result: PdfJobResult | undefined;
    const finish = (answer: PdfJobResult) => {
      result ??= answer;
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'damaged', detail: `the check ran over ${timeoutMs} ms` }),
      timeoutMs,
    );
    worker.on('message', (answer: PdfJobResult) => finish(answer));
    worker.on('error', (error) =>
      finish({ ok: false, reason: 'damaged', detail: `the worker failed: ${shortMessage(error)}` }),
    );
    worker.once('exit', (code) => {
      clearTimeout(timer);
      liveWorkers--;
      resolve(result ?? { ok: false, reason: 'damaged', detail: `the worker exited (code ${code}) without an answer` });
    });
  });
}

/**
 * Built (dist/server/*.js), pdf-worker.js sits beside this chunk. From source (tests, dev), this
 * module is a .ts file and the worker runs pdf-worker.ts through tsx: on Node 20 a worker does not
 * get loader hooks from `execArgv: ['--import', 'tsx']`, so a two-line bootstrap registers tsx's
 * hooks in the worker itself before importing the worker's module.
 */
function startPdfWorker(bytes: Buffer): Worker {
  const options: WorkerOptions = {
    workerData: { bytes },
    resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
    // pdf.js and pdf-lib warn on the console about bad files: not log lines of ours.
    stdout: true,
    stderr: true,
  };
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(tsxBootstrap(new URL('./pdf-worker.ts', import.meta.url)), { ...options, eval: true })
    : new Worker(new URL('./pdf-worker.js', import.meta.url), options);
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

function tsxBootstrap(script: URL): string {
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as { exports: Record<string, { import: { default: string } }> };
  const api = path.join(
    path.dirname(require.resolve('tsx/package.json')),
    manifest.exports['./esm/api']!.import.default,
  );
  const [apiUrl, scriptUrl] = [pathToFileURL(api).href, script.href].map((url) => JSON.stringify(url));
  return `import(${apiUrl}).then((tsx) => { tsx.register(); return import(${scriptUrl}); });`;
}
