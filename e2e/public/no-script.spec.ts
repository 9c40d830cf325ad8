import { reviewMessages } from '~/shared/reviews';
import { expect, test } from '../admin/helpers';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';

/*
 * Issue 31: no public form is dead without JavaScript. Each works from the first paint with a
 * plain form, or says clearly why it needs a script (the complaint form has its own journey in
 * complaints.spec.ts). Browsers without scripts cannot run axe; the same pages are checked with
 * it where their specs run with scripts.
 */

test.describe('[PUBLIC][NO SCRIPT] public forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page’s registration box takes the registration to the valuation page', async ({ page }) => {
    await page.goto('/');
    const box = page.getByLabel('Your car’s registration').first();
    await box.fill('AB12 CDE');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/valuation\?registration=AB12\+CDE$/);
  });

  test('the valuation page says its form needs JavaScript, and shows none of the form', async ({ page }) => {
    for (const [label, viewport] of [
      ['390', viewports.phone],
      ['1280', viewports.desktop],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/valuation');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'This form needs JavaScript' })).toBeVisible();
      // (Playwright's text of an element leaves out what is inside <noscript>: ask for the text itself.)
      await expect(main.getByText(/Please turn JavaScript on in your browser/)).toBeVisible();
      await expect(main.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
      // No button that could not work.
      await expect(main.getByRole('button')).toHaveCount(0);
      await expect(main.getByLabel('Registration')).toBeHidden();
      await saveScreenshot(page, `valuation-no-script-${label}`);
    }
  });
});

test.describe('[PUBLIC][NO SCRIPT] writing a review without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a link to the form, the messages for a bad review, then thanks', async ({ page, expectedHttpErrors }) => {
    // The form again with its messages answers 400, which the browser logs.
    expectedHttpErrors.add(400);
    await page.setViewportSize(viewports.phone);
    await page.goto('/reviews');
    await page.getByRole('link', { name: /^Write (a|the First) Review$/ }).click();
    await expect(page).toHaveURL(/\/reviews\/write$/);
    const form = page.getByRole('form', { name: 'Write a review' });
    await expect(form.getByRole('radio', { name: /5 Excellent/ })).toBeChecked();

    await form.getByLabel('Your name').fill('Ada Lovelace');
    await form.getByLabel('Review title').fill('Hi');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(form.getByRole('alert')).toContainText(reviewMessages.submitFailed);
    await expect(form).toContainText(reviewMessages.emailInvalid);
    await expect(form).toContainText(reviewMessages.titleTooShort);
    await expect(form).toContainText(reviewMessages.textRequired);
    await expect(form.getByLabel('Your name')).toHaveValue('Ada Lovelace');
    await saveScreenshot(page, 'review-no-script-errors-390');

    // The radios are drawn as stars: a click on the words chooses one.
    await form.getByText('4 Very Good').click();
    await expect(form.getByRole('radio', { name: /4 Very Good/ })).toBeChecked();
    await form.getByLabel('Email address').fill('ada@example.com');
    await form.getByLabel('Review title').fill('Quick and fair');
    await form.getByLabel('Your review').fill('They collected the car the next day and paid before it left.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page).toHaveURL(/\/reviews\/write\?sent#main$/);
    await expect(page.getByRole('main')).toContainText(reviewMessages.submittedDetail);
    await saveScreenshot(page, 'review-no-script-sent-390');
  });
});

test.describe('[PUBLIC][NO SCRIPT] the review form’s own page, checked with axe', () => {
  test('passes axe empty, with its messages and once sent', async ({ page, expectedHttpErrors }) => {
    expectedHttpErrors.add(400);
    await page.setViewportSize(viewports.phone);
    await page.goto('/reviews/write');
    await expectNoAxeViolations(page);
    const form = page.getByRole('form', { name: 'Write a review' });
    // Posted as without scripts (axe needs them): the form's native submit() is a plain post.
    await form.evaluate((element) => (element as HTMLFormElement).submit());
    await expect(form.getByRole('alert')).toContainText(reviewMessages.submitFailed);
    await expectNoAxeViolations(page);
    await page.goto('/reviews/write?sent');
    for (const viewport of [viewports.phone, viewports.desktop]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }
  });
});
