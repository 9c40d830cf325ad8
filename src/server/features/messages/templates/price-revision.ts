import { formatPounds } from '~/shared/offer-basics';
import { formatUkDeadline } from '~/shared/offer-validity';
import { sellerLinkUrl } from '~/shared/paths';
import { itemAmountWords, NO_COST_WORDS } from '~/shared/price-revisions';
import type { EmailContent, MessageContext } from './layout';
import { buttonEmail, contactLine, type Car } from './seller-side';
import { vehicleName } from './valuation-received';

/**
 * A price revision's messages to the seller (issue 37): the itemised revised price (by e-mail and
 * text), and what follows their answer or staff's withdrawal. Each carries a fresh link to their
 * page, where the photos are and where they answer. A decline costs them nothing, and every message
 * that asks for an answer says so.
 */

export type RevisionLine = { name: string; quantity: number; unitPence: number; amountPence: number; note: string };

export type PriceRevisionProposedData = Car & {
  firstName: string;
  /** The price they accepted (or last agreed), and the revised price. */
  fromPence: number;
  toPence: number;
  /** ISO instant it stands until. */
  validUntil: string;
  items: RevisionLine[];
  sellerSecret: string;
};

/** "Dent, per panel (2 × £90): £180. Rear door and rear wing dented, not declared." */
function lineWords(item: RevisionLine): string {
  const how = item.quantity > 1 ? ` (${itemAmountWords(item)})` : '';
  return `${item.name}${how}: ${formatPounds(item.amountPence)}. ${item.note}`;
}

/** To the seller: at inspection we found differences; the itemised revised price, to accept or decline. */
export const priceRevisionProposed = {
  name: 'price-revision-proposed',
  email(data: PriceRevisionProposedData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const from = formatPounds(data.fromPence);
    const to = formatPounds(data.toPence);
    const deadline = formatUkDeadline(new Date(data.validUntil), context.now);
    return buttonEmail(
      `Our revised price: ${to} (reference ${data.reference})`,
      `Our revised price: ${to}`,
      [
        `Hello ${data.firstName},`,
        `When we inspected ${vehicleName(data)}, we found ${data.items.length === 1 ? 'a difference' : 'differences'} from what you told us. Instead of the ${from} you accepted, we can pay ${to}.`,
        ...data.items.map((item, index) => `${index + 1}. ${lineWords(item)}`),
        `In all: ${formatPounds(data.fromPence - data.toPence)} less. The photos we took are on your page, and each amount comes from the table we publish at ${context.site.publicBaseUrl}/how-we-value.`,
        `The revised price stands until ${deadline} (UK time). If you do not answer by then, it lapses and the price you accepted stands, unless we decide not to buy the car.`,
        NO_COST_WORDS,
        `To see the photos and accept or decline, open your page: ${url}`,
        contactLine(context),
      ],
      { label: 'See the revised price', url },
      context,
    );
  },
  sms(data: PriceRevisionProposedData, context: MessageContext): string {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const deadline = formatUkDeadline(new Date(data.validUntil), context.now);
    const what = data.items.length === 1 ? '1 difference' : `${data.items.length} differences`;
    return `${context.site.tradingName}: hello ${data.firstName}, at inspection we found ${what} from what you told us about ${vehicleName(data)} (ref ${data.reference}). Revised price ${formatPounds(data.toPence)} instead of ${formatPounds(data.fromPence)}, until ${deadline}. Declining costs you nothing. Details and photos: ${url}`;
  },
} as const;

export type PriceRevisionAnsweredData = Car & {
  firstName: string;
  fromPence: number;
  toPence: number;
  /** Declined: the collection that was cancelled with it, in words ("Tuesday 30 March 2027, morning, 8am to 12 noon"). */
  cancelledCollection?: string | null;
  sellerSecret: string;
};

/** To the seller: they accepted the revised price; it is the price we pay. */
export const priceRevisionAccepted = {
  name: 'price-revision-accepted',
  email(data: PriceRevisionAnsweredData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const to = formatPounds(data.toPence);
    return buttonEmail(
      `You accepted our revised price of ${to} (reference ${data.reference})`,
      'Thank you: revised price accepted',
      [
        `Hello ${data.firstName},`,
        `You accepted our revised price of ${to} for ${vehicleName(data)}, instead of ${formatPounds(data.fromPence)}. It is the price we pay you, by Faster Payments before the car leaves (any finance is settled from it).`,
        `Your page shows where things stand: ${url}`,
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;

/** To the seller: they declined the revised price, so we do not buy the car; it costs them nothing. */
export const priceRevisionDeclined = {
  name: 'price-revision-declined',
  email(data: PriceRevisionAnsweredData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    return buttonEmail(
      `You declined our revised price (reference ${data.reference})`,
      'You declined our revised price',
      [
        `Hello ${data.firstName},`,
        `You declined our revised price of ${formatPounds(data.toPence)} for ${vehicleName(data)}, so we will not buy it and the sale ends here. You keep your car, and there is nothing to pay: no fee and no charge of any kind.`,
        ...(data.cancelledCollection
          ? [`We have cancelled the collection booked for ${data.cancelledCollection}: nobody will come.`]
          : []),
        'If you change your mind, or would like us to look at the car again, reply to this e-mail or send us a message on your page.',
        `Your page: ${url}`,
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;

/** To the seller: staff withdrew the revised price before they answered; the price they accepted stands. */
export const priceRevisionWithdrawn = {
  name: 'price-revision-withdrawn',
  email(data: PriceRevisionAnsweredData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    return buttonEmail(
      `We have withdrawn our revised price (reference ${data.reference})`,
      'Revised price withdrawn',
      [
        `Hello ${data.firstName},`,
        `We have withdrawn the revised price of ${formatPounds(data.toPence)} we sent you for ${vehicleName(data)}. The price you accepted, ${formatPounds(data.fromPence)}, stands: there is nothing for you to do.`,
        `Your page shows where things stand: ${url}`,
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;
