import { html } from './html';
import { emailHtml, emailText, type EmailContent, type MessageContext } from './layout';

/**
 * A valuation forwarded to another dealer (issue 11), with the PDF report attached: the sender's
 * own message if they wrote one, what the car is, who sent it, and that replies come to the
 * business (the transport's reply-to; the footer carries its phone and e-mail). It tells the
 * dealer when the seller's contact details were left out, so nobody goes looking for them.
 */
export type DealerForwardData = {
  dealerName: string;
  senderName: string;
  /** The sender's note to the dealer, as typed; null for none. */
  message: string | null;
  /** "AB12 CDE". */
  registration: string;
  /** "Ford Focus 2019", or "Vehicle details pending" (the report's title). */
  vehicle: string;
  mileage: number;
  /** The report's reference (the short form of the valuation id). */
  reference: string;
  filename: string;
  includeContactDetails: boolean;
};

/** A paragraph of the sender's message keeps its single line breaks. */
const withLineBreaks = (paragraph: string) =>
  html`${paragraph.split('\n').map((part, i) => (i === 0 ? part : [html`<br />`, part]))}`;

/**
 * Fixed words and the report's reference: the vehicle's name may be what the seller typed (when
 * DVLA did not know it), and a subject carries nothing a stranger wrote (issue 32).
 */
export function dealerForwardSubject(data: Pick<DealerForwardData, 'reference'>): string {
  return `Vehicle report ${data.reference}`;
}

export const dealerForward = {
  name: 'dealer-forward',
  email(data: DealerForwardData, context: MessageContext): EmailContent {
    const { tradingName, phone } = context.site;
    const subject = dealerForwardSubject(data);
    const summary = `${data.vehicle} (${data.registration}), ${data.mileage.toLocaleString('en-GB')} miles`;
    const lines = [
      `Hello ${data.dealerName},`,
      ...(data.message ? data.message.split(/\n\s*\n/) : []),
      `${data.senderName} at ${tradingName} has sent you a report on ${summary}. It is attached as a PDF (${data.filename}), reference ${data.reference}.`,
      data.includeContactDetails
        ? "The report includes the seller's contact details. Please use them only about this vehicle."
        : "The seller's contact details are not included: please talk to us about this vehicle.",
      phone
        ? `To discuss it, reply to this e-mail or call ${tradingName} on ${phone.display}.`
        : `To discuss it, reply to this e-mail.`,
    ];
    return {
      subject,
      text: emailText(lines, context),
      html: emailHtml(
        subject,
        {
          preheader: `${data.senderName} at ${tradingName} sent you a vehicle report, reference ${data.reference}.`,
          heading: `Vehicle report: ${data.vehicle}`,
          paragraphs: lines.map(withLineBreaks),
        },
        context,
      ),
    };
  },
} as const;
