import { indicativeLabel, indicativeRange, type IndicativePrice } from '~/shared/indicative-price';
import { paths, sellerLinkUrl } from '~/shared/paths';
import { makeAndModel } from '~/shared/vehicle-names';
import { html } from './html';
import { emailHtml, emailText, type EmailContent, type MessageContext } from './layout';

/**
 * The seller's receipt for a valuation request: what we have, what happens next and when. No
 * marketing (DESIGN 7): this message exists because they asked for a valuation.
 */
export type ValuationReceivedData = {
  /** "CB-7K3-9QX", the reference the seller quotes (issue 31). */
  reference: string;
  firstName: string;
  registration: string;
  make: string | null;
  model: string | null;
  /** Their contact choices as the form labels them ("Call", "Text", "WhatsApp"). */
  contactBy: string[];
  /** A new secret for the link to their own page (issue 34); only its hash is kept. */
  sellerSecret: string;
  /**
   * The indicative price found at submit (issue 34), null when we made too few offers for similar
   * cars; absent in messages queued before it existed (rendered again on a retry).
   */
  indicativePrice?: IndicativePrice | null;
};

/** "AB12CDE Ford Focus", or the registration alone when the vehicle was not identified. */
export function vehicleName(data: Pick<ValuationReceivedData, 'registration' | 'make' | 'model'>): string {
  return [data.registration, makeAndModel(data)].filter(Boolean).join(' ');
}

/** "Call or Text", "Call, Text or WhatsApp". */
function either(choices: string[]): string {
  return choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : (choices[0] ?? '');
}

export const valuationReceived = {
  name: 'valuation-received',
  email(data: ValuationReceivedData, context: MessageContext): EmailContent {
    const { phone } = context.site;
    const vehicle = vehicleName(data);
    // Fixed words and our reference only (issue 32): the car and the name are what a stranger
    // typed, with any address as the recipient, and must not reach an inbox's list of subjects.
    const subject = `We have your valuation request (reference ${data.reference})`;
    const link = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const indicative = data.indicativePrice;
    const method = new URL(paths.howWeValue, context.site.publicBaseUrl).href;
    const range = indicative && `Indicative price: ${indicativeRange(indicative)}.`;
    const label = indicative && indicativeLabel(indicative.count);
    const lines = [
      `Hello ${data.firstName},`,
      `Thank you: we have your valuation request for ${vehicle}. Your reference is ${data.reference}: please quote it if you contact us about it.`,
      ...(indicative ? [`${range} ${label} How we work this out: ${method}`] : []),
      `What happens next: one of our team looks at your answers and contacts you by ${either(data.contactBy).toLowerCase()}, usually within 24 hours, with a price or any questions we need answered first.`,
      'You do not need to do anything now. There is no obligation to sell and no fee.',
      `Your own page shows where your request is, our offer when we make it, and lets you add photos or send us a message: ${link}`,
      'The link is for you alone: please do not share it.',
      phone
        ? `If anything you told us changes, reply to this e-mail or call us on ${phone.display}.`
        : 'If anything you told us changes, reply to this e-mail.',
    ];
    return {
      subject,
      text: emailText(lines, context),
      html: emailHtml(
        subject,
        {
          // Shown in the inbox beside the subject: as free of typed words as the subject.
          preheader: `Your reference is ${data.reference}. We usually reply within 24 hours.`,
          heading: 'We have your valuation request',
          paragraphs: lines.map((line, i) =>
            // The indicative price's paragraph: the range in bold and the method as a link.
            indicative && i === 2
              ? html`<strong>${range}</strong> ${label} <a href="${method}">How we work this out</a>`
              : html`${line}`,
          ),
          button: { label: 'Open your page', url: link },
        },
        context,
      ),
    };
  },
} as const;
