import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  purchasedVehicleMessages as m,
  purchasedVehiclePhotoMessages as pm,
  type AdminPurchasedVehicle,
} from '~/shared/purchased-vehicles';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test, toasts } from './helpers';

/*
 * On the configured app (scripts/e2e.mjs), so the other app keeps the empty states its own specs
 * check ("No vehicles to display yet" on /recently-purchased, no vehicles on the home page).
 *
 * /admin/purchased-vehicles (issue 13): staff add a bought car with its photos, see it as the
 * website will, edit its details and photos, hide it and delete it (its photo files go too).
 * Other specs add vehicles on the same app at the same time, so each test works on its own cars,
 * named with a random suffix; the empty state is shown with an empty list answered by the test.
 */

const LIST_API = '**/api/admin/purchased-vehicles?*';

/** A small real photo of one colour (JPEG, or PNG), so the photos can be told apart. */
async function photo(name: string, background: string, format: 'jpeg' | 'png' = 'jpeg') {
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background } });
  const buffer = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** Today in the UK as the date input holds it. */
const ukToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Adds a vehicle as the form does (multipart), for the screenshots' other cards. */
async function addVehicle(request: APIRequestContext, fields: Record<string, string>, photos: Buffer[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  photos.forEach((bytes, i) =>
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${i}.jpg`),
  );
  const response = await request.post('/api/admin/purchased-vehicles', { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AdminPurchasedVehicle;
}

/** Screenshots without a toast over the page: waits for the last one to time out. */
async function withoutToasts(page: Page) {
  await expect(toasts(page).getByRole('listitem', { includeHidden: true })).toHaveCount(0, { timeout: 10_000 });
}

/**
 * A full-page screenshot from the top (the sticky header where a person sees it), without a toast.
 * (Closing toasts by their button would leave them paused: the pointer never leaves a removed toast.)
 */
async function pageScreenshot(page: Page, name: string) {
  await withoutToasts(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

const cardOf = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Purchased vehicles' }).getByRole('listitem').filter({ hasText: name });

/** Waits until the image has loaded from the server, and gives its address. */
async function loadedImage(image: Locator): Promise<string> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => img.currentSrc);
}

test.describe('[ADMIN][PURCHASED_VEHICLES]', () => {
  test('add a vehicle with photos, edit its details and photos, hide it, delete it with its files', async ({
    page,
  }) => {
    // Eleven photos re-encoded on the server at three widths and two formats, beside other specs.
    test.setTimeout(150_000);
    const suffix = randomBytes(3).toString('hex');
    const make = `Ford${suffix}`;
    const name = `2019 ${make} Focus`;
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.setViewportSize(viewports.desktop);

    // --- The empty state (the list answered empty here: other specs add vehicles meanwhile) ---------
    await page.route(LIST_API, (route) =>
      route.fulfill({ json: { items: [], page: 1, pageSize: 12, total: 0, pageCount: 0 } }),
    );
    await page.goto('/admin/purchased-vehicles');
    await expect(page.getByRole('heading', { level: 1, name: 'Purchased vehicles' })).toBeVisible();
    await expect(page.getByText('No vehicles added yet')).toBeVisible();
    await expect(page.getByText('Use “Add Vehicle” to add a car you have bought')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute(LIST_API);
    await page.reload();

    // --- The add form: SPEC's messages, tidied values, and at most 3 photos -------------------------------
    const toggle = page.getByRole('button', { name: 'Add Vehicle', exact: true });
    await toggle.click();
    const form = page.getByRole('form', { name: 'Add a vehicle' });
    await expect(form.getByLabel('Make', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Purchase date')).toHaveValue(ukToday());
    await expect(form.getByLabel('Show on website')).toBeChecked();
    await form.getByRole('button', { name: 'Add vehicle', exact: true }).click();
    await expect(form.getByLabel('Make', { exact: true })).toHaveAccessibleDescription(m.makeRequired);
    await expect(form.getByLabel('Model')).toHaveAccessibleDescription(m.modelRequired);
    await expect(form.getByLabel('Year')).toHaveAccessibleDescription(m.yearRequired);
    await expect(form.getByLabel('Make', { exact: true })).toBeFocused();

    await form.getByLabel('Make', { exact: true }).fill(make);
    await form.getByLabel('Model').fill('Focus');
    await form.getByLabel('Year').fill('2019');
    await form.getByLabel('Registration').pressSequentially('ab12 cde');
    await expect(form.getByLabel('Registration')).toHaveValue('AB12 CDE');
    await expect(form.getByLabel('Registration')).toHaveAccessibleDescription(
      /Internal only, never shown on the website/,
    );
    await form.getByLabel('Fuel type').fill('Petrol');
    await form.getByLabel('Engine size').fill('1.6L');
    await form.getByLabel('Colour').fill('Blue');
    await form.getByLabel('Mileage').fill('45,000');
    await form.getByLabel('Purchase price (£)').fill('4250.5');
    await form.getByLabel('Customer location').fill('Grimsby');
    await expect(form.getByLabel('Purchase price (£)')).toHaveValue('4250.50');
    await form.getByLabel('Description').fill('One owner from new, full service history. Collected the next morning.');

    const picker = form.getByLabel('Choose photos');
    const chosen = await Promise.all([
      photo('front.jpg', '#c0392b'),
      photo('side.jpg', '#2471a3'),
      photo('back.png', '#1e8449', 'png'),
      photo('interior.jpg', '#7d3c98'),
    ]);
    await picker.setInputFiles(chosen);
    await expectToast(page, pm.tooMany, 'Only the first 3 photos you chose were kept.');
    const thumbnails = form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');
    await expect(thumbnails).toHaveCount(3);
    await expect(form.getByText('3 of 3 photos')).toBeVisible();
    await expect(picker).toBeDisabled();
    await form.getByRole('button', { name: 'Remove photo 3: back.png' }).click();
    await expect(thumbnails).toHaveCount(2);
    await expect(picker).toBeFocused();
    await picker.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
      chosen[2]!,
    ]);
    await expectToast(page, pm.notAnImage);
    await expect(thumbnails).toHaveCount(3);
    await expect(form.getByRole('img', { name: 'Photo 3: back.png' })).toBeVisible();

    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await pageScreenshot(page, `admin-purchased-vehicles-add-form-${size}`);
    }
    await page.setViewportSize(viewports.desktop);

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/purchased-vehicles') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Add vehicle', exact: true }).click();
    expect((await created).status()).toBe(201);
    await expectToast(page, m.added);
    await expect(form).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // --- The card: its first photo, visibility, facts, and the internal details --------------------------
    const card = cardOf(page, name);
    await expect(card).toContainText('Visible on website');
    await expect(card).toContainText('+2 more photos');
    await expect(card).toContainText('45,000 miles');
    await expect(card).toContainText('Bought in Grimsby');
    await expect(card).toContainText('AB12CDE');
    await expect(card).toContainText('£4,250.50');
    const firstPhoto = await loadedImage(card.getByRole('img', { name: `${name}, photo 1 of 3` }));
    expect(firstPhoto).toMatch(/^http.*\/uploads\/purchased-vehicles\/[0-9a-f]{32}-\d+\.webp$/);

    // Two more cars for a fuller grid: one with a photo, one hidden without any (the default image).
    const others = [
      await addVehicle(
        page.request,
        {
          make: `Kia${suffix}`,
          model: 'Sportage',
          year: '2021',
          mileage: '23000',
          fuelType: 'Hybrid',
          location: 'Louth',
        },
        [(await photo('kia.jpg', '#5d6d7e')).buffer],
      ),
      await addVehicle(page.request, {
        make: `Vauxhall${suffix}`,
        model: 'Corsa',
        year: '2014',
        mileage: '81250',
        fuelType: 'Diesel',
        engineSize: '1.3L',
        color: 'Silver',
        purchasePrice: '1850',
        isVisible: 'false',
        description: 'Two previous owners. Sold as seen: it needs a clutch, so it is kept off the website.',
      }),
    ];
    try {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expectToast(page, 'Refreshed');
      await expect(cardOf(page, `2014 Vauxhall${suffix} Corsa`)).toContainText('Hidden from website');
      await expect(cardOf(page, `2014 Vauxhall${suffix} Corsa`)).toContainText('No photos yet');
      await loadedImage(cardOf(page, `2014 Vauxhall${suffix} Corsa`).locator('img'));
      for (const [size, viewport] of Object.entries(viewports)) {
        await page.setViewportSize(viewport);
        await expectNoAxeViolations(page);
        await pageScreenshot(page, `admin-purchased-vehicles-list-${size}`);
      }
    } finally {
      for (const other of others) await page.request.delete(`/api/admin/purchased-vehicles/${other.id}`);
    }
    await page.setViewportSize(viewports.desktop);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(cardOf(page, `Kia${suffix}`)).toHaveCount(0);

    // --- Edit: the details (the price back in pounds) and the photos, each photo change saved at once ------
    const editButton = card.getByRole('button', { name: `Edit: ${name}` });
    await editButton.click();
    const dialog = page.getByRole('dialog', { name: 'Edit vehicle' });
    await expect(dialog.getByLabel('Purchase price (£)')).toHaveValue('4250.50');
    await expect(dialog.getByLabel('Registration')).toHaveValue('AB12CDE');
    await expect(dialog.getByLabel('Mileage')).toHaveValue('45000');
    const photos = dialog.getByRole('list', { name: 'Current photos' }).getByRole('listitem');
    await expect(photos).toHaveCount(3);
    await dialog.getByLabel('Model').fill('Fiesta');
    await withoutToasts(page);
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-purchased-vehicles-edit-${size}`, { fullPage: false });
    }
    await page.setViewportSize(viewports.desktop);

    const thirdPhoto = await loadedImage(photos.nth(2).getByRole('img'));
    await dialog.getByRole('button', { name: 'Remove: photo 3 of 3' }).click();
    await expectToast(page, m.photoRemoved);
    await expect(photos).toHaveCount(2);
    const secondPhoto = await loadedImage(photos.nth(1).getByRole('img'));
    await dialog.getByRole('button', { name: 'Make main photo: photo 2 of 2' }).click();
    await expectToast(page, 'Main photo changed');
    expect(await loadedImage(dialog.getByRole('img', { name: /photo 1 of 2$/ }))).toBe(secondPhoto);
    await dialog.getByLabel('Add photos').setInputFiles([await photo('boot.jpg', '#d4ac0d')]);
    await expectToast(page, m.photosAdded);
    await expect(photos).toHaveCount(3);
    await expect(dialog.getByLabel('Add photos')).toBeDisabled();
    // The removed photo's files are gone from the website.
    expect((await page.request.get(thirdPhoto)).status()).toBe(404);
    await withoutToasts(page);
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await dialog.getByRole('heading', { name: 'Photos' }).scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-purchased-vehicles-edit-photos-${size}`, { fullPage: false });
    }
    await page.setViewportSize(viewports.desktop);

    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, m.updated);
    await expect(dialog).toBeHidden();
    const renamed = `2019 ${make} Fiesta`;
    const editedCard = cardOf(page, renamed);
    await expect(editedCard).toBeVisible();
    await expect(cardOf(page, name)).toHaveCount(0);
    await expect(editedCard.getByRole('button', { name: `Edit: ${renamed}` })).toBeFocused();
    await expect(editedCard).toContainText('+2 more photos');
    const mainPhoto = await loadedImage(editedCard.getByRole('img', { name: `${renamed}, photo 1 of 3` }));
    expect(mainPhoto).toBe(secondPhoto);

    // --- Hide it: the public list no longer has it ------------------------------------------------------
    const publicMakes = async () =>
      (
        (await (await page.request.get('/api/purchased-vehicles?pageSize=48')).json()) as { items: { make: string }[] }
      ).items.map((item) => item.make);
    expect(await publicMakes()).toContain(make);
    await editedCard.getByRole('button', { name: `Hide: ${renamed}` }).click();
    await expectToast(page, m.hidden);
    await expect(editedCard).toContainText('Hidden from website');
    expect(await publicMakes()).not.toContain(make);
    await editedCard.getByRole('button', { name: `Show: ${renamed}` }).click();
    await expectToast(page, m.shown);
    await expect(editedCard).toContainText('Visible on website');
    await editedCard.getByRole('button', { name: `Hide: ${renamed}` }).click();
    await expectToast(page, m.hidden);
    await expect(editedCard).toContainText('Hidden from website');

    // --- Delete it, after a confirmation naming it: the card and its photo files go ----------------------
    await editedCard.getByRole('button', { name: `Delete: ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this vehicle?' });
    await expect(confirm).toContainText(
      'This removes the vehicle and its photos from the website and cannot be undone.',
    );
    await expect(confirm).toContainText(renamed);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await withoutToasts(page);
    await saveScreenshot(page, 'admin-purchased-vehicles-delete-confirm-desktop', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(editedCard.getByRole('button', { name: `Delete: ${renamed}` })).toBeFocused();
    await editedCard.getByRole('button', { name: `Delete: ${renamed}` }).click();
    await confirm.getByRole('button', { name: 'Delete vehicle' }).click();
    await expectToast(page, m.deleted);
    await expect(editedCard).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Vehicles' })).toBeFocused();
    for (const url of [firstPhoto, mainPhoto]) expect((await page.request.get(url)).status(), url).toBe(404);
  });

  test('the add form opens and closes from the keyboard and keeps what was typed until Cancel', async ({ page }) => {
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.goto('/admin/purchased-vehicles');
    const toggle = page.getByRole('button', { name: 'Add Vehicle', exact: true });
    const form = page.getByRole('form', { name: 'Add a vehicle' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(form).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(form.getByLabel('Make', { exact: true })).toBeFocused();
    await page.keyboard.type('Vauxhall');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Model')).toBeFocused();

    // Closed from its button (Shift+Tab back to it): hidden, nothing lost.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(form).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(form.getByLabel('Make', { exact: true })).toHaveValue('Vauxhall');

    // Cancel empties it, and focus goes back to the button.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByLabel('Make', { exact: true })).toHaveValue('');
  });

  test('a refused vehicle shows the server’s message in the toast and its field issues on the fields', async ({
    page,
    expectedHttpErrors,
  }) => {
    expectedHttpErrors.add(400);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    // As the server answers a photo it cannot read (its content decides, after the form's checks).
    await page.route('**/api/admin/purchased-vehicles', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: {
              message: pm.unreadable,
              issues: [
                { path: 'photos', message: pm.unreadable },
                { path: 'location', message: m.locationTooLong },
              ],
            },
          })
        : route.continue(),
    );
    await page.goto('/admin/purchased-vehicles');
    await page.getByRole('button', { name: 'Add Vehicle', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add a vehicle' });
    await form.getByLabel('Make', { exact: true }).fill('Skoda');
    await form.getByLabel('Model').fill('Octavia');
    await form.getByLabel('Year').fill('2016');
    await form.getByLabel('Choose photos').setInputFiles([await photo('front.jpg', '#888888')]);
    await form.getByRole('button', { name: 'Add vehicle', exact: true }).click();
    await expectToast(page, m.addFailed, pm.unreadable);
    await expect(form.getByLabel('Customer location')).toHaveAccessibleDescription(
      /Location must be at most 100 characters/,
    );
    await expect(form.getByLabel('Customer location')).toBeFocused();
    await expect(form.getByRole('alert').filter({ hasText: pm.unreadable })).toBeVisible();
    // Nothing was lost: staff can fix it and send again.
    await expect(form.getByLabel('Make', { exact: true })).toHaveValue('Skoda');
    await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
  });
});
