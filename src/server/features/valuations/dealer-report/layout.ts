import { NOT_GIVEN } from './report-model';

/**
 * Drawing helpers for the dealer report on A4: page geometry, the house colours, space checks,
 * section headings, a two-column label/value grid, a simple table and a note box. Each draws at
 * `doc.y` and leaves `doc.y` below what it drew.
 */

export { COLOURS, FONT, PAGE, type Doc } from '~/server/pdf/house-style';
import { COLOURS, FONT, PAGE, type Doc } from '~/server/pdf/house-style';

export const contentWidth = (doc: Doc) => doc.page.width - PAGE.margin * 2;
const pageBottom = (doc: Doc) => doc.page.height - PAGE.bottom;

/** Starts a new page unless `height` points fit below `doc.y`. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

export function sectionHeading(doc: Doc, title: string): void {
  // A heading is never left alone at the foot of a page: keep room for a row after it.
  ensureSpace(doc, 70);
  const y = doc.y + 14;
  doc.font(FONT.bold).fontSize(11.5).fillColor(COLOURS.navy).text(title, PAGE.margin, y, { lineBreak: false });
  const ruleY = y + 17;
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.margin + contentWidth(doc), ruleY)
    .lineWidth(1)
    .strokeColor(COLOURS.navy)
    .stroke();
  doc.y = ruleY + 6;
}

export type Cell = { label: string; value: string };

/** Label above value, `columns` cells to a row, rows shaded alternately. */
export function keyValueGrid(doc: Doc, cells: readonly Cell[], columns = 2): void {
  const width = contentWidth(doc);
  const cellWidth = width / columns;
  const pad = 6;
  for (let start = 0, index = 0; start < cells.length; start += columns, index++) {
    const row = cells.slice(start, start + columns);
    doc.font(FONT.bold).fontSize(10);
    const valueHeight = Math.max(...row.map((c) => doc.heightOfString(c.value, { width: cellWidth - pad * 2 })));
    const height = pad + 10 + valueHeight + pad;
    ensureSpace(doc, height);
    const y = doc.y;
    if (index % 2 === 0) doc.rect(PAGE.margin, y, width, height).fill(COLOURS.zebra);
    row.forEach((cell, i) => {
      const x = PAGE.margin + i * cellWidth + pad;
      doc.font(FONT.regular).fontSize(7.5).fillColor(COLOURS.muted);
      doc.text(cell.label.toUpperCase(), x, y + pad, {
        width: cellWidth - pad * 2,
        characterSpacing: 0.3,
        lineBreak: false,
      });
      const answered = cell.value !== NOT_GIVEN;
      doc
        .font(answered ? FONT.bold : FONT.regular)
        .fontSize(10)
        .fillColor(answered ? COLOURS.text : COLOURS.muted);
      doc.text(cell.value, x, y + pad + 10, { width: cellWidth - pad * 2 });
    });
    doc.y = y + height;
  }
}

export type Column<T> = {
  header: string;
  /** A share of the content width. */
  width: number;
  align?: 'left' | 'right' | 'center';
  text(row: T): string;
  colour?(row: T): string;
  bold?: boolean;
};

/** A table with a shaded header and a rule under each row; the header repeats after a page break. */
export function table<T>(doc: Doc, columns: readonly Column<T>[], rows: readonly T[]): void {
  const width = contentWidth(doc);
  const pad = 5;
  const widths = columns.map((c) => c.width * width);
  const drawRow = (cells: string[], y: number, height: number, style: (i: number) => void) => {
    let x = PAGE.margin;
    cells.forEach((text, i) => {
      style(i);
      doc.text(text, x + pad, y + pad, { width: widths[i]! - pad * 2, align: columns[i]!.align ?? 'left' });
      x += widths[i]!;
    });
    doc.y = y + height;
  };
  const header = () => {
    ensureSpace(doc, 22 + 20);
    const y = doc.y;
    doc.rect(PAGE.margin, y, width, 18).fill(COLOURS.infoFill);
    drawRow(
      columns.map((c) => c.header),
      y,
      18,
      () => doc.font(FONT.bold).fontSize(8).fillColor(COLOURS.navy),
    );
  };
  header();
  for (const row of rows) {
    const cells = columns.map((c) => c.text(row));
    doc.font(FONT.regular).fontSize(9);
    const height = pad * 2 + Math.max(...cells.map((t, i) => doc.heightOfString(t, { width: widths[i]! - pad * 2 })));
    if (doc.y + height > pageBottom(doc)) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    drawRow(cells, y, height, (i) => {
      const column = columns[i]!;
      doc
        .font(column.bold ? FONT.bold : FONT.regular)
        .fontSize(9)
        .fillColor(column.colour?.(row) ?? COLOURS.text);
    });
    doc
      .moveTo(PAGE.margin, y + height)
      .lineTo(PAGE.margin + width, y + height)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
  }
}

/** A shaded box with a coloured edge: information, or a warning the reader must not miss. */
export function noteBox(doc: Doc, text: string, tone: 'info' | 'warning' = 'info'): void {
  const width = contentWidth(doc);
  const pad = 8;
  const font = tone === 'warning' ? FONT.bold : FONT.regular;
  doc.font(font).fontSize(9);
  const height = doc.heightOfString(text, { width: width - pad * 2 - 4 }) + pad * 2;
  ensureSpace(doc, height + 6);
  const y = doc.y + 6;
  const [fill, edge] =
    tone === 'warning' ? [COLOURS.warningFill, COLOURS.warningEdge] : [COLOURS.infoFill, COLOURS.infoEdge];
  doc.rect(PAGE.margin, y, width, height).fill(fill);
  doc.rect(PAGE.margin, y, 3, height).fill(edge);
  doc
    .font(font)
    .fontSize(9)
    .fillColor(COLOURS.text)
    .text(text, PAGE.margin + pad + 4, y + pad, { width: width - pad * 2 - 4 });
  doc.y = y + height;
}

/** A labelled block of free text (the seller's own words), which may run on to the next page. */
export function textBlock(doc: Doc, label: string, text: string): void {
  ensureSpace(doc, 40);
  const width = contentWidth(doc);
  doc.y += 8;
  doc.font(FONT.regular).fontSize(7.5).fillColor(COLOURS.muted);
  doc.text(label.toUpperCase(), PAGE.margin, doc.y, { width, characterSpacing: 0.3 });
  doc.y += 3;
  doc.font(FONT.regular).fontSize(10).fillColor(COLOURS.text);
  doc.text(text, PAGE.margin, doc.y, { width, lineGap: 2 });
}
