import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { CONSENT_LABEL } from '~/shared/valuation';
import { expect, fakesUrl } from '../fixtures';

/**
 * A seller's moves through the valuation wizard, for the browser tests that need a real request
 * made the way a seller makes it (the seller's own journey, and the back office's).
 */

export type SellerDetails = { firstName: string; lastName: string; postcode: string; phone: string };
export const defaultSeller: SellerDetails = {
  firstName: 'Sam',
  lastName: 'Seller',
  postcode: 'LN11 0LQ',
  phone: '07911 123456',
};

export async function emailsTo(address: string): Promise<{ to: string[]; subject: string; text?: string }[]> {
  const all = (await (await fetch(`${fakesUrl()}/smtp/messages`)).json()) as { to: string[]; subject: string }[];
  return all.filter((message) => message.to.includes(address));
}

/**
 * Resolves once the island holding the element has come to life (islands-boot.tsx marks it
 * data-hydrated). It is brought into view first, as a person would see it before using it: islands
 * far down a page wake only as they near the screen (src/client/island-wake.ts). One that wakes
 * only when touched must be touched first.
 */
export async function hydrated(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect
    .poll(() => locator.evaluate((element) => element.closest('[data-island][data-hydrated]') !== null))
    .toBe(true);
}

export const footer = (page: Page, step: number) => page.getByText(`Step ${step} of 4`, { exact: true });
export const next = (page: Page) => page.getByRole('button', { name: 'Next Step' });
/** A notice on screen (components/ui/toast.tsx), by its title. */
export const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem').filter({ hasText: title });

/** A camera-like JPEG: noise keeps it large enough (about 1MB) for the upload to take a while. */
export async function cameraPhoto(name: string) {
  const buffer = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

export async function answerSteps2To4(page: Page, email: string, seller: SellerDetails = defaultSeller) {
  await page.getByRole('radio', { name: 'Great Condition', exact: true }).check();
  await page
    .getByRole('radiogroup', { name: 'How many wheels are scuffed?' })
    .getByRole('radio', { name: '1', exact: true })
    .check();
  await page
    .getByRole('radiogroup', { name: 'How many tyres need replacing?' })
    .getByRole('radio', { name: '0', exact: true })
    .check();
  await page
    .getByRole('radiogroup', { name: 'Has the cambelt been changed?' })
    .getByRole('radio', { name: 'No', exact: true })
    .check();
  await page.getByRole('radio', { name: 'Full', exact: true }).check();
  await page
    .getByRole('radiogroup', { name: 'Any mechanical issues?' })
    .getByRole('radio', { name: 'No', exact: true })
    .check();
  await next(page).click();
  await expect(footer(page, 3)).toBeVisible();
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await next(page).click();
  await expect(footer(page, 4)).toBeVisible();
  await page.getByLabel('First name').fill(seller.firstName);
  await page.getByLabel('Last name').fill(seller.lastName);
  await page.getByLabel('Postcode').fill(seller.postcode);
  await page.getByLabel('Phone number').fill(seller.phone);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox', { name: 'Call' }).check();
  await page.getByRole('checkbox', { name: CONSENT_LABEL }).check();
}
