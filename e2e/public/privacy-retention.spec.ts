import { paths } from '~/shared/paths';
import { RETENTION_DEFAULTS } from '~/shared/retention';
import { expect, expectNoAxeViolations, test, viewports } from '../fixtures';

/**
 * The privacy policy's "How Long We Keep It" (issue 18): the periods the daily retention run
 * deletes by (the e2e app runs with the defaults), said to be deleted automatically every day.
 */
test.describe('[PUBLIC][PRIVACY][RETENTION]', () => {
  test('the retention section states the periods in force and that they are deleted automatically', async ({
    page,
  }) => {
    await page.goto(paths.privacyPolicy);
    const section = page.locator('#how-long-we-keep-it');
    await expect(section).toContainText(
      'Our system also checks every day for the records below, and deletes automatically each one whose time is up',
    );
    await expect(section).not.toContainText('by hand');
    const rows = section.locator('dl > div');
    for (const [what, howLong] of [
      ['Valuation requests', `${RETENTION_DEFAULTS.valuationLeadsMonths} months after we were last in touch`],
      ['e-mails and text messages', `${RETENTION_DEFAULTS.sentMessagesDays} days`],
      ['Call recordings', `${RETENTION_DEFAULTS.callRecordingsDays} days after the call`],
      ['Reviews we do not publish', `${RETENTION_DEFAULTS.unpublishedReviewsMonths} months after you send them`],
      ['Complaints', `${RETENTION_DEFAULTS.resolvedComplaintsMonths} months after we have dealt with them`],
    ] as const) {
      await expect(rows.filter({ hasText: what })).toContainText(howLong);
    }
    for (const [name, viewport] of Object.entries({ 390: viewports.phone, 1280: viewports.desktop })) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      // The section alone, from a full-page picture: the sticky header stays at the top of the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = (await section.boundingBox())!;
      await page.screenshot({ path: `e2e/screenshots/privacy-retention-${name}.png`, fullPage: true, clip: box });
    }
  });
});
