import { readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, saveScreenshot, test, viewports, wholePublicStylesheet } from '../fixtures';
import { hydrated } from './seller-wizard';

const publicPages = [
  { path: '/', heading: 'Sell your car the simple way' },
  { path: '/about', heading: 'About Us' },
  { path: '/how-we-value', heading: 'How We Value Your Car' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/cookie-policy', heading: 'Cookie Policy' },
  { path: '/valuation', heading: 'Get Your Free Valuation' },
  { path: '/recently-purchased', heading: 'Recently Purchased' },
  { path: '/launch-offer-terms', heading: 'Launch Offer Terms' },
  { path: '/social-media-ads', heading: 'Social Media Ads' },
  { path: '/reviews', heading: 'Customer Reviews' },
];

/**
 * Pages whose own spec runs axe at phone and desktop widths (and more), so this file's tour of every
 * page does not run it a second time: axe is most of a page check's time on two cores.
 */
const axeElsewhere = new Map([
  ['/', 'home.spec.ts'],
  ['/about', 'pages.spec.ts'],
  ['/contact', 'pages.spec.ts'],
  ['/reviews', 'pages.spec.ts'],
  ['/privacy-policy', 'legal.spec.ts'],
  ['/terms-of-service', 'legal.spec.ts'],
  ['/cookie-policy', 'legal.spec.ts'],
  ['/launch-offer-terms', 'legal.spec.ts'],
  ['/social-media-ads', 'social-media-ads.spec.ts'],
  ['/valuation', 'valuation.spec.ts (every step, by keyboard)'],
]);

const headerLinks = ['Home', 'How It Works', 'Previously Purchased', 'Reviews', 'About Us', 'Contact'];

test.describe('[PUBLIC][SHELL]', () => {
  test('a public page names no file to fetch before it paints, and looks the same with only its own styles', async ({
    page,
  }) => {
    test.setTimeout(180_000); // every public page, twice at each width
    // The islands stay asleep, so both looks are the server's HTML alone.
    await page.route(/\/assets\/islands-[\w-]+\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'export {};' }),
    );
    const wholeStylesheet = wholePublicStylesheet();
    for (const { path } of publicPages) {
      const html = await (await page.request.get(path)).text();
      // Its loader and its styles are inside it: no script or stylesheet to fetch before it paints,
      // nor after (issue 33: the styles its islands move to are in it too).
      expect(html, path).not.toMatch(
        /<script[^>]* src=|<link[^>]* rel="(stylesheet|modulepreload)"|<link[^>]* rel="preload" as="(script|style)"/,
      );
      expect(html, path).not.toContain('data-stylesheet');
      for (const [name, viewport] of Object.entries(viewports)) {
        await page.setViewportSize(viewport);
        await page.goto(path, { waitUntil: 'networkidle' });
        const looks = [await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' })];
        await page.addStyleTag({ url: wholeStylesheet });
        looks.push(await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }));
        expect(looks[0]!.equals(looks[1]!), `${path} at ${name}: its own styles look like the whole stylesheet`).toBe(
          true,
        );
      }
    }
  });

  test('a page where nothing moves fetches no script until it is used; the islands then work', async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (['script', 'stylesheet'].includes(request.resourceType())) scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/about', '/contact', '/privacy-policy', '/recently-purchased', '/']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      // Time for the loader's after-paint work: nothing is woken by it on these pages at the top.
      await page.waitForTimeout(500);
      expect(scripts, path).toEqual([]);
    }
    // The home page's registration box wakes at its first touch, and then shows a plate as typed.
    const box = page.getByLabel('Enter your registration to start');
    await box.click();
    await hydrated(box);
    expect(scripts.some((script) => /\/assets\/islands-[\w-]+\.js$/.test(script))).toBe(true);
    await box.pressSequentially('ab12cd e');
    await expect(box).toHaveValue('AB12CD E');
    // The carousel wakes as it nears the screen (on this page: none published, so none shown).
  });

  test('header navigation is in the server-rendered HTML, before any script runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewports.desktop, baseURL });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of headerLinks) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your car the simple way');
    await context.close();
  });

  for (const { path, heading } of publicPages) {
    const axe = !axeElsewhere.has(path);
    test(`${path} renders and hydrates without warnings at both widths${axe ? ', and passes axe' : ''}`, async ({
      page,
    }) => {
      for (const [name, viewport] of Object.entries(viewports)) {
        await page.setViewportSize(viewport);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page).toHaveTitle(new RegExp(heading));
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          'href',
          new RegExp(`${path === '/' ? '/$' : `${path}$`}`),
        );
        if (axe) await expectNoAxeViolations(page);
        if (path === '/') await saveScreenshot(page, `home-${name}`);
      }
    });
  }

  test('an unknown path answers 404 with "Page Not Found" and a way home', async ({ page, consoleProblems }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    // Chromium reports the 404 document itself on the console: that one is expected.
    expect(consoleProblems).toEqual([expect.stringMatching(/status of 404/)]);
    consoleProblems.length = 0;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your car the simple way');
  });

  test('/privacy and /terms redirect permanently to the policy pages', async ({ request }) => {
    for (const [from, to] of [
      ['/privacy', '/privacy-policy'],
      ['/terms', '/terms-of-service'],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers()['location']).toBe(to);
    }
  });

  test('footer has every SPEC link and the business address', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of [
      '/',
      '/#how-it-works',
      '/about',
      '/how-we-value',
      '/contact',
      '/valuation',
      '/launch-offer-terms',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
    ]) {
      expect(hrefs).toContain(href);
    }
    await expect(footer).toContainText('Louth');
    await expect(footer).toContainText('LN11 0LQ');
    await expect(footer).toContainText('Monday to Saturday: 09:00 to 20:00');
  });

  test('How It Works scrolls to the section on the home page', async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport();
  });

  test('phone: the menu opens from its button, works by keyboard, and Escape closes it', async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(page.getByRole('link', { name: 'Recently Purchased' })).toBeHidden();
    // A popover: it opens at once, whether or not any script has loaded.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Recently Purchased' })).toBeVisible();
    // Tab goes from the button into the menu.
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    await saveScreenshot(page, 'header-menu-open-phone', { fullPage: false });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await expect(menu).toBeHidden();

    // A tap outside it (below it, on the page) closes it.
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(195, viewports.phone.height - 40);
    await expect(menu).toBeHidden();

    // A link that stays on the page (How It Works) closes it and shows the section.
    await toggle.click();
    await menu.getByRole('link', { name: 'How It Works' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Recently Purchased' }).click();
    await expect(page).toHaveURL(/\/recently-purchased$/);
    await expect(page.getByRole('link', { name: 'Recently Purchased' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('phone: the menu opens and closes with JavaScript turned off', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewports.phone, baseURL });
    const page = await context.newPage();
    await page.goto('/contact');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Reviews' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Reviews' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
    await saveScreenshot(page, 'header-menu-open-no-script-phone', { fullPage: false });
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu.getByRole('link', { name: 'Reviews' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await context.close();
  });

  test('the skip link is the first stop for the keyboard and moves focus to the content', async ({ page }) => {
    await page.goto('/contact');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('the home page loads no admin code', async ({ page }) => {
    const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string; src?: string }
    >;
    const adminFiles = Object.entries(manifest)
      .filter(([key]) => key.startsWith('src/client/features/admin/'))
      .map(([, chunk]) => `/${chunk.file}`);
    expect(adminFiles.length).toBeGreaterThan(0);
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(loaded.some((p) => p.startsWith('/assets/'))).toBe(true);
    expect(loaded.filter((p) => adminFiles.includes(p))).toEqual([]);
  });

  test('admin pages are rendered in the browser and marked noindex', async ({ page, request, consoleProblems }) => {
    const raw = await request.get('/admin');
    expect(raw.headers()['x-robots-tag']).toContain('noindex');
    expect(await raw.text()).toContain('<div id="root"></div>');
    await page.goto('/admin');
    // Signed out: the back office asks the server who is signed in (401) and shows the sign-in page.
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect(consoleProblems).toEqual([expect.stringMatching(/status of 401/)]);
    consoleProblems.length = 0;
  });
});

test('header and footer screenshots at phone and desktop widths', async ({ page }) => {
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.goto('/contact');
    await page.getByRole('banner').screenshot({ path: `e2e/screenshots/header-${name}.png` });
    await page.getByRole('contentinfo').screenshot({ path: `e2e/screenshots/footer-${name}.png` });
  }
});

test.describe('[PUBLIC][ASSETS]', () => {
  test('hashed assets are cached for a year; the template and manifest are not served', async ({ page, request }) => {
    // The wizard's scripts load after the first paint (or 2 s), which may come after the network is idle.
    const firstScript = page.waitForRequest((r) => /^\/assets\/.+\.js$/.test(new URL(r.url()).pathname));
    await page.goto('/valuation');
    const asset = await request.get(new URL((await firstScript).url()).pathname);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // Compressed once, when built, at the formats' highest levels: the same script, in fewer bytes.
    const path = new URL(asset.url()).pathname;
    const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const raw = await fetch(new URL(path, asset.url()), { headers: { 'accept-encoding': encoding } });
      expect(raw.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(raw.headers.get('vary'), encoding).toMatch(/accept-encoding/i);
      expect(Number(raw.headers.get('content-length')), encoding).toBeLessThan((await plain.body()).length);
      expect(await raw.text(), encoding).toBe(await plain.text()); // fetch decodes it
    }
    expect((await request.get(`${path}.br`)).status()).toBe(404); // the copies have no address of their own
    const favicon = await request.get('/favicon.svg');
    expect(favicon.headers()['cache-control']).toBe('public, max-age=3600');
    for (const manifest of ['/.vite/manifest.json', '/.vite/public-manifest.json']) {
      expect((await request.get(manifest)).status(), manifest).toBe(404);
    }
    // Both page templates, the back office's and the public pages' (issue 32): never served as they are.
    for (const path of ['/index.html', '/public.html']) {
      const template = await request.get(path);
      expect(template.status(), path).toBe(404);
      expect(await template.text(), path).not.toContain('<!--app-html-->');
    }
  });
});

// The back-office shell's own tests are in e2e/admin/ (they need a signed-in admin).
