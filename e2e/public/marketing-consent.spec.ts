import { randomBytes } from 'node:crypto';
import { CONSENT_LABEL, MARKETING_CONSENT_LABEL } from '~/shared/valuation-options';
import { e2eAdmin, expect, signInViaApi, test } from '../admin/helpers';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { answerSteps2To4, footer, hydrated, next } from './seller-wizard';

/*
 * Marketing consent apart (issue 18, PECR reg 22): step 4 asks for it in its own box, unticked
 * and optional, below the contact box that covers this valuation only. A seller who leaves it
 * unticked is sent a request through; one who ticks it shows staff "opted in" with the date.
 */

test.describe('[PUBLIC][VALUATION] the separate marketing box', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    const optIn = name === 'desktop';
    test(`at ${viewport.width}px: unticked and optional; ${optIn ? 'ticked, staff see opted in' : 'left unticked, staff see not opted in'}`, async ({
      page,
    }) => {
      const email = `marketing-${name}-${randomBytes(4).toString('hex')}@example.com`;
      await page.setViewportSize(viewport);
      await page.goto('/valuation?registration=AA19AAA');
      const mileage = page.getByLabel('Mileage');
      await hydrated(mileage);
      await mileage.fill('61000');
      await next(page).click();
      await expect(footer(page, 2)).toBeVisible();
      await answerSteps2To4(page, email);

      const marketing = page.getByRole('checkbox', { name: MARKETING_CONSENT_LABEL });
      await expect(marketing).not.toBeChecked();
      // Optional: not marked required, and its hint says so; the contact box stays required.
      await expect(marketing).not.toHaveAttribute('aria-required', 'true');
      await expect(marketing).toHaveAccessibleDescription(/Optional\. Leave this unticked/);
      await expect(page.getByRole('checkbox', { name: CONSENT_LABEL })).toHaveAttribute('aria-required', 'true');
      if (optIn) {
        // By keyboard, as anyone may: focus and Space.
        await marketing.focus();
        await page.keyboard.press('Space');
        await expect(marketing).toBeChecked();
      }
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `marketing-consent-step4-${viewport.width}`);

      const submitted = page.waitForResponse(
        (response) => response.url().endsWith('/api/valuations') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Submit Valuation Request' }).click();
      const { id } = (await (await submitted).json()) as { id: string };
      await expect(page.getByRole('heading', { name: 'Valuation Request Submitted' })).toBeVisible();

      // Staff's view of the request: the contact box agreed, marketing as the seller chose.
      await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
      await page.goto(`/admin/valuations/${id}`);
      await page.getByRole('tab', { name: 'Contact' }).click();
      const consent = page.getByText(
        optIn ? /^Marketing: opted in on \d{1,2} \w{3} \d{4}$/ : 'Marketing: not opted in',
      );
      await expect(consent).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `marketing-consent-admin-${viewport.width}`);
      if (optIn) {
        // The seller phones to say "no more news and offers": staff record it.
        await page.getByRole('button', { name: 'Record withdrawal' }).click();
        await expect(page.getByText('Marketing: not opted in')).toBeVisible();
        await expect(page.getByText('Marketing consent withdrawn')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Record withdrawal' })).toHaveCount(0);
      }
    });
  }
});
