import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The words on a PDF's first page, as a reader's copy and paste would give them (joined by spaces). */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}
