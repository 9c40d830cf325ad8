import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Every test fails on an unexpected console error or warning (hydration
 * mismatches included), an uncaught page error, or a Content Security Policy
 * violation (some, such as a library testing eval, never reach the console).
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
        ),
      );
      await use(problems);
      expect(problems, 'console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * `test` for pages that answer some fetches with these statuses by design (the registration
 * lookup's 404 and 503, a refused submission's 400): Chromium logs each on the console, and only
 * those lines are let through; any other console error or warning still fails the test.
 */
export function testAllowingStatuses(statuses: readonly number[]) {
  const expected = new RegExp(
    `^error: Failed to load resource: the server responded with a status of (${statuses.join('|')})`,
  );
  return test.extend({
    consoleProblems: async ({ consoleProblems }, provide) => {
      await provide(consoleProblems);
      const kept = consoleProblems.filter((problem) => !expected.test(problem));
      consoleProblems.splice(0, consoleProblems.length, ...kept);
    },
  });
}

/**
 * The toast area (src/client/components/ui/toast.tsx). A notice starts to fade on a timer of its
 * own, which may run out in the middle of a check, when its text is half its contrast: page checks
 * leave the area out, and the notices' own test checks it (`only`) while it holds a notice open.
 */
export const TOAST_AREA = 'section[aria-label="Notifications (F8)"]';

/**
 * Runs axe with WCAG 2.2 AA rules, once running transitions have ended, and fails listing each
 * violation: on the page but its toast area, or on `only` (a selector).
 *
 * In axe's "legacy" mode, which runs in the page itself: the default opens a blank page for every
 * check to combine the frames' results, which is what lets it look inside cross-origin frames. Ours
 * are Google's map (its content is not ours to fix; the frame's own title is still checked here),
 * and the blank page made each check over twice as slow. Only violations are gathered in detail.
 */
export async function expectNoAxeViolations(page: Page, { only }: { only?: string } = {}) {
  // A settled page: half-way through a fade (a notice coming or going), text is half its contrast.
  // At most two seconds: an animation that is paused would never end.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity) // spinners
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const axe = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  const results = await (only ? axe.include(only) : axe.exclude(TOAST_AREA)).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Screenshots go to e2e/screenshots/ for people to look at; they are not compared. A run that no
 * one will look at (CI's clean clone, which is thrown away) skips them with E2E_SCREENSHOTS=off:
 * full-page captures are a good part of a run's time on two cores.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: options.fullPage ?? true });
}

/** The local fakes' control address (SMTP sink, fake DVLA…) that scripts/e2e.mjs hands the tests. */
export function fakesUrl(): string {
  const url = process.env.E2E_FAKES_URL;
  if (!url) throw new Error('E2E_FAKES_URL is not set: run the tests with `node scripts/e2e.mjs`');
  return url;
}

/** The whole public stylesheet's address in the build the tests run against (its Vite manifest). */
export function wholePublicStylesheet(): string {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/public-manifest.json', 'utf8')) as Record<
    string,
    { css?: string[] }
  >;
  return `/${manifest['public.html']!.css![0]!}`;
}
