import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, test } from '../fixtures';
import { hydrated } from './seller-wizard';

const widths = [390, 768, 1280];

/** Axe at each width, and a full-page screenshot named page-<name>-<width>.png. */
async function checkAtEveryWidth(page: Page, path: string, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `page-${name}-${width}`);
  }
}

test.describe('[PUBLIC][ABOUT]', () => {
  test('says who we are, our promise, where we are and why choose us, with a way to a valuation', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('About Us');
    expect(await main.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Who we are',
      'Our promise',
      'Where to find us',
      'Why choose us',
      'Find out what your car is worth',
    ]);
    const office = main.locator('address');
    await expect(office).toContainText('Louth');
    await expect(office).toContainText('Lincolnshire');
    await expect(office).toContainText('LN11 0LQ');
    await expect(main).toContainText('Our registered office and collection base is in Louth, Lincolnshire');
    for (const reason of ['Direct buying', 'UK coverage', 'Fast process', 'Secure and trusted', 'Fair valuation']) {
      await expect(main.getByRole('heading', { level: 3, name: reason })).toBeVisible();
    }
    await main.getByRole('link', { name: 'Get My Valuation' }).click();
    await expect(page).toHaveURL(/\/valuation$/);
  });

  test('describes the business to search engines as JSON-LD, without details that are not configured', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about$/);
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoDealer',
      name: 'CarBuy Direct',
      areaServed: 'GB',
      address: { addressLocality: 'Louth', postalCode: 'LN11 0LQ', addressCountry: 'GB' },
    });
    expect(new URL(data['url'] as string).pathname).toBe('/');
    expect(data).not.toHaveProperty('telephone');
    expect(data).not.toHaveProperty('email');
    expect(data['openingHoursSpecification']).toHaveLength(2);
  });

  test('passes axe at 390, 768 and 1280 pixels', async ({ page }) => {
    await checkAtEveryWidth(page, '/about', 'about');
  });
});

test.describe('[PUBLIC][CONTACT]', () => {
  test('with no phone, e-mail or WhatsApp configured, offers the address, hours and a valuation, and no broken links', async ({
    page,
  }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    // Unset details are left out, never shown as empty or invented links (rendering with them set is a unit test).
    await expect(page.locator('a[href^="tel:"], a[href^="mailto:"], a[href*="wa.me"]')).toHaveCount(0);
    await expect(main).not.toContainText('FCA');
    await expect(main).not.toContainText('Company number');

    await expect(main.getByRole('heading', { level: 3, name: 'Write to us' })).toBeVisible();
    const address = main.locator('address');
    await expect(address).toContainText('CarBuy Direct');
    await expect(address).toContainText('LN11 0LQ');

    const hours = main.getByRole('region', { name: 'Opening hours' });
    await expect(hours).toContainText('Monday to Saturday');
    await expect(hours).toContainText('09:00 to 20:00');
    await expect(hours).toContainText('Sunday');
    await expect(hours).toContainText('10:00 to 16:00');

    await main.getByRole('link', { name: 'Get My Valuation' }).click();
    await expect(page).toHaveURL(/\/valuation$/);
    await page.goBack();
    await main.getByRole('link', { name: 'start a free valuation online' }).click();
    await expect(page).toHaveURL(/\/valuation$/);
  });

  test('passes axe at 390, 768 and 1280 pixels', async ({ page }) => {
    await checkAtEveryWidth(page, '/contact', 'contact');
  });
});

test.describe('[PUBLIC][REVIEWS]', () => {
  test('says plainly there are no reviews yet: no average, no invented reviews; the first can be written', async ({
    page,
  }) => {
    await page.goto('/reviews');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Customer Reviews');
    await expect(main.getByRole('heading', { level: 2, name: 'No reviews yet' })).toBeVisible();
    await expect(main).not.toContainText('out of 5');
    await expect(main.getByRole('region', { name: 'Customer reviews' })).toHaveCount(0);
    // One button, and it leads somewhere: the form opens, and Cancel closes it where it was.
    await expect(main.getByRole('button')).toHaveCount(1);
    const write = main.getByRole('button', { name: 'Write the First Review' });
    await hydrated(write);
    await write.click();
    const form = main.getByRole('form', { name: 'Write a review' });
    await expect(form.getByRole('radio', { name: /5 Excellent/ })).toBeChecked();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expect(main.getByRole('button', { name: 'Write the First Review' })).toBeFocused();

    const cta = main.getByRole('region', { name: 'Ready to sell your car?' });
    await expect(cta.getByRole('link', { name: 'Get My Valuation' })).toHaveAttribute('href', '/valuation');
    await cta.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('passes axe at 390, 768 and 1280 pixels', async ({ page }) => {
    await checkAtEveryWidth(page, '/reviews', 'reviews');
  });
});

test.describe('[PUBLIC][RECENTLY PURCHASED]', () => {
  test("shows SPEC's empty state and a way to a valuation, with no invented cars", async ({ page }) => {
    await page.goto('/recently-purchased');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Recently Purchased');
    await expect(main.getByRole('heading', { level: 2, name: 'No vehicles to display yet' })).toBeVisible();
    await expect(main).toContainText('Check back soon to see our latest purchases!');
    await expect(main.getByRole('article')).toHaveCount(0);
    await expect(main.locator('img')).toHaveCount(0);
    await main.getByRole('link', { name: 'Get My Valuation' }).click();
    await expect(page).toHaveURL(/\/valuation$/);
  });

  test('passes axe at 390, 768 and 1280 pixels', async ({ page }) => {
    await checkAtEveryWidth(page, '/recently-purchased', 'recently-purchased');
  });
});
