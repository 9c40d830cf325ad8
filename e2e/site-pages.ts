import type { Page } from '@playwright/test';
import { indexablePublicPaths } from '~/shared/public-pages';
import { expect } from './fixtures';

/**
 * Every page of the site, for the browser suites that visit them all (CSP, icon references): the
 * sitemap's public pages, the pages that are not in it, and every back-office screen.
 */

/** Pages that are not in the sitemap but are still pages: the not-found page and sign-in. */
const otherPublicPaths = ['/no-such-page', '/admin/login'];

export const publicPagePaths: string[] = [...indexablePublicPaths, ...otherPublicPaths];

/** Every back-office screen, the detail page's tabs with one valuation, and its not-found page. */
export const adminPagePaths = (valuationId: string): string[] => [
  '/admin',
  '/admin/board',
  '/admin/archived',
  '/admin/collections',
  '/admin/vouchers',
  `/admin/valuations/${valuationId}/handover`,
  ...['condition', 'photos', 'dvla', 'location'].map((tab) => `/admin/valuations/${valuationId}?tab=${tab}`),
  '/admin/reviews',
  '/admin/complaints',
  '/admin/data-requests',
  '/admin/purchased-vehicles',
  '/admin/users',
  '/admin/messages',
  '/admin/analytics',
  '/admin/calls',
  '/admin/voice-messages',
  '/admin/no-such-page',
];

/** Opens the page and lets it load everything it loads (islands after first paint, lazy images). */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 20_000);
  await page.waitForLoadState('networkidle');
}
