import { formatUkDeadline } from '~/shared/offer-validity';
import { sellerLinkUrl } from '~/shared/paths';
import { formatPounds } from '~/shared/valuation-offer';
import { html } from './html';
import { emailHtml, emailText, type EmailContent, type MessageContext } from './layout';
import { vehicleName } from './valuation-received';

/**
 * Staff's firm offer for the seller's car (issues 11 and 34), by e-mail, text or both: the figure,
 * until when it stands ("valid until 23:59 on Wednesday 4 December", UK time), what it rests on,
 * any note from staff, and the link to the seller's page where they accept or decline it.
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
  /** ISO instant: the offer's end (offer-validity.ts). */
  validUntil: string;
  /** The conditions as sentences (conditionLines). */
  conditions: string[];
  /** A new secret for the link to the seller's page; only its hash is kept. */
  sellerSecret: string;
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
    const deadline = formatUkDeadline(new Date(data.validUntil), context.now);
    const link = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const lines = [
      `Hello ${data.firstName},`,
      `Thank you for asking us to value ${vehicle} (reference ${data.reference}). Based on what you told us, we offer ${amount}, valid until ${deadline} (UK time).`,
      `The price stands as long as the car is as you described it: ${data.conditions.join(' ')}`,
      ...(data.notes ? [data.notes] : []),
      `To accept or decline, open your page: ${link}`,
      phone
        ? `If you have any questions, reply to this e-mail or call us on ${phone.display}. There is no obligation to sell.`
        : 'If you have any questions, reply to this e-mail. There is no obligation to sell.',
    ];
    return {
      subject,
      text: emailText(lines, context),
      html: emailHtml(
        subject,
        {
          preheader: `We offer ${amount} for your car, valid until ${deadline}.`,
          heading: `Our offer: ${amount}`,
          paragraphs: lines.map((line) => html`${line}`),
          button: { label: 'Accept or decline', url: link },
        },
        context,
      ),
    };
  },
  sms(data: ValuationOfferData, context: MessageContext): string {
    const { tradingName } = context.site;
    const deadline = formatUkDeadline(new Date(data.validUntil), context.now);
    const link = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    return `${tradingName}: hello ${data.firstName}, we offer ${formatPounds(data.amountPence)} for ${vehicleName(data)} (ref ${data.reference}), valid until ${deadline}. Accept or decline: ${link} ${questions(context.site)}`;
  },
} as const;

/**
 * Where to ask by text: never "reply", since nothing reads texts sent back (and an alphanumeric
 * sender cannot be answered at all); the phone, else the e-mail address, else the contact page.
 */
function questions(site: MessageContext['site']): string {
  if (site.phone) return `Questions: call ${site.phone.display}.`;
  if (site.email) return `Questions: e-mail ${site.email}.`;
  return `Questions: ${site.publicBaseUrl}/contact`;
}
