import PDFDocument from 'pdfkit';
import {
  collectionDocumentsLabels,
  slotTimes,
  type AdminCollectionBooking,
  type AdminCollectionDay,
} from '~/shared/collection-schemas';
import { formatPounds } from '~/shared/offer-basics';
import { makeAndModel } from '~/shared/vehicle-names';
import { collectPdf, COLOURS, FONT, headerBand, PAGE, pageFooters, type Doc } from '~/server/pdf/house-style';
import { describeSlot } from './bookings';

/**
 * The driver's day sheet (issue 36): one A4 PDF for a collection day, each slot (morning, then
 * afternoon) with its bookings as cards: the time window, the seller and their phone, the postcode
 * and band, the car, the agreed price, the finance to settle, the documents and keys, and boxes to
 * tick on the doorstep (V5C, keys, ID, payment). pdfkit's built-in Helvetica and the dealer
 * report's house colours; `now` is the creation date, so the same input gives the same bytes.
 */

export type DaySheetInput = {
  day: AdminCollectionDay;
  tradingName: string;
  now: Date;
  /** Leave the PDF's streams uncompressed so tests can read its text. */
  compress?: boolean;
};

export const daySheetFilename = (date: string) => `collections-${date}.pdf`;

const width = (doc: Doc) => doc.page.width - PAGE.margin * 2;
const pageBottom = (doc: Doc) => doc.page.height - PAGE.bottom;
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

const ukDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateText = (date: string) => ukDate.format(new Date(`${date}T12:00:00Z`));
const plateText = (registration: string) =>
  /^[A-Z]{2}\d{2}[A-Z]{3}$/.test(registration) ? `${registration.slice(0, 4)} ${registration.slice(4)}` : registration;
const titleCase = (value: string) => value.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase());
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `text` cut to `maxWidth` in the current font, with an ellipsis where it was cut. */
function fitted(doc: Doc, text: string, maxWidth: number): string {
  if (doc.widthOfString(text) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export async function renderDaySheet(input: DaySheetInput): Promise<Buffer> {
  const { day, tradingName, now } = input;
  const dayLabel = describeSlot(day.date, 'morning').day;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    compress: input.compress ?? true,
    info: {
      Title: `Collections: ${dayLabel}`,
      Author: tradingName,
      Subject: 'Driver’s day sheet',
      CreationDate: now,
      ModDate: now,
    },
  });
  const done = collectPdf(doc);
  doc.on('pageAdded', () => runningHeader(doc, tradingName, dayLabel));

  const total = day.slots.reduce((sum, slot) => sum + slot.bookings.length, 0);
  headerBand(doc, {
    tradingName,
    kind: 'Driver’s day sheet',
    title: dayLabel,
    lines: [total ? plural(total, 'collection') : 'No collections booked', `Printed ${ukDateTime.format(now)}`],
  });
  const closed = day.bankHoliday ? `Bank holiday: ${day.bankHoliday}` : day.weekend ? 'Weekend' : null;
  if (closed) noteBox(doc, closed, 'info');
  if (day.note) noteBox(doc, `Note: ${day.note}`, 'info');
  for (const slot of day.slots) {
    const taken =
      slot.capacity === 0 && slot.booked === 0 ? 'No collections' : `${slot.booked} of ${slot.capacity} booked`;
    slotHeading(doc, slotTimes[slot.slot].label, taken);
    if (slot.bookings.length === 0) {
      doc.font(FONT.regular).fontSize(10).fillColor(COLOURS.muted);
      doc.text(`Nothing booked this ${slot.slot}.`, PAGE.margin, doc.y + 4, { width: width(doc) });
      doc.y += 6;
    }
    slot.bookings.forEach((booking, index) => bookingCard(doc, booking, index + 1, slotTimes[slot.slot].label));
  }
  pageFooters(doc, `${tradingName}  ·  Collections ${dayLabel}  ·  Confidential: sellers’ details`);
  doc.end();
  return done;
}

function runningHeader(doc: Doc, tradingName: string, dayLabel: string) {
  const y = 22;
  doc.font(FONT.bold).fontSize(8).fillColor(COLOURS.navy);
  doc.text(`${tradingName}  ·  Driver’s day sheet`, PAGE.margin, y, { lineBreak: false });
  doc.font(FONT.regular).fillColor(COLOURS.muted);
  doc.text(dayLabel, PAGE.margin, y, { width: width(doc), align: 'right', lineBreak: false });
  doc
    .moveTo(PAGE.margin, y + 12)
    .lineTo(PAGE.margin + width(doc), y + 12)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.y = PAGE.top;
}

function slotHeading(doc: Doc, title: string, aside: string) {
  ensureSpace(doc, 150);
  const y = doc.y + 16;
  doc.font(FONT.bold).fontSize(12.5).fillColor(COLOURS.navy).text(title, PAGE.margin, y, { lineBreak: false });
  doc.font(FONT.regular).fontSize(9.5).fillColor(COLOURS.muted);
  doc.text(aside, PAGE.margin, y + 3, { width: width(doc), align: 'right', lineBreak: false });
  const ruleY = y + 18;
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.margin + width(doc), ruleY)
    .lineWidth(1.2)
    .strokeColor(COLOURS.navy)
    .stroke();
  doc.y = ruleY + 8;
}

function noteBox(doc: Doc, text: string, tone: 'info' | 'warning') {
  const pad = 8;
  const boxWidth = width(doc);
  doc.font(FONT.bold).fontSize(10);
  const height = doc.heightOfString(text, { width: boxWidth - pad * 2 - 4 }) + pad * 2;
  ensureSpace(doc, height + 8);
  const y = doc.y + 8;
  const [fill, edge] =
    tone === 'warning' ? [COLOURS.warningFill, COLOURS.warningEdge] : [COLOURS.infoFill, COLOURS.infoEdge];
  doc.rect(PAGE.margin, y, boxWidth, height).fill(fill);
  doc.rect(PAGE.margin, y, 3, height).fill(edge);
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOURS.text)
    .text(text, PAGE.margin + pad + 4, y + pad, { width: boxWidth - pad * 2 - 4 });
  doc.y = y + height;
}

/** "Black Horse: settle £2,100 (figure valid until 3 Dec 2026)", or "None". */
function financeText(b: AdminCollectionBooking): string {
  if (b.finance === 'none') return 'None';
  if (b.finance === 'declared') {
    return `Declared by the seller, not yet confirmed${b.financeLender ? ` (${b.financeLender})` : ''}`;
  }
  const lender = b.financeLender ?? 'Lender not given';
  const settle = b.settlementPence === null ? 'settlement not confirmed' : `settle ${formatPounds(b.settlementPence)}`;
  const until = b.settlementValidUntil ? ` (figure valid until ${dateText(b.settlementValidUntil)})` : '';
  return `${lender}: ${settle}${until}`;
}

/** What the driver must sort out before paying, if anything. */
function warnings(b: AdminCollectionBooking): string[] {
  const lines: string[] = [];
  if (b.finance === 'declared') lines.push('Finance declared but not yet confirmed: call the office before paying.');
  if (b.finance === 'negative_equity') {
    lines.push('Negative equity: the settlement is more than our price, so the seller pays the difference.');
  }
  if (b.finance === 'letter_expires') lines.push('The settlement figure runs out before today: get a new figure.');
  if (b.documents !== 'complete') lines.push(`${collectionDocumentsLabels[b.documents]}: check the papers on the day.`);
  return lines;
}

type Cell = { label: string; value: string; colour?: string };

/** Label above value, cells side by side in the given shares of `cellsWidth`; returns the row's height. */
function cellsRow(
  doc: Doc,
  cells: readonly Cell[],
  shares: readonly number[],
  x: number,
  y: number,
  cellsWidth: number,
) {
  let left = x;
  let height = 0;
  cells.forEach((cell, i) => {
    const cellWidth = shares[i]! * cellsWidth - 8;
    doc.font(FONT.regular).fontSize(7).fillColor(COLOURS.muted);
    doc.text(cell.label.toUpperCase(), left, y, { width: cellWidth, characterSpacing: 0.3, lineBreak: false });
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(cell.colour ?? COLOURS.text);
    doc.text(cell.value, left, y + 10, { width: cellWidth });
    height = Math.max(height, 10 + doc.heightOfString(cell.value, { width: cellWidth }));
    left += shares[i]! * cellsWidth;
  });
  return height;
}

function cellsHeight(doc: Doc, cells: readonly Cell[], shares: readonly number[], cellsWidth: number) {
  doc.font(FONT.bold).fontSize(10);
  return 10 + Math.max(...cells.map((c, i) => doc.heightOfString(c.value, { width: shares[i]! * cellsWidth - 8 })));
}

const stateColour = (b: AdminCollectionBooking) => ({
  documents: b.documents === 'complete' ? COLOURS.pass : COLOURS.fail,
  finance: b.finance === 'none' || b.finance === 'confirmed' ? COLOURS.text : COLOURS.fail,
});

function bookingCard(doc: Doc, b: AdminCollectionBooking, number: number, window: string) {
  const pad = 12;
  const x = PAGE.margin;
  const cardWidth = width(doc);
  const inner = cardWidth - pad * 2 - 4;
  const innerX = x + pad + 4;
  const colours = stateColour(b);
  const people: Cell[] = [
    { label: 'Seller', value: b.sellerName },
    { label: 'Phone', value: b.phone },
    { label: 'Postcode', value: b.band ? `${b.postcode}  ·  ${b.band}` : b.postcode },
    { label: 'Time window', value: window.replace(/^\w+, /, '') },
  ];
  const peopleShares = [0.3, 0.22, 0.26, 0.22];
  const papers: Cell[] = [
    { label: 'Finance', value: financeText(b), colour: colours.finance },
    { label: 'Documents', value: collectionDocumentsLabels[b.documents], colour: colours.documents },
    { label: 'Keys', value: b.keysCount === null ? 'Not stated' : String(b.keysCount) },
  ];
  const papersShares = [0.52, 0.3, 0.18];
  const alerts = warnings(b);
  doc.font(FONT.regular).fontSize(8.5);
  const alertsHeight = alerts.length ? doc.heightOfString(alerts.join('\n'), { width: inner }) + 6 : 0;
  const height =
    pad +
    34 +
    10 +
    cellsHeight(doc, people, peopleShares, inner) +
    8 +
    cellsHeight(doc, papers, papersShares, inner) +
    (alertsHeight ? 6 + alertsHeight : 0) +
    10 +
    18 +
    pad;
  const page = doc.page;
  ensureSpace(doc, height + 10);
  if (doc.page !== page) {
    doc.font(FONT.bold).fontSize(9.5).fillColor(COLOURS.navy);
    doc.text(`${window} (continued)`, PAGE.margin, doc.y + 4, { lineBreak: false });
    doc.y += 14;
  }
  const top = doc.y + 8;
  doc.roundedRect(x, top, cardWidth, height, 5).fill('#ffffff');
  doc.roundedRect(x, top, cardWidth, height, 5).lineWidth(0.8).strokeColor(COLOURS.rule).stroke();
  doc.rect(x, top + 5, 3.5, height - 10).fill(COLOURS.navy);

  // The number, the plate, the car and the price.
  let y = top + pad;
  doc.circle(innerX + 10, y + 14, 10).fill(COLOURS.navy);
  doc.font(FONT.bold).fontSize(10).fillColor('#ffffff');
  doc.text(String(number), innerX, y + 9, { width: 20, align: 'center', lineBreak: false });
  const plate = { x: innerX + 30, w: 108, h: 28 };
  doc.roundedRect(plate.x, y, plate.w, plate.h, 4).fill(COLOURS.plate);
  doc
    .roundedRect(plate.x + 1.5, y + 1.5, plate.w - 3, plate.h - 3, 3)
    .lineWidth(1)
    .strokeColor('#1a1a1a')
    .stroke();
  doc.font(FONT.bold).fontSize(15).fillColor('#111111');
  doc.text(plateText(b.registration), plate.x, y + 8, { width: plate.w, align: 'center', lineBreak: false });
  const carX = plate.x + plate.w + 12;
  const priceWidth = 110;
  const carWidth = innerX + inner - priceWidth - carX - 8;
  doc.font(FONT.bold).fontSize(12.5).fillColor(COLOURS.navy);
  doc.text(fitted(doc, makeAndModel(b) || 'Make and model not known', carWidth), carX, y + 1, { lineBreak: false });
  const facts = [
    b.colour ? titleCase(b.colour) : null,
    `${b.mileage.toLocaleString('en-GB')} miles`,
    `Ref ${b.reference}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
  doc.font(FONT.regular).fontSize(9).fillColor(COLOURS.muted);
  doc.text(fitted(doc, facts, carWidth), carX, y + 18, { lineBreak: false });
  const priceX = innerX + inner - priceWidth;
  doc.font(FONT.regular).fontSize(7).fillColor(COLOURS.muted);
  doc.text('AGREED PRICE', priceX, y, { width: priceWidth, align: 'right', characterSpacing: 0.3, lineBreak: false });
  doc.font(FONT.bold).fontSize(15).fillColor(COLOURS.text);
  doc.text(b.offerPence === null ? 'Not on record' : formatPounds(b.offerPence), priceX, y + 11, {
    width: priceWidth,
    align: 'right',
    lineBreak: false,
  });
  y += 34 + 10;

  // The seller, then the papers.
  y += cellsRow(doc, people, peopleShares, innerX, y, inner) + 8;
  y += cellsRow(doc, papers, papersShares, innerX, y, inner);
  if (alertsHeight) {
    y += 6;
    doc.rect(innerX, y, inner, alertsHeight).fill(COLOURS.warningFill);
    doc.font(FONT.bold).fontSize(8.5).fillColor(COLOURS.fail);
    doc.text(alerts.join('\n'), innerX + 6, y + 3, { width: inner - 12 });
    y += alertsHeight;
  }
  y += 10;

  // The boxes to tick on the doorstep.
  doc
    .moveTo(innerX, y - 4)
    .lineTo(innerX + inner, y - 4)
    .dash(2, { space: 2 })
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke()
    .undash();
  let boxX = innerX;
  for (const item of ['V5C', b.keysCount ? `Keys (${b.keysCount})` : 'Keys', 'ID', 'Payment']) {
    doc
      .rect(boxX, y + 3, 10, 10)
      .lineWidth(1)
      .strokeColor(COLOURS.text)
      .stroke();
    doc.font(FONT.bold).fontSize(9.5).fillColor(COLOURS.text);
    doc.text(item, boxX + 15, y + 4, { lineBreak: false });
    boxX += 15 + doc.widthOfString(item) + 22;
  }
  doc.font(FONT.regular).fontSize(9).fillColor(COLOURS.muted);
  const signX = innerX + inner - 190;
  doc.text('Time', signX, y + 4, { lineBreak: false });
  doc
    .moveTo(signX + 24, y + 13)
    .lineTo(signX + 70, y + 13)
    .lineWidth(0.6)
    .strokeColor(COLOURS.muted)
    .stroke();
  doc.text('Signed', signX + 80, y + 4, { lineBreak: false });
  doc
    .moveTo(signX + 114, y + 13)
    .lineTo(innerX + inner, y + 13)
    .stroke();
  doc.y = top + height;
  doc.x = PAGE.margin;
}
