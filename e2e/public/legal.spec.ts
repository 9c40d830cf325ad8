import type { Page } from '@playwright/test';
import { paths } from '~/shared/paths';
import { DEFAULT_PROMOTION, formatUkDate, promotionPeriod } from '~/shared/promotion';
import { RETENTION, RIGHTS_RESPONSE } from '~/shared/retention';
import { expect, expectNoAxeViolations, saveScreenshot, test, viewports } from '../fixtures';

/** The e2e app runs with the default configuration, whose promotion ended in 2025. */
const legalPages = [
  { slug: 'privacy-policy', path: paths.privacyPolicy, heading: 'Privacy Policy' },
  { slug: 'terms-of-service', path: paths.termsOfService, heading: 'Terms of Service' },
  { slug: 'cookie-policy', path: paths.cookiePolicy, heading: 'Cookie Policy' },
  { slug: 'launch-offer-terms', path: paths.launchOfferTerms, heading: 'Launch Offer Terms' },
] as const;

const widths = { 390: viewports.phone, 768: { width: 768, height: 1024 }, 1280: viewports.desktop } as const;

/** The numbered <h2> section headings of the page's content, in order. */
const sectionHeadings = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

test.describe('[PUBLIC][LEGAL]', () => {
  for (const { slug, path, heading } of legalPages) {
    test(`${path} is finished at 390, 768 and 1280 px, axe clean, with a working table of contents`, async ({
      page,
    }) => {
      for (const [width, viewport] of Object.entries(widths)) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        // Headings are numbered in order and the contents list links to each of them.
        const titles = await sectionHeadings(page).allTextContents();
        titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. `)));
        const contents = page.getByRole('navigation', { name: 'On this page' }).getByRole('link');
        await expect(contents).toHaveCount(titles.length);
        // No line runs wider than about 70 characters.
        const widest = await page
          .getByRole('main')
          .locator('section p')
          .evaluateAll((ps) => Math.max(...ps.map((p) => p.getBoundingClientRect().width)));
        expect(widest).toBeLessThanOrEqual(760);
        if (width !== '768') await expectNoAxeViolations(page);
        await saveScreenshot(page, `legal-${slug}-${width}`);
      }
      await page.setViewportSize(viewports.phone);
      const last = sectionHeadings(page).last();
      const lastTitle = (await last.textContent())!.replace(/^\d+\. /, '');
      await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: lastTitle }).click();
      await expect(page).toHaveURL(/#[a-z-]+$/);
      await expect(last).toBeInViewport();
    });
  }

  test('privacy policy: effective date, 8 sections, lawful bases, retention and rights figures, the ICO', async ({
    page,
  }) => {
    await page.goto(paths.privacyPolicy);
    const main = page.getByRole('main');
    await expect(main).toContainText('Effective 27 May 2025');
    await expect(sectionHeadings(page)).toHaveText([
      '1. Who We Are',
      '2. What We Collect',
      '3. How and Why We Use It',
      '4. Who We Share It With',
      '5. How Long We Keep It',
      '6. Your Rights',
      '7. Cookies and Analytics',
      '8. Complaints and Contact',
    ]);
    // Retention periods are the configured ones, word for word.
    const retention = main.locator('#how-long-we-keep-it');
    for (const text of [
      `${RETENTION.valuationLeadsMonths} months after we were last in touch`,
      `${RETENTION.purchaseRecordsYears} years after the end of the financial year`,
      `${RETENTION.unpublishedReviewsMonths} months`,
    ]) {
      await expect(retention).toContainText(text);
    }
    const rows = retention.locator('dl > div');
    await expect(rows.filter({ hasText: 'e-mails and text messages' })).toContainText(
      `${RETENTION.sentMessagesDays} days`,
    );
    await expect(rows.filter({ hasText: 'Call recordings and voicemail' })).toContainText(
      `${RETENTION.callRecordingsDays} days`,
    );
    // Deleted automatically (the clean-up job), so said with the sign-in records, not in the list.
    await expect(retention).toContainText(
      `Records of page visits are deleted after ${RETENTION.visitRecordsDays} days`,
    );
    await expect(rows.filter({ hasText: 'Server logs' })).toContainText(`${RETENTION.serverLogsDays} days`);
    await expect(main.locator('#your-rights')).toContainText(
      `We reply within ${RIGHTS_RESPONSE.normalMonths} month of receiving your request`,
    );
    await expect(main.locator('#your-rights')).toContainText(`up to ${RIGHTS_RESPONSE.extendedMonths} months more`);
    for (const right of ['access', 'rectification', 'erasure', 'restriction', 'objection', 'portability']) {
      await expect(main.locator('#your-rights strong', { hasText: right })).toBeVisible();
    }
    // The contact box is consent to be contacted about the valuation, never marketing consent.
    await expect(main).toContainText('it is not consent to marketing');
    await expect(main).toContainText('Steps you asked us to take before entering into a contract');
    await expect(main).toContainText('Legal obligation');
    await expect(main).toContainText('Only our staff can see them');
    await expect(main).toContainText('We never sell your personal data');
    await expect(main).toContainText('We make no decisions about you by automated means alone');
    await expect(main).toContainText('acknowledge your complaint within 30 days');
    await expect(main.getByRole('link', { name: 'ico.org.uk' })).toHaveAttribute('href', /^https:\/\/ico\.org\.uk\//);
    await expect(main.getByRole('link', { name: '0303 123 1113' })).toHaveAttribute('href', 'tel:+443031231113');
    await expect(main.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', paths.cookiePolicy);
    // With no e-mail configured, the privacy contact is the postal address and the contact page.
    await expect(main.locator('a[href^="mailto:"]')).toHaveCount(0);
    await expect(main.locator('#who-we-are')).toContainText(
      'marked “Data protection”, at Louth, Lincolnshire, LN11 0LQ',
    );
    await expect(
      main.locator('#complaints-and-contact').getByRole('link', { name: 'Our contact page' }),
    ).toHaveAttribute('href', paths.contact);
  });

  test('terms of service: effective date, 8 sections, who can sell, the parties, payment, finance, law', async ({
    page,
  }) => {
    await page.goto(paths.termsOfService);
    const main = page.getByRole('main');
    await expect(main).toContainText('Effective 27 May 2025');
    await expect(sectionHeadings(page)).toHaveCount(8);
    await expect(sectionHeadings(page).first()).toHaveText('1. About These Terms');
    await expect(sectionHeadings(page).last()).toHaveText('8. Law, Changes and Contact');
    await expect(main).toContainText('be at least 18 years old');
    await expect(main).toContainText('have the legal capacity to enter into a contract');
    await expect(main).toContainText('give us accurate and complete information');
    await expect(main).toContainText('The buyer is either CarBuy Direct, or an authorised dealer');
    await expect(main).toContainText('A valuation is an estimate');
    await expect(main).toContainText(
      'You are paid the agreed price on the day of the sale, before the car leaves you.',
    );
    await expect(main).toContainText('we settle it with your lender as part of the sale');
    await expect(main).toContainText('We charge no fees');
    await expect(main).toContainText('governed by the law of England and Wales');
    await expect(
      main.locator('#law-changes-and-contact').getByRole('link', { name: 'Our contact page' }),
    ).toBeVisible();
  });

  test('cookie policy: honest about what is stored, and browsing the public pages stores only what it names', async ({
    page,
    context,
  }) => {
    // Browse with in-app navigation (where the router keeps scroll positions) and full loads.
    await page.goto(paths.home);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
    await page.goBack();
    for (const { path } of legalPages) await page.goto(path);
    await page.goto(paths.cookiePolicy);

    expect(await context.cookies()).toEqual([]);
    const stored = await page.evaluate(() => ({
      local: Object.keys(window.localStorage),
      session: Object.keys(window.sessionStorage),
    }));
    expect(stored.local).toEqual([]);
    const named = await page.getByRole('main').locator('code').allTextContents();
    for (const key of stored.session) expect(named, `sessionStorage key ${key} is in the policy`).toContain(key);

    const main = page.getByRole('main');
    await expect(main).toContainText('Effective 27 May 2025');
    await expect(sectionHeadings(page)).toHaveText([
      '1. What Are Cookies',
      '2. Types of Cookies',
      '3. Third-Party Cookies',
      '4. Managing Cookies',
      '5. Consent',
    ]);
    for (const type of ['Essential cookies', 'Functional cookies', 'Analytical cookies', 'Marketing cookies']) {
      await expect(main.getByRole('heading', { level: 3, name: type })).toBeVisible();
    }
    await expect(main).toContainText('our public website sets no cookies at all');
    for (const name of ['sid', '__Host-sid', 'adminAuthenticated', 'adminUser']) {
      await expect(main.locator('code', { hasText: new RegExp(`^${name}$`) })).toBeVisible();
    }
    await expect(main).toContainText('after 2 hours without use, 12 hours after signing in');
    await expect(main).toContainText('That is why you do not see a cookie banner');
    await expect(main).toContainText('“Reject” would be as easy as “Accept”');
    await expect(main).not.toContainText(/continu\w+ to use (this|the|our) (site|website)/i);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your car the simple way');
  });

  test('launch offer terms: the default offer has ended, and the page says so without advertising it', async ({
    page,
  }) => {
    await page.setViewportSize(viewports.phone);
    await page.goto(paths.launchOfferTerms);
    const main = page.getByRole('main');
    const end = formatUkDate(DEFAULT_PROMOTION.endDate);
    const status = main.getByTestId('offer-status');
    // The status comes first, above the contents, even on a phone.
    const statusTop = (await status.boundingBox())!.y;
    const contentsTop = (await page.getByRole('navigation', { name: 'On this page' }).boundingBox())!.y;
    expect(statusTop).toBeLessThan(contentsTop);
    await expect(status).toContainText('This offer has ended');
    await expect(status).toContainText(`The launch offer closed on ${end}.`);
    await expect(status).toContainText(
      `Sales completed from ${promotionPeriod(DEFAULT_PROMOTION)} still receive their voucher`,
    );
    await expect(main).not.toContainText('runs until');
    await expect(main).not.toContainText('starts on');
    await expect(main.getByRole('link', { name: 'Get My Valuation' })).toHaveCount(0);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /has now ended/);

    await expect(sectionHeadings(page)).toHaveText([
      '1. Eligibility',
      '2. Qualifying Sales',
      '3. Voucher Details',
      '4. General Terms',
      '5. Data Protection',
    ]);
    await expect(main).toContainText('1 voucher per customer');
    await expect(main).toContainText('logbook (V5C) registered in your name');
    await expect(main).toContainText('There is no minimum valuation');
    await expect(main).toContainText('within 14 working days of the completed sale');
    await expect(main).toContainText('It expires 24 months after the date it is issued.');
    await expect(main).toContainText('There is no cash alternative');
    await expect(main).toContainText('cannot be combined with any other offer');
  });
});
