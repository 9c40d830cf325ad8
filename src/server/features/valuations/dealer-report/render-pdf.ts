import { collectPdf } from '~/server/pdf/house-style';
import PDFDocument from 'pdfkit';
import {
  COLOURS,
  contentWidth,
  ensureSpace,
  FONT,
  keyValueGrid,
  noteBox,
  PAGE,
  sectionHeading,
  table,
  textBlock,
  type Column,
  type Doc,
} from './layout';
import type { DealerReportModel, MotRow } from './report-model';
import { damageSection } from './report-damage';
import type { ReportPhoto } from './report-photos';

/**
 * Lays the dealer report out on A4 with pdfkit's built-in Helvetica (no font files): the
 * business header, the vehicle with its plate, DVLA data, the MOT summary, the seller's answers,
 * the seller (or only the district), the photos, and on every page "Page N of M" and the
 * confidentiality line. `now` is the document's creation date, so the same input gives the same
 * bytes. `compress: false` leaves the text streams readable (tests).
 */
export type RenderOptions = { now: Date; compress?: boolean };

const HEADER_HEIGHT = 84;

export async function renderReportPdf(
  model: DealerReportModel,
  photos: readonly ReportPhoto[],
  options: RenderOptions,
  damage: Parameters<typeof damageSection>[1] = [],
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: `${model.title}: ${model.vehicle.title} (${model.vehicle.registration})`,
      Author: model.business.tradingName,
      Subject: `Reference ${model.reference}`,
      CreationDate: options.now,
      ModDate: options.now,
    },
  });
  const done = collectPdf(doc);
  doc.on('pageAdded', () => runningHeader(doc, model));

  header(doc, model);
  vehicleSummary(doc, model);
  sectionHeading(doc, 'Vehicle');
  keyValueGrid(doc, model.vehicle.rows, 4);
  dvlaSection(doc, model);
  motSection(doc, model);
  conditionSection(doc, model);
  sectionHeading(doc, 'Finance');
  keyValueGrid(doc, model.finance, 2);
  sellerSection(doc, model);
  photoSection(doc, photos);
  damageSection(doc, damage);
  footers(doc, model);

  doc.end();
  return done;
}

/** The first page's navy band: the business on the left, the report's title, reference and date on the right. */
function header(doc: Doc, model: DealerReportModel): void {
  const width = doc.page.width;
  doc.rect(0, 0, width, HEADER_HEIGHT).fill(COLOURS.navy);
  const right = { width: 220, align: 'right' as const, lineBreak: false };
  const rightX = width - PAGE.margin - 220;
  doc.font(FONT.bold).fontSize(19).fillColor('#ffffff');
  doc.text(model.business.tradingName, PAGE.margin, 22, { width: 280, lineBreak: false, ellipsis: true });
  doc.font(FONT.regular).fontSize(7.5).fillColor('#c9d6e3');
  model.business.lines.slice(0, 3).forEach((line, i) => {
    doc.text(line, PAGE.margin, 46 + i * 10, { width: 290, lineBreak: false, ellipsis: true });
  });
  doc.font(FONT.bold).fontSize(15).fillColor('#ffffff').text(model.title, rightX, 22, right);
  doc.font(FONT.regular).fontSize(8.5).fillColor('#c9d6e3');
  doc.text(`Reference ${model.reference}`, rightX, 46, right);
  doc.text(model.date, rightX, 57, right);
  doc.y = HEADER_HEIGHT + 18;
}

/** Later pages: one quiet line saying whose report this is. */
function runningHeader(doc: Doc, model: DealerReportModel): void {
  const y = 22;
  doc.font(FONT.bold).fontSize(8).fillColor(COLOURS.navy);
  doc.text(`${model.business.tradingName}  ·  ${model.title}`, PAGE.margin, y, { lineBreak: false });
  doc.font(FONT.regular).fillColor(COLOURS.muted);
  doc.text(`${model.vehicle.registration}  ·  Ref ${model.reference}`, PAGE.margin, y, {
    width: contentWidth(doc),
    align: 'right',
    lineBreak: false,
  });
  doc
    .moveTo(PAGE.margin, y + 12)
    .lineTo(PAGE.margin + contentWidth(doc), y + 12)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.y = PAGE.top;
}

/** The registration on a yellow rear plate, the vehicle's name and its key facts beside it. */
function vehicleSummary(doc: Doc, model: DealerReportModel): void {
  const y = doc.y;
  const plate = { x: PAGE.margin, w: 158, h: 42 };
  doc.roundedRect(plate.x, y, plate.w, plate.h, 5).fill(COLOURS.plate);
  doc
    .roundedRect(plate.x + 2, y + 2, plate.w - 4, plate.h - 4, 4)
    .lineWidth(1.2)
    .strokeColor('#1a1a1a')
    .stroke();
  doc.font(FONT.bold).fontSize(23).fillColor('#111111');
  doc.text(model.vehicle.registration, plate.x, y + 11, { width: plate.w, align: 'center', lineBreak: false });

  const x = plate.x + plate.w + 18;
  const width = contentWidth(doc) - plate.w - 18;
  doc.font(FONT.bold).fontSize(17).fillColor(COLOURS.navy);
  doc.text(model.vehicle.title, x, y + 3, { width, lineBreak: false, ellipsis: true });
  const facts = ['Colour', 'Fuel', 'Engine size', 'Mileage (seller)']
    .map((label) => model.vehicle.rows.find((r) => r.label === label)?.value)
    .filter((value): value is string => Boolean(value) && value !== 'Not given');
  doc.font(FONT.regular).fontSize(10).fillColor(COLOURS.muted);
  doc.text(facts.join('  ·  '), x, y + 26, { width, lineBreak: false, ellipsis: true });
  doc.y = y + plate.h + 4;
}

function dvlaSection(doc: Doc, model: DealerReportModel): void {
  sectionHeading(doc, 'DVLA record');
  keyValueGrid(doc, model.dvla.rows, 4);
  if (model.dvla.note) noteBox(doc, model.dvla.note);
}

const count = (n: number) => (n === 0 ? '–' : String(n));
const motColumns: Column<MotRow>[] = [
  { header: 'Date', width: 0.17, text: (r) => r.date },
  {
    header: 'Result',
    width: 0.11,
    bold: true,
    text: (r) => (r.result === 'PASSED' ? 'Pass' : r.result === 'FAILED' ? 'Fail' : r.result),
    colour: (r) => (r.result === 'PASSED' ? COLOURS.pass : r.result === 'FAILED' ? COLOURS.fail : COLOURS.text),
  },
  { header: 'Odometer', width: 0.15, align: 'right', text: (r) => r.odometer },
  { header: 'Expiry', width: 0.17, text: (r) => r.expiry },
  {
    header: 'Dangerous',
    width: 0.11,
    align: 'center',
    text: (r) => count(r.defects.dangerous),
    colour: (r) => (r.defects.dangerous ? COLOURS.fail : COLOURS.muted),
  },
  {
    header: 'Major',
    width: 0.09,
    align: 'center',
    text: (r) => count(r.defects.major),
    colour: (r) => (r.defects.major ? COLOURS.fail : COLOURS.muted),
  },
  { header: 'Minor', width: 0.09, align: 'center', text: (r) => count(r.defects.minor) },
  { header: 'Advisory', width: 0.11, align: 'center', text: (r) => count(r.defects.advisory) },
];

function motSection(doc: Doc, model: DealerReportModel): void {
  const { mot } = model;
  sectionHeading(doc, 'MOT history');
  if (mot.mileageWarning) noteBox(doc, mot.mileageWarning, 'warning');
  if (mot.recall) noteBox(doc, mot.recall, 'warning');
  if (mot.rows.length > 0) {
    doc.y += 6;
    table(doc, motColumns, mot.rows);
  }
  if (mot.note) noteBox(doc, mot.note);
}

function conditionSection(doc: Doc, model: DealerReportModel): void {
  sectionHeading(doc, "Condition (the seller's answers)");
  keyValueGrid(doc, model.condition.rows, 3);
  if (model.condition.mechanicalDetails)
    textBlock(doc, 'Mechanical issues: details', model.condition.mechanicalDetails);
}

function sellerSection(doc: Doc, model: DealerReportModel): void {
  sectionHeading(doc, 'Seller');
  keyValueGrid(doc, model.seller.rows, model.seller.withheld ? 1 : 2);
  if (model.seller.withheld) {
    noteBox(
      doc,
      `Seller contact details withheld. Contact ${model.business.tradingName} about this vehicle, quoting reference ${model.reference}.`,
    );
  }
}

/**
 * Up to 8 photos, 4 to a row at 4:3 (report-photos.ts prepares them), each guided shot's name under
 * its photo; a row never splits across pages.
 */
function photoSection(doc: Doc, photos: readonly ReportPhoto[]): void {
  if (photos.length === 0) return;
  const gap = 8;
  const perRow = 4;
  const cellWidth = (contentWidth(doc) - gap * (perRow - 1)) / perRow;
  const cellHeight = (cellWidth * 3) / 4;
  const labelled = photos.some((photo) => photo.label);
  const labelHeight = labelled ? 14 : 0;
  // Heading and the first row together; the heading never sits alone at a page's foot.
  ensureSpace(doc, 40 + cellHeight + labelHeight);
  sectionHeading(doc, `Photos (${photos.length})`);
  doc.y += 4;
  for (let start = 0; start < photos.length; start += perRow) {
    ensureSpace(doc, cellHeight + labelHeight + gap);
    const y = doc.y;
    photos.slice(start, start + perRow).forEach((photo, i) => {
      const x = PAGE.margin + i * (cellWidth + gap);
      doc.image(photo.image, x, y, { width: cellWidth, height: cellHeight });
      doc.rect(x, y, cellWidth, cellHeight).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
      if (photo.label) {
        doc
          .font(FONT.bold)
          .fontSize(8)
          .fillColor(COLOURS.muted)
          .text(photo.label, x, y + cellHeight + 3, { width: cellWidth, lineBreak: false, ellipsis: true });
      }
    });
    doc.y = y + cellHeight + labelHeight + gap;
  }
}

/** On every page: a rule, the confidentiality line and "Page N of M". */
function footers(doc: Doc, model: DealerReportModel): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the margin would otherwise start a new page
    const y = doc.page.height - 42;
    const width = contentWidth(doc);
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + width, y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOURS.muted);
    doc.text(model.footer, PAGE.margin, y + 8, { width: width - 80, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i + 1} of ${range.count}`, PAGE.margin + width - 80, y + 8, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
