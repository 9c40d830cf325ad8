import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './helpers';
import { createValuation, type CreatedValuation } from './valuations';

/**
 * A sale taken to its end through the API, as staff and the seller do it (issue 36): an offer,
 * accepted on the seller's page, a collection the seller books, the handover at the door, then the
 * Faster Payments that complete it. With finance, staff first confirm the lender and settlement
 * figure, and the payment is split between the lender and the seller.
 */

/** The UK calendar day `days` after the instant `at`, 'YYYY-MM-DD'. */
export function ukDay(at: number, days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(at + days * 86_400_000));
}

export type Sale = {
  created: CreatedValuation;
  email: string;
  /** The seller's own browser, signed in to their page through the link. */
  seller: BrowserContext;
  sellerPage: Page;
};

export type SaleOptions = {
  firstName: string;
  lastName: string;
  email: string;
  offerPounds: number;
  /** The settlement to confirm before paying (the lender is paid it first), or none. */
  finance?: { lender: string; settlementPounds: number };
  /** The app's clock, as milliseconds since 1970 (it may run ahead of real time). */
  now: () => number;
};

/** Up to the handover: the request is `collected`, awaiting its payment. */
export async function collectedSale(
  staff: APIRequestContext,
  browser: Browser,
  baseURL: string,
  options: SaleOptions,
): Promise<Sale> {
  const { firstName, lastName, email, finance, now } = options;
  const created = await createValuation(staff, {
    firstName,
    lastName,
    email,
    outstandingFinance: finance ? 'yes' : 'no',
  });
  const id = created.id;
  if (finance) {
    const confirmed = await staff.put(`/api/admin/valuations/${id}/finance`, {
      data: { lender: finance.lender, settlement: String(finance.settlementPounds), validUntil: ukDay(now(), 40) },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  const offer = await staff.post(`/api/valuations/${id}/offer`, {
    data: { offerAmount: String(options.offerPounds), sendMethod: 'email' },
  });
  expect(offer.status(), await offer.text()).toBe(201);

  // The seller opens their link, accepts, and books the first free slot offered.
  const seller = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const sellerPage = await seller.newPage();
  await sellerPage.goto(`/your-valuation/open?k=${created.uploadToken}`);
  const view = (await (await sellerPage.request.get('/api/your-valuation')).json()) as { offer: { id: string } };
  const accepted = await sellerPage.request.post('/api/your-valuation/offer/accept', {
    data: { offerId: view.offer.id },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const collection = (await (await sellerPage.request.get('/api/your-valuation/collection')).json()) as {
    days: { date: string; slots: { slot: string; free: boolean }[] }[];
  };
  const day = collection.days.find((d) => d.slots.some((s) => s.free));
  expect(day, 'a day with a free slot').toBeDefined();
  const booked = await sellerPage.request.put('/api/your-valuation/collection', {
    data: { date: day!.date, slot: day!.slots.find((s) => s.free)!.slot },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  // Our driver at the door: the car is as declared, and the seller is the keeper on the V5C.
  const handover = await staff.post(`/api/admin/valuations/${id}/handover`, {
    data: { condition: 'as_declared', mileage: 45_120, keys: 2, v5cHandedOver: true, sellerIsKeeper: true },
  });
  expect(handover.ok(), await handover.text()).toBe(true);
  return { created, email, seller, sellerPage };
}

/** The Faster Payments (the lender's settlement first, when there is finance), completing the sale. */
export async function paySale(staff: APIRequestContext, sale: Sale, options: SaleOptions): Promise<void> {
  const paidAt = new Date(options.now() - 60_000).toISOString();
  const lenderPounds = options.finance?.settlementPounds ?? 0;
  const payment = await staff.post(`/api/admin/valuations/${sale.created.id}/payment`, {
    data: {
      seller: { amount: String(options.offerPounds - lenderPounds), reference: 'CBD SALE', paidAt },
      lender: options.finance ? { amount: String(lenderPounds), reference: 'CBD SETTLE', paidAt } : null,
    },
  });
  expect(payment.ok(), await payment.text()).toBe(true);
}
