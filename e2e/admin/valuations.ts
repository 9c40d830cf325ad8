import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { validValuation } from '../../test/helpers/valuation';
import { expect } from './helpers';

/**
 * Valuations for the back-office tests, sent through the public API as the wizard sends them.
 * Each comes from its own made-up client address (X-Forwarded-For; scripts/e2e.mjs starts the
 * app behind "one proxy"), as different sellers' requests do: the public endpoint allows 10
 * requests per 10 minutes from one address.
 */

/** Letters only, so a name made from it is one no other test (or earlier run) uses. */
export function uniqueTag(): string {
  return [...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

/** A registration of the current format no other test uses, e.g. "QX52HKT". */
export function uniqueRegistration(): string {
  const letters = uniqueTag().toUpperCase();
  const digits = String(10 + (randomBytes(1)[0]! % 90));
  return `${letters.slice(0, 2)}${digits}${letters.slice(2, 5)}`;
}

/** A documentation-range address (198.18.0.0/15, for tests), one per made-up seller. */
export function sellerAddress(): string {
  const [a, b] = randomBytes(2);
  return `198.18.${a}.${(b! % 254) + 1}`;
}

export type CreatedValuation = {
  id: string;
  /** What the seller quotes, "CB-7K3-9QX" (the success screen's). */
  reference: string;
  /** The seller's token for adding photos (the success screen's). */
  uploadToken: string;
  registration: string;
  firstName: string;
  lastName: string;
};

export async function createValuation(
  request: APIRequestContext,
  overrides: Partial<ReturnType<typeof validValuation>> = {},
): Promise<CreatedValuation> {
  const body = { ...validValuation(), registration: uniqueRegistration(), ...overrides };
  const response = await request.post('/api/valuations', {
    data: body,
    headers: { 'x-forwarded-for': sellerAddress() },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id, reference, uploadToken } = (await response.json()) as {
    id: string;
    reference: string;
    uploadToken: string;
  };
  const { registration, firstName, lastName } = body;
  return { id, reference, uploadToken, registration, firstName, lastName };
}

/** Types into the list's search box and waits for the address to carry it (after the debounce). */
export async function searchList(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}(&|$)`));
}
