import PDFDocument from 'pdfkit';
import type { Payee } from '~/shared/handover';
import { formatPounds } from '~/shared/offer-basics';
import { collectPdf, COLOURS, FONT, headerBand, PAGE, pageFooters, type Doc } from '~/server/pdf/house-style';

/**
 * The purchase receipt (issue 36): one A4 page in the house style, e-mailed to the seller when we
 * have paid and downloadable by them and by staff. Both parties (our company and the seller), the
 * car as handed over, the price and how it was paid (to the lender to settle the finance, and to the
 * seller), with each Faster Payment's reference and time; a price lowered at inspection is itemised.
 * `completedAt` is the document's date, so
 * the same sale always gives the same bytes.
 */

export type ReceiptInput = {
  reference: string;
  buyer: { name: string; addressLines: string[]; companyNumber: string | null; contact: string | null };
  seller: { name: string; postcode: string; email: string; phone: string };
  car: {
    registration: string;
    vehicle: string | null;
    mileage: number;
    keys: number;
    v5cHandedOver: boolean;
    collectedAt: Date;
  };
  pricePence: number;
  /**
   * Set when an accepted price revision (issue 37) lowered the offer: the offer and each deduction,
   * so the receipt shows how the price paid was reached, item by item, as the seller agreed it.
   */
  revision: { offerPence: number; items: { name: string; quantity: number; unitPence: number }[] } | null;
  lender: string | null;
  payments: { payee: Payee; amountPence: number; reference: string; paidAt: Date }[];
  completedAt: Date;
  /** Leave the PDF's streams uncompressed so tests can read its text. */
  compress?: boolean;
};

export const receiptFilename = (reference: string) => `receipt-${reference}.pdf`;

const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** "Wed 14 April 2027 at 09:40": en-GB writes the "at" itself. */
const when = (instant: Date) => ukDateTime.format(instant).replace(/^(\w+),/, '$1');
const plateText = (registration: string) =>
  /^[A-Z]{2}\d{2}[A-Z]{3}$/.test(registration) ? `${registration.slice(0, 4)} ${registration.slice(4)}` : registration;
const width = (doc: Doc) => doc.page.width - PAGE.margin * 2;

export async function renderReceipt(input: ReceiptInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    compress: input.compress ?? true,
    info: {
      Title: `Purchase receipt ${input.reference}`,
      Author: input.buyer.name,
      Subject: `${plateText(input.car.registration)} bought from ${input.seller.name}`,
      CreationDate: input.completedAt,
      ModDate: input.completedAt,
    },
  });
  const done = collectPdf(doc);
  headerBand(doc, {
    tradingName: input.buyer.name,
    kind: 'Purchase receipt',
    title: `Receipt ${input.reference}`,
    lines: [`Paid ${when(input.completedAt)}`, 'UK time'],
  });
  parties(doc, input);
  section(doc, 'The car');
  rows(doc, [
    ['Registration', plateText(input.car.registration)],
    ['Vehicle', input.car.vehicle ?? 'As on the V5C'],
    ['Mileage at collection', `${input.car.mileage.toLocaleString('en-GB')} miles`],
    ['Keys handed over', String(input.car.keys)],
    ['V5C logbook', input.car.v5cHandedOver ? 'Handed over' : 'Not handed over: the seller will send it'],
    ['Collected', when(input.car.collectedAt)],
  ]);
  section(doc, 'Payment');
  payment(doc, input);
  statement(doc, input);
  pageFooters(doc, `${input.buyer.name}  ·  Purchase receipt ${input.reference}  ·  Keep this for your records`);
  doc.end();
  return done;
}

function parties(doc: Doc, input: ReceiptInput) {
  const top = doc.y + 8;
  const columnWidth = (width(doc) - 24) / 2;
  const column = (x: number, title: string, lines: string[]) => {
    doc
      .font(FONT.bold)
      .fontSize(8.5)
      .fillColor(COLOURS.muted)
      .text(title.toUpperCase(), x, top, { characterSpacing: 0.6 });
    doc
      .font(FONT.bold)
      .fontSize(11.5)
      .fillColor(COLOURS.text)
      .text(lines[0]!, x, top + 14, { width: columnWidth });
    doc.font(FONT.regular).fontSize(9.5).fillColor(COLOURS.text);
    for (const line of lines.slice(1)) doc.text(line, x, doc.y + 1, { width: columnWidth });
    return doc.y;
  };
  const { buyer, seller } = input;
  const buyerLines = [
    buyer.name,
    ...buyer.addressLines,
    ...(buyer.companyNumber ? [`Company number ${buyer.companyNumber}`] : []),
    ...(buyer.contact ? [buyer.contact] : []),
  ];
  const left = column(PAGE.margin, 'Bought by', buyerLines);
  const right = column(PAGE.margin + columnWidth + 24, 'Sold by', [
    seller.name,
    `Postcode ${seller.postcode}`,
    seller.email,
    seller.phone,
  ]);
  doc.y = Math.max(left, right) + 6;
}

function section(doc: Doc, title: string) {
  const y = doc.y + 16;
  doc.font(FONT.bold).fontSize(12.5).fillColor(COLOURS.navy).text(title, PAGE.margin, y, { lineBreak: false });
  doc
    .moveTo(PAGE.margin, y + 18)
    .lineTo(PAGE.margin + width(doc), y + 18)
    .lineWidth(0.8)
    .strokeColor(COLOURS.navy)
    .stroke();
  doc.y = y + 24;
}

/** Label and value rows, zebra-striped; `bold` rows (a total) stand out. */
function rows(doc: Doc, items: [string, string, { bold?: boolean; note?: string }?][]) {
  const labelWidth = 170;
  items.forEach(([label, value, options], index) => {
    const y = doc.y;
    const valueWidth = width(doc) - labelWidth - 16;
    doc.font(options?.bold ? FONT.bold : FONT.regular).fontSize(10);
    const valueHeight = doc.heightOfString(value, { width: valueWidth });
    const noteHeight = options?.note ? doc.fontSize(8.5).heightOfString(options.note, { width: valueWidth }) + 2 : 0;
    // A deduction's name can be longer than the label column: the row grows with it.
    const labelHeight = doc.font(FONT.regular).fontSize(10).heightOfString(label, { width: labelWidth });
    const height = Math.max(valueHeight + noteHeight, labelHeight, 12) + 10;
    if (index % 2 === 0) doc.rect(PAGE.margin, y, width(doc), height).fill(COLOURS.zebra);
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(COLOURS.muted)
      .text(label, PAGE.margin + 8, y + 5, { width: labelWidth });
    doc
      .font(options?.bold ? FONT.bold : FONT.regular)
      .fontSize(10)
      .fillColor(COLOURS.text);
    doc.text(value, PAGE.margin + labelWidth + 8, y + 5, { width: valueWidth });
    if (options?.note) {
      doc.font(FONT.regular).fontSize(8.5).fillColor(COLOURS.muted);
      doc.text(options.note, PAGE.margin + labelWidth + 8, y + 5 + valueHeight + 2, { width: valueWidth });
    }
    doc.y = y + height;
  });
}

function payment(doc: Doc, input: ReceiptInput) {
  const lender = input.payments.find((p) => p.payee === 'lender');
  const seller = input.payments.find((p) => p.payee === 'seller');
  const note = (p: { reference: string; paidAt: Date }) =>
    `Faster Payment, reference ${p.reference}, sent ${when(p.paidAt)}`;
  rows(doc, [
    ...revisionRows(input.revision),
    ['Price agreed', formatPounds(input.pricePence), input.revision ? { bold: true } : undefined],
    ...(lender
      ? ([
          [
            `Paid to ${input.lender ?? 'the lender'}`,
            `${formatPounds(lender.amountPence)} to settle the finance`,
            { note: note(lender) },
          ],
        ] as const)
      : []),
    ...(seller ? ([['Paid to the seller', formatPounds(seller.amountPence), { note: note(seller) }]] as const) : []),
    ['Total paid', formatPounds(input.payments.reduce((sum, p) => sum + p.amountPence, 0)), { bold: true }],
  ] as [string, string, { bold?: boolean; note?: string }?][]);
}

/**
 * "Our offer" and one "Less" row per deduction, as on the revised offer the seller accepted. The
 * label says "Less", so the amounts carry no sign: the PDF's standard font has no minus sign.
 */
function revisionRows(revision: ReceiptInput['revision']): [string, string][] {
  if (!revision) return [];
  return [
    ['Our offer', formatPounds(revision.offerPence)],
    ...revision.items.map(({ name, quantity, unitPence }): [string, string] => [
      `Less: ${name}`,
      quantity > 1
        ? `${formatPounds(quantity * unitPence)} (${quantity} × ${formatPounds(unitPence)})`
        : formatPounds(unitPence),
    ]),
  ];
}

function statement(doc: Doc, input: ReceiptInput) {
  const lender = input.payments.find((p) => p.payee === 'lender');
  const lines = [
    `${input.seller.name} sold ${plateText(input.car.registration)} to ${input.buyer.name} for ${formatPounds(input.pricePence)}, ` +
      `paid in full on ${when(input.completedAt)} (UK time).`,
    ...(input.revision
      ? [
          'The price is our offer less the deductions above, recorded with photos at inspection and accepted by the seller.',
        ]
      : []),
    lender
      ? `The outstanding finance was settled: ${formatPounds(lender.amountPence)} paid to ${input.lender ?? 'the lender'}. ` +
        'The lender will confirm the account is closed.'
      : 'The seller declared no outstanding finance on the car.',
    'The seller should tell the DVLA the car is sold (gov.uk/sold-bought-vehicle), if that was not done at the handover.',
  ];
  const y = doc.y + 18;
  doc.font(FONT.regular).fontSize(9.5);
  const textWidth = width(doc) - 28;
  const height = lines.reduce((sum, line) => sum + doc.heightOfString(line, { width: textWidth }) + 5, 0) + 18;
  doc.rect(PAGE.margin, y, width(doc), height).fill(COLOURS.infoFill);
  doc.rect(PAGE.margin, y, 3, height).fill(COLOURS.infoEdge);
  doc.fillColor(COLOURS.text);
  doc.y = y + 10;
  for (const line of lines) {
    doc.text(line, PAGE.margin + 16, doc.y, { width: textWidth });
    doc.y += 5;
  }
}
