import { defineConfig } from '@playwright/test';
import { chromiumFlags, testChromiumPath } from './scripts/lib/chromium.mjs';

/**
 * End-to-end tests in Debian's Chromium. `npm run test:e2e` (scripts/e2e.mjs)
 * starts the built app on a free port with a throwaway DATA_DIR and passes its
 * address in E2E_BASE_URL. Playwright never downloads a browser of its own.
 */

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Whole journeys (sign in, seed, several screens, axe, screenshots) on a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: testChromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: ['**/*.configured.spec.ts', '**/*.clock.spec.ts'],
    },
    {
      // The same browser against the app with every provider configured (scripts/e2e.mjs).
      name: 'configured',
      testMatch: '**/*.configured.spec.ts',
      use: { browserName: 'chromium', baseURL: process.env.E2E_CONFIGURED_BASE_URL ?? 'http://127.0.0.1:3001' },
    },
    {
      // The app whose clock the tests move (TEST_CLOCK_FILE, scripts/e2e.mjs): offers that end, links that age.
      name: 'clock',
      testMatch: '**/*.clock.spec.ts',
      use: { browserName: 'chromium', baseURL: process.env.E2E_CLOCK_BASE_URL ?? 'http://127.0.0.1:3002' },
    },
  ],
});
