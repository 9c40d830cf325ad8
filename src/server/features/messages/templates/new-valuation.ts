import { html } from './html';
import { emailHtml, emailText, type EmailContent, type MessageContext } from './layout';
import { vehicleName } from './valuation-received';

/** To staff (STAFF_NOTIFY_EMAIL): a new valuation request, its key facts and a link to it. */
export type NewValuationData = {
  id: string;
  /** "CB-7K3-9QX": what the seller will quote when they call. */
  reference: string;
  registration: string;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number;
  name: string;
  postcode: string;
  email: string;
  phone: string;
  /** Labels, as the form shows them. */
  contactBy: string[];
  condition: string;
  outstandingFinance: string;
  mechanicalIssues: string;
};

export const newValuation = {
  name: 'new-valuation',
  email(data: NewValuationData, context: MessageContext): EmailContent {
    const url = `${context.site.publicBaseUrl}/admin/valuations/${data.id}`;
    const vehicle = [vehicleName(data), data.year && `(${data.year})`].filter(Boolean).join(' ');
    // Our reference only: the car and the seller's name are typed by whoever filled in the form.
    const subject = `New valuation request ${data.reference}`;
    const facts = [
      `Reference: ${data.reference}`,
      `Vehicle: ${vehicle}, ${data.mileage.toLocaleString('en-GB')} miles`,
      `Seller: ${data.name}, ${data.postcode}`,
      `E-mail: ${data.email}`,
      `Phone: ${data.phone} (contact by ${data.contactBy.join(', ')})`,
      `Condition: ${data.condition}; mechanical issues: ${data.mechanicalIssues}; outstanding finance: ${data.outstandingFinance}`,
    ];
    return {
      subject,
      text: emailText(['A seller has asked for a valuation.', '', ...facts, '', `Open it: ${url}`], context),
      html: emailHtml(
        subject,
        {
          preheader: `Reference ${data.reference}: open it in the back office.`,
          heading: 'New valuation request',
          paragraphs: [html`A seller has asked for a valuation.`, ...facts.map((fact) => html`${fact}`)],
          button: { label: 'Open the valuation', url },
        },
        context,
      ),
    };
  },
} as const;
