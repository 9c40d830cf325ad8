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
