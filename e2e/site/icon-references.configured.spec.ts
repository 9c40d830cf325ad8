import type { Page } from '@playwright/test';
import { e2eAdmin, expect, loginRequest, signInViaApi, test } from '../admin/helpers';
import { publishReview, submitReview, uniqueReviewTag } from '../admin/reviews';
import { createValuation } from '../admin/valuations';
import { adminPagePaths, publicPagePaths, visit } from '../site-pages';

/*
 * Sprite icons are `<svg><use href="#icon-…"></svg>`: drawn from a <symbol> the page itself must
 * hold (src/client/components/sprite-icon.tsx). A reference to a symbol the page lacks draws
 * nothing, and no accessibility check notices, since the icon's words sit beside it (issue 31:
 * the back office's review cards had no stars). So every page, public and back office, is checked
 * for `<use>` elements pointing at nothing.
 *
 * On the configured app (scripts/e2e.mjs), where reviews may be published: the other app keeps
 * the empty states its own specs check.
 */

/** The references of a document's `<use>` elements, and those that point at nothing in it. */
type IconReferences = { used: number; broken: string[] };

/** Checks `document`, or the HTML given, parsed as the browser parses a page. */
function iconReferencesIn(page: Page, html?: string): Promise<IconReferences> {
  return page.evaluate((served) => {
    // Without its styles: parsed inside this page, they answer to this page's CSP, whose hashes name
    // this page's styles (a served copy kept from another moment may differ); icons need none.
    const withoutStyles = (html: string) =>
      html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/ style="[^"]*"/g, '');
    const doc = served === undefined ? document : new DOMParser().parseFromString(withoutStyles(served), 'text/html');
    const uses = [...doc.querySelectorAll('use')];
    const broken = uses.flatMap((use) => {
      const href = use.getAttribute('href') ?? use.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? '';
      const target = href.startsWith('#') ? doc.getElementById(href.slice(1)) : null;
      return target instanceof SVGElement ? [] : [href || '(no href)'];
    });
    return { used: uses.length, broken: [...new Set(broken)] };
  }, html);
}

test.describe('[SITE][ICONS] every <use href> points at a symbol in its own page', () => {
  let valuationId: string;
  test.beforeAll(async ({ playwright }) => {
    // Stars on the public reviews pages and on the back office's review cards, pending and approved.
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_CONFIGURED_BASE_URL });
    await loginRequest(request, e2eAdmin.username, e2eAdmin.password);
    const published = `Icons published ${uniqueReviewTag()}`;
    await submitReview(request, published, 4);
    await publishReview(request, published);
    await submitReview(request, `Icons pending ${uniqueReviewTag()}`, 3);
    // The valuation whose pages (handover, tabs) are checked.
    ({ id: valuationId } = await createValuation(request, { registration: 'AA19AAA' }));
    await request.dispose();
  });

  test('public pages, as the server sends them and once their islands have loaded', async ({
    page,
    request,
    expectedHttpErrors,
  }) => {
    test.setTimeout(180_000);
    expectedHttpErrors.add(404); // the not-found page answers 404, by design
    const broken: string[] = [];
    let used = 0;
    for (const path of publicPagePaths) {
      await visit(page, path);
      const served = await iconReferencesIn(page, await (await request.get(path)).text());
      const live = await iconReferencesIn(page);
      broken.push(...served.broken.map((href) => `${path} (served): ${href}`));
      broken.push(...live.broken.map((href) => `${path}: ${href}`));
      used += live.used;
    }
    expect(broken).toEqual([]);
    expect(used, 'the public pages draw sprite icons (stars, arrows…)').toBeGreaterThan(0);
  });

  // The back-office pages in groups of six: each test stays short on a busy machine (one test for
  // all of them once outran its three minutes in CI), and a failure names its page.
  const adminPaths = [...adminPagePaths(':id'), '/admin/reviews?tab=approved'];
  for (let first = 0; first < adminPaths.length; first += 6) {
    const group = adminPaths.slice(first, first + 6);
    const reviews = group.some((path) => path.startsWith('/admin/reviews'));
    test(`back-office pages ${group.join(', ')}, signed in${reviews ? ', the review cards with their stars' : ''}`, async ({
      page,
      expectedHttpErrors,
    }) => {
      test.setTimeout(180_000);
      expectedHttpErrors.add(404); // the back office's own not-found page answers 404, by design
      await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
      const broken: string[] = [];
      for (const path of group.map((template) => template.replace(':id', valuationId))) {
        await visit(page, path);
        if (path.startsWith('/admin/reviews')) {
          // Not vacuous: the cards are there, stars included, before the page is checked.
          await expect(page.getByRole('img', { name: /^Rated [\d.]+ out of 5$/ }).first()).toBeVisible();
          expect((await iconReferencesIn(page)).used).toBeGreaterThan(0);
        }
        broken.push(...(await iconReferencesIn(page)).broken.map((href) => `${path}: ${href}`));
      }
      expect(broken).toEqual([]);
    });
  }
});
