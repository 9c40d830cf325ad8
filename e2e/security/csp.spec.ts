import type { Page } from '@playwright/test';
import { e2eAdmin, expect, signInViaApi, test } from '../admin/helpers';
import { createValuation } from '../admin/valuations';
import { adminPagePaths, publicPagePaths, visit } from '../site-pages';

/*
 * Content Security Policy in the browser (issue 17, suite 3): every public page and every
 * back-office page, as a visitor and a signed-in admin see them, with 0 CSP violations. Chromium
 * reports most on the console ("Refused to … because it violates the following Content Security
 * Policy directive"); some (a library testing eval, a blocked frame) only as a
 * `securitypolicyviolation` event, recorded here in the page itself.
 */

declare global {
  interface Window {
    reportCspViolation?: (violation: string) => void;
  }
}

/**
 * Records every violation the page sees, from before its first script runs: reported out of the
 * page as it happens, so a page that navigates on (a redirect, a sign-in) loses none.
 */
async function recordViolations(page: Page, found: string[]) {
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) found.push(`${page.url()}: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (violation: string) => found.push(`${page.url()}: ${violation}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      window.reportCspViolation?.(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    ),
  );
}

test.describe('[SECURITY][CSP]', () => {
  test('every public page loads with 0 CSP violations', async ({ page, expectedHttpErrors }) => {
    test.setTimeout(120_000);
    // The not-found page answers 404, by design (Chromium reports the status on the console).
    expectedHttpErrors.add(404);
    const found: string[] = [];
    await recordViolations(page, found);
    const paths = publicPagePaths;
    for (const path of paths) await visit(page, path);
    expect(found).toEqual([]);
    console.log(`FIGURE CSP in the browser: ${paths.length} public pages, 0 CSP violations`);
  });

  test('every back-office page loads with 0 CSP violations, signed in', async ({ page, expectedHttpErrors }) => {
    test.setTimeout(180_000);
    // The back office's own not-found page answers 404, by design.
    expectedHttpErrors.add(404);
    const found: string[] = [];
    await recordViolations(page, found);
    const { id } = await createValuation(page.request, { registration: 'AA19AAA' });
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    const paths = adminPagePaths(id);
    for (const path of paths) await visit(page, path);
    expect(found).toEqual([]);
    console.log(`FIGURE CSP in the browser: ${paths.length} back-office pages, 0 CSP violations`);
  });

  test('sees a violation when there is one (the check can fail)', async ({ page, consoleProblems }) => {
    const found: string[] = [];
    await recordViolations(page, found);
    await visit(page, '/about');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "injected"';
      document.body.append(script);
    });
    await expect.poll(() => found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toContain('script-src');
    await expect(page).not.toHaveTitle('injected');
    // The fixture would fail the test on the console reports of the same violation.
    const reported = (problem: string) => /Content Security Policy|CSP violation/.test(problem);
    consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !reported(p)));
  });
});
