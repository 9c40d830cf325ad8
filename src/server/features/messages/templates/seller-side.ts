import { formatPounds } from '~/shared/offer-basics';
import { sellerLinkUrl } from '~/shared/paths';
import { html } from './html';
import { emailHtml, emailText, ukDateTime, type EmailContent, type MessageContext } from './layout';
import { vehicleName } from './valuation-received';

/**
 * The messages the seller's page causes (issue 34): to the seller, the confirmation of an accepted
 * offer and staff's answers to their messages, each with a fresh link to their page; to staff, what
 * the seller did on it. Staff alerts name the request and link to it in the back office; what the
 * seller wrote stays there, not in mailboxes.
 */

type Car = { reference: string; registration: string; make: string | null; model: string | null };

function contactLine(context: MessageContext): string {
  const { phone } = context.site;
  return phone
    ? `If you have any questions, reply to this e-mail or call us on ${phone.display}.`
    : 'If you have any questions, reply to this e-mail.';
}

/**
 * An e-mail of plain lines and one button. The text version has the lines only, so each line that
 * needs the link carries it; the preheader (the inbox's preview) is the first line after the
 * greeting unless told.
 */
function buttonEmail(
  subject: string,
  heading: string,
  lines: string[],
  link: { label: string; url: string },
  context: MessageContext,
  preheader = lines[1] ?? heading,
): EmailContent {
  return {
    subject,
    text: emailText(lines, context),
    html: emailHtml(
      subject,
      { preheader, heading, paragraphs: lines.map((line) => html`${line}`), button: link },
      context,
    ),
  };
}

export type OfferAcceptedData = Car & {
  firstName: string;
  amountPence: number;
  acceptedAt: string;
  sellerSecret: string;
};

/** To the seller: they accepted our offer; what happens next. */
export const offerAccepted = {
  name: 'offer-accepted',
  email(data: OfferAcceptedData, context: MessageContext): EmailContent {
    const amount = formatPounds(data.amountPence);
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const subject = `You accepted our offer of ${amount} (reference ${data.reference})`;
    return buttonEmail(
      subject,
      'Thank you: offer accepted',
      [
        `Hello ${data.firstName},`,
        `You accepted our offer of ${amount} for ${vehicleName(data)} on ${ukDateTime(new Date(data.acceptedAt))}.`,
        'What happens next: we contact you within one working day to arrange a collection time that suits you. Collection is free, and we pay you the same day, before the car leaves.',
        'Before then, please send us the documents your page now lists (the V5C logbook, your driving licence and, if you have it, the service history), and count the keys. Sending them early makes collection day quick. If there is finance on the car, we settle it from the price.',
        `Your page shows where things stand: ${url}`,
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;

export type StaffReplyData = Car & { firstName: string; body: string; sellerSecret: string };

/** To the seller: staff's answer to their message, in full (it is written for them). */
export const staffReply = {
  name: 'staff-reply',
  email(data: StaffReplyData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const subject = `A reply about your valuation (reference ${data.reference})`;
    return buttonEmail(
      subject,
      'A reply from our team',
      [
        `Hello ${data.firstName},`,
        `About ${vehicleName(data)}:`,
        data.body,
        `To answer, open your page: ${url}`,
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;

export type SellerActivityKind = 'accepted' | 'declined' | 'fresh_offer' | 'message' | 'document';
export type SellerActivityData = Car & {
  valuationId: string;
  kind: SellerActivityKind;
  amountPence: number | null;
};

const activity: Record<SellerActivityKind, { subject: string; line: (amount: string) => string }> = {
  accepted: {
    subject: 'Offer accepted',
    line: (amount) => `The seller accepted our offer of ${amount} on their page. Arrange the collection.`,
  },
  declined: {
    subject: 'Offer declined',
    line: (amount) => `The seller declined our offer of ${amount}. Their reason, if they gave one, is on the timeline.`,
  },
  fresh_offer: {
    subject: 'Fresh offer asked for',
    line: (amount) =>
      `Our offer of ${amount} ended, and the seller asks for a fresh one. We promised to answer within 24 hours.`,
  },
  document: {
    subject: 'Document to check',
    line: () => 'The seller sent a document from their page. Check it on the request’s page: verify it or say why not.',
  },
  message: {
    subject: 'New message from a seller',
    line: () => 'The seller sent a message from their page. Read it and answer on the request’s page.',
  },
};

/** To staff (STAFF_NOTIFY_EMAIL): something the seller did on their page, with a link to the request. */
export const sellerActivity = {
  name: 'seller-activity',
  email(data: SellerActivityData, context: MessageContext): EmailContent {
    const url = `${context.site.publicBaseUrl}/admin/valuations/${data.valuationId}`;
    const { subject: what, line } = activity[data.kind];
    const subject = `${what}: ${data.reference}`;
    const said = line(data.amountPence === null ? '' : formatPounds(data.amountPence));
    return buttonEmail(
      subject,
      what,
      [said, `Request: ${data.reference}, ${vehicleName(data)}.`, `Open it: ${url}`],
      { label: 'Open the request', url },
      context,
      said,
    );
  },
} as const;

export type SellerLinkData = Car & { firstName: string; sellerSecret: string };

/** To the seller, who asked "Lost your link?": a new link to their page. */
export const sellerLink = {
  name: 'seller-link',
  email(data: SellerLinkData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const subject = `Your link to your valuation (reference ${data.reference})`;
    return buttonEmail(
      subject,
      'Your new link',
      [
        `Hello ${data.firstName},`,
        `You asked us for the link to your page about ${vehicleName(data)}. Here it is: ${url}`,
        'Your earlier links keep working too. If you did not ask for this, you can ignore this e-mail: nobody else can open the page without the link.',
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;

export type DocumentRejectedData = Car & { firstName: string; document: string; reason: string; sellerSecret: string };

/** To the seller: staff could not accept one of their documents, why, and where to send another. */
export const documentRejected = {
  name: 'document-rejected',
  email(data: DocumentRejectedData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const subject = `Please send your ${data.document.toLowerCase()} again (reference ${data.reference})`;
    return buttonEmail(
      subject,
      'One document needs sending again',
      [
        `Hello ${data.firstName},`,
        `We could not accept the ${data.document.toLowerCase()} you sent for ${vehicleName(data)}.`,
        `The reason: ${data.reason}`,
        `Please upload a new one on your page: ${url}`,
        contactLine(context),
      ],
      { label: 'Upload it again', url },
      context,
    );
  },
} as const;

export type DocumentsRequestedData = Car & { firstName: string; documents: string[]; sellerSecret: string };

/** To the seller: staff ask for the documents before an offer is accepted (to speed up the offer). */
export const documentsRequested = {
  name: 'documents-requested',
  email(data: DocumentsRequestedData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const subject = `Documents for your valuation (reference ${data.reference})`;
    return buttonEmail(
      subject,
      'Please send us your documents',
      [
        `Hello ${data.firstName},`,
        `To move on with ${vehicleName(data)}, we would like to see: ${data.documents.join(', ')}.`,
        'A clear photo from your phone is fine, or a PDF. They stay private: only our team sees them, and we delete them after the sale.',
        `Upload them on your page: ${url}`,
        contactLine(context),
      ],
      { label: 'Upload documents', url },
      context,
    );
  },
} as const;
