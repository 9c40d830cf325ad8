import { formatPounds } from '~/shared/valuation-offer';
import { html } from './html';
import { emailHtml, emailText, type EmailContent, type MessageContext } from './layout';
import { vehicleName } from './valuation-received';

/**
 * Staff's price for the seller's car (issue 11), by e-mail, text or both. Says the figure, any
 * note from staff, and how to answer; it promises nothing the business has not decided (no
 * expiry, no guarantee beyond what the note says).
 */
export type ValuationOfferData = {
  /** "CB-7K3-9QX", so the seller's answer finds the request at once. */
  reference: string;
  firstName: string;
  registration: string;
  make: string | null;
  model: string | null;
  amountPence: number;
  /** Staff's note to the seller, as typed; null for none. */
  notes: string | null;
};

export const valuationOffer = {
  name: 'valuation-offer',
  email(data: ValuationOfferData, context: MessageContext): EmailContent {
    const { phone } = context.site;
    const vehicle = vehicleName(data);
    const amount = formatPounds(data.amountPence);
    // The car is named in the body only: its make and model may be what the seller typed, and a
    // subject holds fixed words and our own data (issue 32).
    const subject = `Our offer: ${amount} (reference ${data.reference})`;
    const lines = [
      `Hello ${data.firstName},`,
      `Thank you for asking us to value ${vehicle} (reference ${data.reference}). Based on what you told us, we would like to offer ${amount}.`,
      ...(data.notes ? [data.notes] : []),
      phone
        ? `To accept, or if you have any questions, reply to this e-mail or call us on ${phone.display}.`
        : 'To accept, or if you have any questions, reply to this e-mail.',
      'There is no obligation to sell.',
    ];
    return {
      subject,
      text: emailText(lines, context),
      html: emailHtml(
        subject,
        {
          preheader: `We would like to offer ${amount} for your car.`,
          heading: `Our offer: ${amount}`,
          paragraphs: lines.map((line) => html`${line}`),
        },
        context,
      ),
    };
  },
  sms(data: ValuationOfferData, context: MessageContext): string {
    const { tradingName } = context.site;
    return `${tradingName}: hello ${data.firstName}, we would like to offer ${formatPounds(data.amountPence)} for ${vehicleName(data)} (ref ${data.reference}). ${howToAnswer(context.site)}`;
  },
} as const;

/**
 * How to answer an offer by text: never "reply", since nothing reads texts sent back (and an
 * alphanumeric sender cannot be answered at all); the phone, else the e-mail address, else the
 * contact page.
 */
function howToAnswer(site: MessageContext['site']): string {
  if (site.phone) return `Call ${site.phone.display} to accept or ask anything.`;
  if (site.email) return `E-mail ${site.email} to accept or ask anything.`;
  return `To accept or ask anything, see ${site.publicBaseUrl}/contact`;
}
