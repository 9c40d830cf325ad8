/**
 * The contract between uploaded-document.ts and the PDF worker (pdf-worker.ts, which runs
 * pdf-check.ts): what the worker answers, the refusal its checks throw, and the limits both sides
 * know. Kept apart from the worker so the main thread can name these without loading its code.
 */

/** Why a PDF was refused: each is a key of documentFileMessages (shared/document-files.ts). */
export type PdfRefusalReason = 'damaged' | 'encrypted' | 'activeContent' | 'tooManyPages';

export type PdfJobResult =
  | { ok: true; file: Uint8Array; preview: Uint8Array; pages: number }
  /** `detail` is for the log: what was found, never the file's contents. */
  | { ok: false; reason: PdfRefusalReason; detail: string };

/** Thrown by a check; anything else thrown while checking means the PDF is damaged. */
export class PdfRefusal extends Error {
  constructor(
    readonly reason: PdfRefusalReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'PdfRefusal';
  }
}

/** Most PDFs we accept have a handful of pages; more than this is not a document we asked for. */
export const PDF_MAX_PAGES = 50;

/** Longest side of a document's preview (a PDF's first page, or the image), in pixels. */
export const PREVIEW_MAX_SIDE = 1200;

/** A name from the file, fit for a log line: plain letters and digits only, else a placeholder. */
export const safeName = (name: string) => (/^[A-Za-z0-9]{1,40}$/.test(name) ? name : '(unusual name)');

/** An error's message for the log, cut short (a parser's message can quote a little of the file). */
export function shortMessage(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.replace(/[^\x20-\x7e]/g, '?').slice(0, 160);
}
