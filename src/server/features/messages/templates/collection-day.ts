import { formatPounds } from '~/shared/offer-basics';
import { sellerLinkUrl } from '~/shared/paths';
import type { EmailContent, MessageContext } from './layout';
import { buttonEmail, contactLine, type Car } from './seller-side';
import { vehicleName } from './valuation-received';

/**
 * Collection day's messages to the seller after the handover (issue 36): the purchase receipt once
 * we have paid, the note that we did not buy the car when it was not as declared, and the launch
 * voucher's code once staff send it. Each carries a fresh link to the seller's page.
 */

export type PurchaseReceiptData = Car & {
  firstName: string;
  pricePence: number;
  sellerPence: number;
  lenderPence: number;
  lender: string | null;
  /** "Tuesday 1 December 2026 at 10:42", UK time. */
  paidAt: string;
  sellerSecret: string;
};

/** To the seller: we have paid for their car; the receipt (PDF) is attached. */
export const purchaseReceipt = {
  name: 'purchase-receipt',
  email(data: PurchaseReceiptData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    const paid =
      data.lenderPence > 0
        ? `We have paid ${formatPounds(data.pricePence)} for ${vehicleName(data)}: ${formatPounds(data.lenderPence)} to ${data.lender ?? 'your lender'} to settle the finance` +
          (data.sellerPence > 0 ? `, and ${formatPounds(data.sellerPence)} to you by Faster Payments.` : '.')
        : `We have paid you ${formatPounds(data.sellerPence)} for ${vehicleName(data)} by Faster Payments.`;
    return buttonEmail(
      `Your receipt: ${vehicleName(data)} sold to us (reference ${data.reference})`,
      'Thank you: your car is sold',
      [
        `Hello ${data.firstName},`,
        `${paid} The payment was sent on ${data.paidAt}; it usually arrives within minutes.`,
        'Your receipt is attached as a PDF, and you can download it again from your page.',
        'Please tell the DVLA you have sold the car, online at gov.uk/sold-bought-vehicle, if our driver did not do it with you.',
        `Your page: ${url}`,
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;

export type CarNotBoughtData = Car & { firstName: string; notes: string; sellerSecret: string };

/** To the seller: at the door the car was not as declared, so we did not buy it; what our driver found. */
export const carNotBought = {
  name: 'car-not-bought',
  email(data: CarNotBoughtData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    return buttonEmail(
      `We did not buy ${vehicleName(data)} today (reference ${data.reference})`,
      'We did not buy your car today',
      [
        `Hello ${data.firstName},`,
        `Our driver found that ${vehicleName(data)} was not as described in your valuation, so we did not buy it today and our offer no longer stands.`,
        `What our driver noted: ${data.notes}`,
        'If you think we have got this wrong, or would like us to look at the car again, reply to this e-mail or send us a message on your page.',
        `Your page: ${url}`,
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;

export type VoucherSentData = Car & {
  firstName: string;
  amountPounds: number;
  brand: string;
  code: string;
  expiresAfterMonths: number;
  sellerSecret: string;
};

/** To the seller: their launch voucher's code. */
export const voucherSent = {
  name: 'voucher-sent',
  email(data: VoucherSentData, context: MessageContext): EmailContent {
    const url = sellerLinkUrl(context.site.publicBaseUrl, data.sellerSecret);
    return buttonEmail(
      `Your £${data.amountPounds} ${data.brand} voucher (reference ${data.reference})`,
      `Your £${data.amountPounds} ${data.brand} voucher`,
      [
        `Hello ${data.firstName},`,
        `Thank you for selling ${vehicleName(data)} to us. As promised, here is your £${data.amountPounds} ${data.brand} voucher.`,
        `Your voucher code: ${data.code}`,
        `Use it as ${data.brand} explains on their website. It is valid for ${data.expiresAfterMonths} months.`,
        `Your page: ${url}`,
        contactLine(context),
      ],
      { label: 'Open your page', url },
      context,
    );
  },
} as const;
