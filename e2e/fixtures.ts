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

/** Runs axe with WCAG 2.2 AA rules and fails listing each violation. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** Screenshots go to e2e/screenshots/ for people to look at; they are not compared. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: options.fullPage ?? true });
}

/** The local fakes' control address (SMTP sink, fake DVLA…) that scripts/e2e.mjs hands the tests. */
export function fakesUrl(): string {
  const url = process.env.E2E_FAKES_URL;
  if (!url) throw new Error('E2E_FAKES_URL is not set: run the tests with `node scripts/e2e.mjs`');
  return url;
}
