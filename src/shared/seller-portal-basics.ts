import type { SellerVoucher } from './vouchers';
import type { SellerCollection } from './collections';
import type { SellerDocuments } from './documents';
import type { IndicativePrice } from './indicative-price';
import type { OfferStatus } from './offer-basics';
import type { SellerRevision } from './price-revisions';
import type { LostReason, ValuationStage } from './valuation-lifecycle';

/**
 * The seller's own page (`/your-valuation`, issue 34): what it shows and says, without zod, for
 * the page, its islands and the server alike. The request schemas are in ./seller-portal.ts.
 */

/** How long after submitting we promise a first answer (SPEC: "within 24 hours"). */
export const REPLY_PROMISE_HOURS = 24;
export const SELLER_MESSAGE_MAX_LENGTH = 2_000;
export const DECLINE_REASON_MAX_LENGTH = 500;

export type SellerOffer = {
  id: string;
  amountPence: number;
  /** ISO instant. */
  validUntil: string;
  /** At the time the page was made: an open offer past its end reads `expired`. */
  status: OfferStatus;
  conditions: string[];
  /** Staff's note with the offer, as sent to the seller. */
  notes: string | null;
  acceptedAt: string | null;
};

export type ConversationMessage = {
  id: string;
  author: 'seller' | 'staff';
  body: string;
  createdAt: string;
};

/**
 * What the page says after a plain form post (without JavaScript): `?done=` or `?problem=` on the
 * address it redirects to, read by the page's loader. With JavaScript the island says the same.
 */
export const sellerPageNotices = {
  done: {
    accepted: 'Thank you: you have accepted our offer. We will contact you to arrange collection.',
    declined: 'You have declined our offer. Thank you for letting us know.',
    fresh: 'We have asked our team for a fresh offer. We will be in touch within 24 hours.',
    message: 'Message sent. We will reply by e-mail and here.',
    'revision-accepted': 'Thank you: you have accepted the revised price. It is the price we pay you.',
    'revision-declined':
      'You have declined the revised price, so we will not buy your car. You keep it, and there is nothing to pay.',
  },
  problem: {
    'not-open': 'This offer is no longer open: a newer offer replaced it, or it has already been answered.',
    ended:
      'This offer has ended, so it can no longer be accepted. Ask us for a fresh offer and we will look at your car again.',
    'still-open': 'Your offer is still open: you can accept or decline it.',
    'message-empty': 'Write your message before sending it.',
    'message-long': `Your message must be at most ${SELLER_MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
    invalid: 'That did not work. Please try again.',
    'revision-closed':
      'This revised price is no longer open: it lapsed, was withdrawn, or has been answered. The page shows where things now stand.',
  },
} as const;
export type SellerPageNotice = { kind: 'done' | 'problem'; text: string };

/** Everything the seller's page shows, loaded on the server for the seller's cookie. */
export type SellerView = {
  reference: string;
  firstName: string;
  registration: string;
  /** "Ford Focus 2018", or null when the car was not identified. */
  vehicle: string | null;
  mileage: number;
  stage: ValuationStage;
  lostReason: LostReason | null;
  receivedAt: string;
  /** When we promised a first answer. */
  replyBy: string;
  /** The newest offer, whatever its status; null before the first. */
  offer: SellerOffer | null;
  /** The newest price revision of that offer (issue 37), to answer or as answered; null for none. */
  revision: SellerRevision | null;
  /** When the seller asked for a fresh offer after the newest one (null if not since). */
  freshOfferRequestedAt: string | null;
  messages: ConversationMessage[];
  photoCount: number;
  /** The seller's damage markers (issue 35), and whether they may still change them. */
  damageCount: number;
  damageEditable: boolean;
  /** The documents checklist (issue 35); null until we ask for them (an accepted offer, or staff asked). */
  documents: SellerDocuments | null;
  /** Collection day (issue 36): the booking, or the days to choose from. */
  collection: SellerCollection;
  /** Once the sale is paid: the Faster Payments, and the receipt to download. */
  payment: {
    paidAt: string;
    sellerPence: number;
    lenderPence: number;
    lender: string | null;
    receiptPath: string;
  } | null;
  /** The launch voucher a completed sale earned, owed or sent. */
  voucher: SellerVoucher | null;
  /** When the page was made: the countdown starts from it. */
  now: string;
  /** After a plain form post: what happened, or why not. */
  notice: SellerPageNotice | null;
  /** The range of our own offers for similar cars found at submit; null with too few (issue 34). */
  indicativePrice: IndicativePrice | null;
};

export const sellerPortalMessages = {
  notFound:
    'We could not open this valuation. The link may be incomplete, or more than 30 days have passed since the request closed.',
  offerExpired: (deadline: string) =>
    `This offer ended at ${deadline}, so it can no longer be accepted. Ask us for a fresh offer and we will look at your car again.`,
  offerNotOpen: 'This offer is no longer open: a newer offer replaced it, or it has already been answered.',
  freshOfferAsked: 'We have asked our team for a fresh offer. We will be in touch within 24 hours.',
  freshOfferNotNeeded: 'Your offer is still open: you can accept or decline it.',
  messageRequired: 'Write your message before sending it.',
  messageTooLong: `Your message must be at most ${SELLER_MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  declineReasonTooLong: `The reason must be at most ${DECLINE_REASON_MAX_LENGTH} characters.`,
  offerIdInvalid: 'Choose the offer to answer.',
  accepted: 'Thank you: you have accepted our offer. We will contact you to arrange collection.',
  declined: 'You have declined our offer. Thank you for letting us know.',
  messageSent: 'Message sent. We will reply by e-mail and here.',
  tooMany: 'Too many requests from your connection. Please wait a few minutes and try again.',
  lostLinkEmail: 'Enter the e-mail address you gave us, such as name@example.com',
  lostLinkFailed: 'We could not send a link. Please check the details below.',
  /** The same answer whether or not anything matched: it tells a stranger nothing. */
  lostLinkSent:
    'If those details match a valuation request of ours, we have sent a new link to the e-mail address on it. It can take a few minutes to arrive: check your junk folder too.',
} as const;

/** The tracker's steps, in order. */
export const trackerSteps = [
  { key: 'received', label: 'Received' },
  { key: 'offer', label: 'Offer' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'collection', label: 'Collection' },
  { key: 'paid', label: 'Paid' },
] as const;

/** How many of the tracker's steps a stage has reached (1 to 5); a lost request shows none as current. */
export function trackerReached(stage: ValuationStage): number {
  switch (stage) {
    case 'new':
    case 'contacted':
    case 'lost':
      return 1;
    case 'offer_made':
      return 2;
    case 'offer_accepted':
      return 3;
    case 'collection_booked':
    case 'collected':
      return 4;
    case 'completed':
      return 5;
  }
}

const UK = 'Europe/London';
const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: UK, weekday: 'long', day: 'numeric', month: 'long' });
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Thursday 28 November, 14:05", in UK time: when we promised to reply. */
export function formatUkDayTime(instant: Date): string {
  return `${dayFormat.format(instant)}, ${timeFormat.format(instant)}`;
}

/** "2 days 4 hours left", "3 hours 12 minutes left", "Ended": the time to a deadline, roughly. */
export function timeLeft(deadline: Date, now: Date): string {
  const minutes = Math.floor((deadline.getTime() - now.getTime()) / 60_000);
  if (minutes < 0) return 'Ended';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return `${unit(days, 'day')} ${unit(hours, 'hour')} left`;
  if (hours > 0) return `${unit(hours, 'hour')} ${unit(mins, 'minute')} left`;
  return `${unit(mins, 'minute')} left`;
}
