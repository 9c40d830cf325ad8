import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { EncryptedPDFError, ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { findActiveContent } from './pdf-active-content';
import { PDF_MAX_PAGES, type PdfJobResult, PdfRefusal, PREVIEW_MAX_SIDE, shortMessage } from './pdf-job';
import { checkStreamSizes, limitPdfLibStreams, streamLimitRefusal } from './pdf-streams';
import { checkPdfStructure } from './pdf-structure';

/**
 * The checks and the clean-up of an uploaded PDF, run in the PDF worker (pdf-worker.ts), never on
 * the server's event loop: parsing and rendering a hostile file can take as long and as much memory
 * as its maker likes, and the worker's time and memory limits are what stop it.
 *
 * In order: the cross-reference structure (pdf-structure.ts), encryption, a strict parse with
 * pdf-lib, active content (pdf-active-content.ts), the page tree and page sizes, what each stream
 * decodes to (pdf-streams.ts), then a rebuilt copy (what we store) and a picture of its first page
 * (what staff glance at).
 */

/** A page larger than 200 inches on a side (in points, at scale 1) is no document: refused before rendering. */
const MAX_PAGE_SIDE_PT = 200 * 72;
/** pdf.js skips an image larger than this (pixels) rather than decode it: a scan at 600 dpi fits. */
const MAX_IMAGE_PIXELS = 50_000_000;

limitPdfLibStreams();

const pdfjsFolder = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** pdf.js wants its data folders as paths ending with a slash. */
const pdfjsData = (name: string) => `${path.join(pdfjsFolder, name)}/`;

/** Checks `bytes` (a file that starts with `%PDF-`); resolves to the rebuilt file or throws PdfRefusal. */
export async function checkPdf(bytes: Uint8Array): Promise<PdfJobResult & { ok: true }> {
  const structure = checkPdfStructure(bytes);
  if (structure.encrypted) throw new PdfRefusal('encrypted', 'the trailer names an /Encrypt dictionary');
  // Only up to the final %%EOF: whatever was appended after it is dropped, not parsed.
  const source = await loadStrictly(bytes.subarray(0, structure.end));
  const active = findActiveContent(source.context);
  if (active) throw new PdfRefusal('activeContent', active);
  const pages = countPages(source);
  checkPageSizes(source);
  checkStreamSizes(source.context);
  const file = await rebuild(source);
  const preview = await renderFirstPage(file);
  return { ok: true, file, preview, pages };
}

async function loadStrictly(bytes: Uint8Array): Promise<PDFDocument> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      throwOnInvalidObject: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new PdfRefusal('encrypted', 'pdf-lib found it encrypted');
    throw streamLimitRefusal() ?? new PdfRefusal('damaged', `pdf-lib could not parse it: ${shortMessage(error)}`);
  }
  if (!(document.catalog instanceof PDFDict)) throw new PdfRefusal('damaged', 'no document catalogue');
  return document;
}

/**
 * Counts the pages by walking the page tree ourselves before pdf-lib does: pdf-lib follows /Kids
 * without a guard, so a tree that loops, or names one page many times over, would run it out of
 * stack or time. Each node must be met once, and the count stops past the limit.
 */
function countPages(document: PDFDocument): number {
  const { context } = document;
  const stack = [document.catalog.get(PDFName.of('Pages'))];
  const seen = new Set<string>();
  let pages = 0;
  while (stack.length > 0) {
    const ref = stack.pop();
    if (!(ref instanceof PDFRef))
      throw new PdfRefusal('damaged', 'the page tree holds something other than a reference');
    if (seen.has(ref.tag)) throw new PdfRefusal('damaged', `the page tree meets ${ref.toString()} twice`);
    seen.add(ref.tag);
    const node = context.lookup(ref);
    const type = node instanceof PDFDict ? node.get(PDFName.of('Type')) : undefined;
    const kids = node instanceof PDFDict ? node.lookup(PDFName.of('Kids')) : undefined;
    if (type === PDFName.of('Pages') && kids instanceof PDFArray) stack.push(...kids.asArray().reverse());
    else if (type === PDFName.of('Page')) pages++;
    else throw new PdfRefusal('damaged', `page tree node ${ref.toString()} is neither /Pages nor /Page`);
    if (pages > PDF_MAX_PAGES) throw new PdfRefusal('tooManyPages', `more than ${PDF_MAX_PAGES} pages`);
  }
  if (pages === 0) throw new PdfRefusal('damaged', 'no pages');
  if (document.getPageCount() !== pages) throw new PdfRefusal('damaged', 'pdf-lib counts the pages differently');
  return pages;
}

/** Every page must have a sane size: more than zero, at most 200 inches a side (with /UserUnit applied). */
function checkPageSizes(document: PDFDocument): void {
  document.getPages().forEach((page, index) => {
    const unit = page.node.get(PDFName.of('UserUnit'));
    const scale = unit instanceof PDFNumber ? unit.asNumber() : 1;
    for (const box of [page.getMediaBox(), page.getCropBox()]) {
      const [width, height] = [Math.abs(box.width) * scale, Math.abs(box.height) * scale];
      if (!(width > 0 && height > 0 && width <= MAX_PAGE_SIDE_PT && height <= MAX_PAGE_SIDE_PT)) {
        throw new PdfRefusal('damaged', `page ${index + 1} is ${Math.round(width)} x ${Math.round(height)} pt`);
      }
    }
  });
}

/**
 * What we store, never the file as sent: a new document holding copies of the pages and what they
 * use. The catalogue's extras (outlines, names, forms, /OpenAction), the document information
 * (author names: privacy) and any object no page uses are left behind. No metadata is written:
 * `updateMetadata: false` keeps pdf-lib from naming itself (or us) as producer.
 */
async function rebuild(source: PDFDocument): Promise<Uint8Array> {
  const copy = await PDFDocument.create({ updateMetadata: false });
  const pages = await copy.copyPages(source, source.getPageIndices());
  for (const page of pages) copy.addPage(page);
  return copy.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/**
 * The rebuilt file's first page as PNG, longest side PREVIEW_MAX_SIDE pixels, drawn by pdf.js with
 * nothing run (no eval, no fonts loaded into the system, no XFA) and any error fatal.
 */
async function renderFirstPage(file: Uint8Array): Promise<Uint8Array> {
  const task = getDocument({
    data: file.slice(), // pdf.js takes over (detaches) the buffer it is given
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    stopAtErrors: true,
    verbosity: 0,
    maxImageSize: MAX_IMAGE_PIXELS,
    standardFontDataUrl: pdfjsData('standard_fonts'),
    cMapUrl: pdfjsData('cmaps'),
    cMapPacked: true,
    iccUrl: pdfjsData('iccs'),
    wasmUrl: pdfjsData('wasm'),
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const longest = Math.max(natural.width, natural.height);
    if (!(longest > 0 && longest <= MAX_PAGE_SIDE_PT))
      throw new PdfRefusal('damaged', `page 1 is ${Math.round(longest)} pt long`);
    const viewport = page.getViewport({ scale: PREVIEW_MAX_SIDE / longest });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    const canvasContext = canvas.getContext('2d');
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: canvasContext as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return new Uint8Array(await canvas.encode('png'));
  } catch (error) {
    if (error instanceof PdfRefusal) throw error;
    throw new PdfRefusal('damaged', `pdf.js could not draw page 1: ${shortMessage(error)}`);
  } finally {
    await task.destroy();
  }
}
