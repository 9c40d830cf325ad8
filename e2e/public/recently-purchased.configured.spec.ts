import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import { e2eAdmin, expect, loginRequest, settleMotion, test } from '../admin/helpers';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';

/*
 * On the configured app (scripts/e2e.mjs), so the other app keeps the empty states its own specs
 * check ("No vehicles to display yet", no home section).
 *
 * Recently purchased vehicles in public (issue 13): what staff publish shows on /recently-purchased
 * and on the home page with its photo, in the server's HTML, without the registration or price;
 * edits show, hiding and deleting remove it (and its files); the default image and the grey
 * placeholder stand in for a missing or broken photo.
 */

const unique = () => randomBytes(3).toString('hex');

/** A "photo" for the test: one of the project's car illustrations, as a camera JPEG would come. */
async function carPhoto(n: number): Promise<Buffer> {
  const svg = readFileSync(new URL(`../../public/images/purchased-vehicles/default-${n}.svg`, import.meta.url));
  return sharp(svg, { density: 96 }).resize({ width: 1600 }).jpeg({ quality: 85 }).toBuffer();
}

async function addVehicle(
  request: APIRequestContext,
  fields: Record<string, string>,
  photos: Buffer[] = [],
): Promise<AdminPurchasedVehicle> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  photos.forEach((bytes, i) =>
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `photo-${i}.jpg`),
  );
  const response = await request.post('/api/admin/purchased-vehicles', { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AdminPurchasedVehicle;
}

const cardOf = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

/** True once the image has loaded with real pixels. */
async function expectLoaded(image: Locator) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test.describe('[PURCHASED] recently purchased vehicles in public', () => {
  test.beforeEach(async ({ request }) => {
    await loginRequest(request, e2eAdmin.username, e2eAdmin.password);
  });

  test('a published vehicle shows on /recently-purchased and the home page with its photo; edits, hiding and deleting follow', async ({
    page,
    request,
    expectedHttpErrors,
  }) => {
    test.slow();
    // The lists show every vehicle on this app, and other specs delete theirs (photos and all) while
    // these pages are open: a lazy photo of one of those may answer 404. This vehicle's own photo is
    // checked to load, below.
    expectedHttpErrors.add(404);
    const model = `Focus ${unique()}`;
    const name = `2019 Ford ${model}`;
    const vehicle = await addVehicle(
      request,
      {
        make: 'Ford',
        model,
        year: '2019',
        registration: 'E2E 123',
        fuelType: 'Petrol',
        engineSize: '1.0L',
        color: 'Red',
        mileage: '45210',
        purchasePrice: '4321.99',
        location: 'Grimsby',
        description: 'One owner from new, full service history. Collected from the seller’s drive.',
        purchaseDate: new Date().toISOString().slice(0, 10),
      },
      [await carPhoto(1), await carPhoto(3), await carPhoto(2)],
    );

    // The server's HTML already holds the vehicle, never its registration or price.
    for (const path of ['/recently-purchased', '/']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(model);
      expect(html, path).not.toMatch(/E2E ?123|4321\.99|432199|purchasePrice|"registration":/i);
    }

    await page.goto('/recently-purchased');
    const card = cardOf(page, name);
    await expect(card).toContainText('45,210 miles · Petrol · 1.0L · Red');
    await expect(card).toContainText('Bought from a seller in Grimsby');
    await expect(card).toContainText('+2 more photos');
    const photo = card.getByRole('img', { name: `Photo of the ${name}` });
    await expectLoaded(photo);
    // Width and height are set, so the page does not move as the photo arrives.
    await expect(photo).toHaveAttribute('width', '1200');
    await expect(photo).toHaveAttribute('height', '900');
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
    await expectNoAxeViolations(page);
    for (const [width, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await settleMotion(page);
      await expectLoaded(photo);
      await saveScreenshot(page, `recently-purchased-with-vehicles-${width}`);
    }

    await page.goto('/');
    const section = page.getByRole('region', { name: 'Previously purchased vehicles' });
    await expectLoaded(cardOf(page, name).getByRole('img', { name: `Photo of the ${name}` }));
    await expect(section.getByRole('link', { name: 'See all recently purchased cars' })).toBeVisible();
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    for (const [width, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await section.screenshot({ path: `e2e/screenshots/home-purchased-vehicles-${width}.png` });
    }

    // An edit in the back office shows on the next visit.
    const edited = await request.put(`/api/admin/purchased-vehicles/${vehicle.id}`, {
      data: { color: 'Blue', mileage: 45300 },
    });
    expect(edited.status()).toBe(200);
    await page.goto('/recently-purchased');
    await expect(cardOf(page, name)).toContainText('45,300 miles · Petrol · 1.0L · Blue');

    // Hidden: gone from both pages.
    expect(
      (await request.put(`/api/admin/purchased-vehicles/${vehicle.id}`, { data: { isVisible: false } })).status(),
    ).toBe(200);
    for (const path of ['/recently-purchased', '/']) {
      await page.goto(path);
      await expect(page.getByRole('main')).not.toContainText(model);
    }

    // Deleted: its photos' files are gone too.
    expect((await request.delete(`/api/admin/purchased-vehicles/${vehicle.id}`)).status()).toBe(204);
    for (const photoOfVehicle of vehicle.photos) {
      expect((await request.get(photoOfVehicle.url)).status()).toBe(404);
    }
  });

  test('a vehicle without photos shows its default image; a broken photo falls back to it, then to a grey panel', async ({
    page,
    request,
    expectedHttpErrors,
  }) => {
    const plain = await addVehicle(request, {
      make: 'Vauxhall',
      model: `Corsa ${unique()}`,
      year: '2015',
      location: 'Louth',
    });
    const withPhoto = await addVehicle(request, { make: 'Skoda', model: `Fabia ${unique()}`, year: '2017' }, [
      await carPhoto(4),
    ]);

    await page.goto('/recently-purchased');
    const plainImage = cardOf(page, plain.model).getByRole('img');
    await expect(plainImage).toHaveAttribute('src', `/images/purchased-vehicles/default-${(plain.id % 4) + 1}.svg`);
    await expect(plainImage).toHaveAccessibleName(
      `Illustration of a car: there is no photo of this 2015 Vauxhall ${plain.model} yet`,
    );
    await expectLoaded(plainImage);

    // The photo's files disappear (as if the disk lost them): the default image stands in.
    expectedHttpErrors.add(404);
    await page.route('**/uploads/purchased-vehicles/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/recently-purchased');
    // Its failure wakes the picture's island (src/client/island-wake.ts), which shows the default image.
    const fallback = cardOf(page, withPhoto.model).getByRole('img');
    await expect(fallback).toHaveAttribute('src', `/images/purchased-vehicles/default-${(withPhoto.id % 4) + 1}.svg`);
    await expectLoaded(fallback);

    // And if the default image fails as well: a grey panel naming the car.
    await page.route('**/images/purchased-vehicles/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/recently-purchased');
    const panel = cardOf(page, withPhoto.model).getByRole('img', {
      name: `No picture: Skoda ${withPhoto.model}`,
    });
    await expect(panel).toContainText(`Skoda ${withPhoto.model}`);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    for (const vehicle of [plain, withPhoto]) {
      expect((await request.delete(`/api/admin/purchased-vehicles/${vehicle.id}`)).status()).toBe(204);
    }
  });
});
