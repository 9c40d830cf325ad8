import { PDFArray, PDFContext, PDFDict, PDFName, PDFNumber, PDFObjectParser, PDFRawStream } from 'pdf-lib';
import { PdfRefusal } from './pdf-job';
import { decodeWithinLimit } from './pdf-streams';

/**
 * The strict structure check of an uploaded PDF ("accepted only if it parses"): the file's
 * cross-reference sections, found from the last `startxref`, must say where every object is, and
 * each object must be there. Viewers (and pdf-lib) quietly repair a broken table by scanning the
 * file; we refuse it instead, because a file whose objects are not where it says is either damaged
 * or made to show one reader something other than another.
 *
 * Both kinds of section are read: the classic `xref` table and the cross-reference stream (PDF
 * 1.5), followed back through `/Prev` (incremental updates) and `/XRefStm` (hybrid files), with a
 * guard against a chain that loops.
 */

export type PdfStructure = {
  /** Bytes up to the end of the final `%%EOF` line: anything appended after it is not ours to parse. */
  end: number;
  /** A trailer names an /Encrypt dictionary. */
  encrypted: boolean;
};

/** More sections than this is no document a seller made: each edit in a PDF editor adds one. */
const MAX_SECTIONS = 500;

const WS = '[\\0\\t\\n\\f\\r ]';
/** `<num> <gen> obj`, read exactly where an offset points (sticky), ended by whitespace or a delimiter. */
const OBJECT_HEADER = new RegExp(`(\\d{1,10})${WS}+(\\d{1,5})${WS}+obj(?=[\\0\\t\\n\\f\\r ()<>\\[\\]{}/%]|$)`, 'y');
const SUBSECTION = new RegExp(`${WS}*(\\d{1,10})[ \\t]+(\\d{1,10})(?=${WS})`, 'y');
const ENTRY = new RegExp(`${WS}*(\\d{1,10}) +(\\d{1,5}) +([nf])(?=${WS}|$)`, 'y');
const TRAILER = new RegExp(`${WS}*trailer`, 'y');

type Section = {
  /** In-use objects (classic `n` entries, stream type 1): where each must start. */
  located: { number: number; generation: number; offset: number }[];
  /** Objects stored in object streams (stream type 2): the object stream's number. */
  compressedIn: number[];
  trailer: PDFDict;
};

const damaged = (detail: string): never => {
  throw new PdfRefusal('damaged', detail);
};

/** Checks the cross-reference sections of `bytes`; throws PdfRefusal('damaged') on any fault. */
export function checkPdfStructure(bytes: Uint8Array): PdfStructure {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!text.startsWith('%PDF-')) damaged('no %PDF- header at the start');
  const eof = text.lastIndexOf('%%EOF');
  if (eof < 0) damaged('no %%EOF marker (cut short?)');
  const startxref = text.lastIndexOf('startxref', eof);
  const pointer =
    startxref < 0 ? null : new RegExp(`^startxref${WS}+(\\d{1,10})${WS}*$`).exec(text.slice(startxref, eof));
  if (!pointer) return damaged('no startxref before the last %%EOF');
  const end = endOfLine(text, eof + '%%EOF'.length);
  return { end, encrypted: walkSections(text.slice(0, end), bytes.subarray(0, end), Number(pointer[1])) };
}

/** Reads every section from `first` back; returns whether a trailer names /Encrypt. */
function walkSections(text: string, body: Uint8Array, first: number): boolean {
  const queue = [first];
  const seen = new Set<number>();
  const inUse = new Set<number>();
  const objectStreams = new Set<number>();
  let encrypted = false;
  for (let offset = queue.shift(); offset !== undefined; offset = queue.shift()) {
    if (seen.has(offset)) damaged(`cross-reference sections loop back to offset ${offset}`);
    if (seen.size >= MAX_SECTIONS) damaged(`more than ${MAX_SECTIONS} cross-reference sections`);
    seen.add(offset);
    if (offset >= body.length) damaged(`cross-reference offset ${offset} is past the end of the file`);
    const classic = text.startsWith('xref', offset);
    const section = classic ? readTable(text, body, offset) : readStream(text, body, offset);
    for (const entry of section.located) {
      const header = objectHeaderAt(text, entry.offset);
      if (header?.number !== entry.number || header.generation !== entry.generation) {
        damaged(`object ${entry.number} ${entry.generation} R is not at offset ${entry.offset}`);
      }
      inUse.add(entry.number);
    }
    for (const stream of section.compressedIn) objectStreams.add(stream);
    if (section.trailer.has(PDFName.of('Encrypt'))) encrypted = true;
    queue.push(...sectionLinks(section.trailer, classic));
  }
  for (const stream of objectStreams) {
    if (!inUse.has(stream)) damaged(`object stream ${stream} 0 R is named but not in any section`);
  }
  return encrypted;
}

/** The offsets a section's trailer points on to: `/Prev`, and a classic table's `/XRefStm`. */
function sectionLinks(trailer: PDFDict, classic: boolean): number[] {
  const keys = classic ? ['Prev', 'XRefStm'] : ['Prev'];
  return keys.flatMap((key) => {
    const value = trailer.get(PDFName.of(key));
    if (value === undefined) return [];
    if (!(value instanceof PDFNumber) || !Number.isInteger(value.asNumber()) || value.asNumber() < 0) {
      return damaged(`trailer /${key} is not an offset`);
    }
    return [value.asNumber()];
  });
}

/** A classic table: `xref`, subsections of `<first> <count>` and their entries, then `trailer <<…>>`. */
function readTable(text: string, body: Uint8Array, offset: number): Section {
  let position = offset + 'xref'.length;
  const located: Section['located'] = [];
  for (;;) {
    TRAILER.lastIndex = position;
    if (TRAILER.test(text)) break;
    SUBSECTION.lastIndex = position;
    const subsection = SUBSECTION.exec(text);
    if (!subsection) return damaged(`cross-reference table at ${offset} has a malformed subsection`);
    position = SUBSECTION.lastIndex;
    const [first, count] = [Number(subsection[1]), Number(subsection[2])];
    for (let index = 0; index < count; index++) {
      ENTRY.lastIndex = position;
      const entry = ENTRY.exec(text);
      if (!entry) return damaged(`cross-reference table at ${offset} has a malformed entry`);
      position = ENTRY.lastIndex;
      if (entry[3] === 'n')
        located.push({ number: first + index, generation: Number(entry[2]), offset: Number(entry[1]) });
    }
  }
  const trailer = parseObjectAt(body, TRAILER.lastIndex);
  if (!(trailer instanceof PDFDict)) return damaged(`cross-reference table at ${offset} has no trailer dictionary`);
  return { located, compressedIn: [], trailer };
}

/** A cross-reference stream: an object whose dictionary has /Type /XRef, its rows decoded. */
function readStream(text: string, body: Uint8Array, offset: number): Section {
  const header = objectHeaderAt(text, offset);
  if (!header) return damaged(`no cross-reference section at offset ${offset}`);
  const stream = parseObjectAt(body, header.end);
  if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Type')) !== PDFName.of('XRef')) {
    return damaged(`object at offset ${offset} is not a cross-reference stream`);
  }
  const widths = numbers(stream.dict.get(PDFName.of('W')), 'W');
  if (widths.length !== 3 || widths.some((w) => w > 8) || widths[1] === 0)
    damaged('cross-reference stream /W is invalid');
  const size = stream.dict.get(PDFName.of('Size'));
  if (!(size instanceof PDFNumber)) return damaged('cross-reference stream has no /Size');
  const index = stream.dict.has(PDFName.of('Index'))
    ? numbers(stream.dict.get(PDFName.of('Index')), 'Index')
    : [0, size.asNumber()];
  if (index.length % 2 !== 0) damaged('cross-reference stream /Index is invalid');
  const rows = decodeRows(stream);
  const [typeWidth = 0, offsetWidth = 0, thirdWidth = 0] = widths;
  const rowWidth = typeWidth + offsetWidth + thirdWidth;
  const total = index.reduce((sum, value, i) => (i % 2 === 1 ? sum + value : sum), 0);
  if (rows.length < total * rowWidth) damaged('cross-reference stream is shorter than its /Index says');
  const located: Section['located'] = [];
  const compressedIn: number[] = [];
  let row = 0;
  for (let pair = 0; pair < index.length; pair += 2) {
    const [first = 0, count = 0] = [index[pair], index[pair + 1]];
    for (let i = 0; i < count; i++, row++) {
      const at = row * rowWidth;
      const type = typeWidth === 0 ? 1 : readField(rows, at, typeWidth);
      const second = readField(rows, at + typeWidth, offsetWidth);
      const third = readField(rows, at + typeWidth + offsetWidth, thirdWidth);
      if (type === 1) located.push({ number: first + i, generation: third, offset: second });
      else if (type === 2) compressedIn.push(second);
    }
  }
  return { located, compressedIn, trailer: stream.dict };
}

/** The `<num> <gen> obj` at exactly `offset`, or undefined. */
function objectHeaderAt(text: string, offset: number) {
  OBJECT_HEADER.lastIndex = offset;
  const match = OBJECT_HEADER.exec(text);
  if (!match) return undefined;
  return { number: Number(match[1]), generation: Number(match[2]), end: OBJECT_HEADER.lastIndex };
}

function parseObjectAt(body: Uint8Array, offset: number) {
  return PDFObjectParser.forBytes(body.subarray(offset), PDFContext.create()).parseObject();
}

/** An array of non-negative integers (/W, /Index), or a refusal. */
function numbers(value: unknown, key: string): number[] {
  if (!(value instanceof PDFArray)) return damaged(`cross-reference stream /${key} is not an array`);
  return value.asArray().map((item) => {
    const n = item instanceof PDFNumber ? item.asNumber() : -1;
    return Number.isInteger(n) && n >= 0 ? n : damaged(`cross-reference stream /${key} holds a bad number`);
  });
}

/** A big-endian field of `width` bytes (arithmetic, not shifts: widths up to 8 stay exact). */
function readField(rows: Uint8Array, at: number, width: number): number {
  let value = 0;
  for (let i = 0; i < width; i++) value = value * 256 + (rows[at + i] ?? 0);
  return value;
}

/** The stream's rows: filters undone by pdf-lib, then the PNG predictor (pdf-lib leaves it applied). */
function decodeRows(stream: PDFRawStream): Uint8Array {
  const decoded = decodeWithinLimit(stream, 'a cross-reference stream');
  let parms = stream.dict.get(PDFName.of('DecodeParms'));
  if (parms instanceof PDFArray) parms = parms.get(parms.size() - 1);
  if (!(parms instanceof PDFDict)) return decoded;
  const param = (key: string, fallback: number) => {
    const value = parms.get(PDFName.of(key));
    return value instanceof PDFNumber ? value.asNumber() : fallback;
  };
  const predictor = param('Predictor', 1);
  if (predictor === 1) return decoded;
  if (predictor < 10) return damaged(`cross-reference stream uses predictor ${predictor}`);
  const bits = param('Colors', 1) * param('BitsPerComponent', 8);
  return undoPngPredictor(decoded, Math.ceil((bits * param('Columns', 1)) / 8), Math.max(1, bits / 8));
}

/** Reverses PNG row filters (each row: a filter byte, then `rowBytes` bytes). */
function undoPngPredictor(data: Uint8Array, rowBytes: number, pixelBytes: number): Uint8Array {
  if (rowBytes < 1) return damaged('cross-reference stream has no /Columns');
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const filter = data[r * (rowBytes + 1)];
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[r * (rowBytes + 1) + 1 + i] ?? 0;
      const left = i >= pixelBytes ? (out[r * rowBytes + i - pixelBytes] ?? 0) : 0;
      const up = r > 0 ? (out[(r - 1) * rowBytes + i] ?? 0) : 0;
      const upLeft = r > 0 && i >= pixelBytes ? (out[(r - 1) * rowBytes + i - pixelBytes] ?? 0) : 0;
      out[r * rowBytes + i] = (raw + predict(filter, left, up, upLeft)) & 0xff;
    }
  }
  return out;
}

function predict(filter: number | undefined, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return Math.floor((left + up) / 2);
    case 4: {
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    default:
      return damaged(`cross-reference stream has PNG filter ${filter}`);
  }
}

/** The position after the end-of-line that follows `position`, if any (CR, LF or CRLF). */
function endOfLine(text: string, position: number): number {
  let end = position;
  if (text[end] === '\r') end++;
  if (text[end] === '\n') end++;
  return end;
}
