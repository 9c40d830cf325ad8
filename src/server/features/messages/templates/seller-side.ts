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

export type Car = { reference: string; registration: string; make: string | null; model: string | null };

/** The car's details every seller message names, from the request's row. */
export const carOf = (valuation: Car): Car => ({
  reference: valuation.reference,
  registration: valuation.registration,
  make: valuation.make,
  model: valuation.model,
});

export function contactLine(context: MessageContext): string {
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
export function buttonEmail(
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

export type SellerActivityKind =
  | 'accepted'
  | 'declined'
  | 'fresh_offer'
  | 'message'
  | 'document'
  | 'collection_booked'
  | 'collection_moved'
  | 'collection_cancelled'
  | 'revision_accepted'
  | 'revision_declined'
  | 'revision_lapsed';
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
  collection_booked: {
    subject: 'Collection booked',
    line: () => 'The seller booked a collection slot on their page. It is on the Collections screen.',
  },
  collection_moved: {
    subject: 'Collection moved',
    line: () => 'The seller moved their collection to another slot on their page. Check the Collections screen.',
  },
  collection_cancelled: {
    subject: 'Collection cancelled',
    line: () => 'The seller cancelled their collection on their page. Their accepted offer stands.',
  },
  revision_accepted: {
    subject: 'Revised price accepted',
    line: (amount) => `The seller accepted our revised price of ${amount} on their page. It is the price to pay.`,
  },
  revision_declined: {
    subject: 'Revised price declined',
    line: (amount) =>
      `The seller declined our revised price of ${amount}, so the request is lost and any booked collection is cancelled.`,
  },
  revision_lapsed: {
    subject: 'Revised price lapsed',
    line: (amount) =>
      `The seller did not answer our revised price of ${amount} in time, so it lapsed and the price they accepted ` +
      'stands. Collect the car at that price, or mark the request as lost if we will not buy it at that price.',
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

export type CollectionBookedData = Car & {
  firstName: string;
  /** "Tuesday 1 December 2026", "morning, 8am to 12 noon". */
  day: string;
  slot: string;
  moved: boolean;
  hasFinance: boolean;
  sellerSecret: string;
};

/** To the seller: the collection slot they booked (or moved to), with a calendar file attached. */
export const collectionBooked = {
  name: 'collection-booked',
  email(data: CollectionBookedData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const when = `${data.day}, ${data.slot}`;
    const subject = `${data.moved ? 'Collection moved' : 'Collection booked'}: ${when} (reference ${data.reference})`;
    return buttonEmail(
      subject,
      data.moved ? 'Your collection has moved' : 'Your collection is booked',
      [
        `Hello ${data.firstName},`,
        `We will collect ${vehicleName(data)} on ${when}. The driver will call you when on the way.`,
        `Please have ready: the V5C logbook, every key${data.hasFinance ? ', and your finance account details' : ''}, and photo ID. We pay you before the car leaves.`,
        'The calendar file attached adds it to your calendar. To change the day or cancel, use your page up to 24 hours before.',
        `Your page: ${url}`,
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;

export type CollectionCancelledData = Car & { firstName: string; day: string; slot: string; sellerSecret: string };

/** To the seller: their collection slot is cancelled; the offer stands. */
export const collectionCancelled = {
  name: 'collection-cancelled',
  email(data: CollectionCancelledData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const subject = `Collection cancelled (reference ${data.reference})`;
    return buttonEmail(
      subject,
      'Your collection is cancelled',
      [
        `Hello ${data.firstName},`,
        `The collection of ${vehicleName(data)} on ${data.day}, ${data.slot}, is cancelled.`,
        'The offer you accepted still stands: book another day on your page when it suits you.',
        `Your page: ${url}`,
        contactLine(context),
      ],
      { label: 'Book another day', url },
      context,
    );
  },
} as const;

export type CollectionReminderData = Car & { firstName: string; day: string; slot: string };

/** To the seller, by text at 18:00 the day before: tomorrow's collection and what to have ready. */
export const collectionReminder = {
  name: 'collection-reminder',
  sms(data: CollectionReminderData, context: MessageContext): string {
    const { tradingName, phone } = context.site;
    const call = phone ? ` To change it, call ${phone.display}.` : '';
    return `${tradingName}: hello ${data.firstName}, we collect ${vehicleName(data)} (ref ${data.reference}) tomorrow, ${data.day}, ${data.slot}. Please have the V5C logbook and every key ready.${call}`;
  },
} as const;
