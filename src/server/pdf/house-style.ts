import type PDFDocument from 'pdfkit';

/**
 * The house style of the PDFs we make with pdfkit (the dealer report, the driver's day sheet): A4
 * page geometry, the colours, the built-in fonts, and collecting a document's bytes.
 */

export type Doc = InstanceType<typeof PDFDocument>;

export const PAGE = { margin: 48, top: 56, bottom: 64 } as const;
export const COLOURS = {
  navy: '#0b2a4a',
  text: '#1f2933',
  muted: '#52606d',
  rule: '#d5dce4',
  zebra: '#f4f6f9',
  plate: '#f7d117',
  pass: '#1e7b34',
  fail: '#b42318',
  warningFill: '#fff4e0',
  warningEdge: '#d97706',
  infoFill: '#eef3f9',
  infoEdge: '#1f5790',
  /** Small print on the navy header band. */
  headerMuted: '#c9d6e3',
} as const;
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

/** The document's bytes once it has ended (call before `doc.end()`). */
export function collectPdf(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The navy band's height at the top of a document's first page. */
export const HEADER_BAND_HEIGHT = 84;

export type HeaderBand = {
  /** Left: the trading name, and what the document is under it. */
  tradingName: string;
  kind: string;
  /** Right: the document's own title (a day, a receipt number) and up to two small lines. */
  title: string;
  lines: string[];
};

/** The first page's navy band; leaves `doc.y` just below it. */
export function headerBand(doc: Doc, band: HeaderBand) {
  const pageWidth = doc.page.width;
  doc.rect(0, 0, pageWidth, HEADER_BAND_HEIGHT).fill(COLOURS.navy);
  doc.font(FONT.bold).fontSize(19).fillColor('#ffffff');
  doc.text(band.tradingName, PAGE.margin, 22, { width: 230, lineBreak: false, ellipsis: true });
  doc.font(FONT.regular).fontSize(9).fillColor(COLOURS.headerMuted);
  doc.text(band.kind, PAGE.margin, 48, { width: 230, lineBreak: false });
  const right = { width: 280, align: 'right' as const, lineBreak: false };
  const rightX = pageWidth - PAGE.margin - 280;
  doc.font(FONT.bold).fontSize(16).fillColor('#ffffff').text(band.title, rightX, 22, right);
  doc.font(FONT.regular).fontSize(9).fillColor(COLOURS.headerMuted);
  band.lines.slice(0, 2).forEach((line, index) => doc.text(line, rightX, 46 + index * 12, right));
  doc.y = HEADER_BAND_HEIGHT + 10;
}

/** Every page's footer: a rule, `text` on the left and "Page n of m" on the right (needs `bufferPages`). */
export function pageFooters(doc: Doc, text: string) {
  const range = doc.bufferedPageRange();
  const footerWidth = doc.page.width - PAGE.margin * 2;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 42;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + footerWidth, y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOURS.muted);
    doc.text(text, PAGE.margin, y + 8, { width: footerWidth - 80, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i + 1} of ${range.count}`, PAGE.margin + footerWidth - 80, y + 8, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
