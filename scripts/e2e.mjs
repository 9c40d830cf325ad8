// `npm run test:e2e`: starts the built app (building it if needed) on a free
// port with a throwaway DATA_DIR, then runs Playwright against it in Debian's
// Chromium. Extra arguments go to `playwright test`.
//
// Without Chromium the browser tests are skipped with a loud notice, unless
// E2E_REQUIRED=1 (CI), when that is a failure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testChromiumPath as chromium } from './lib/chromium.mjs';
import { ensureBuilt } from './lib/ensure-build.mjs';
import { getFreePort, startApp } from './lib/start-app.mjs';
import { fakesEnv, startFakes } from './lib/start-fakes.mjs';

const required = process.env.E2E_REQUIRED === '1';

if (!existsSync(chromium)) {
  const lines = [
    `Chromium was not found at ${chromium}: the end-to-end browser tests cannot run.`,
    'Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)',
    required
      ? 'E2E_REQUIRED=1, so this is a failure.'
      : 'SKIPPING the browser tests. Set E2E_REQUIRED=1 to make this an error.',
  ];
  const bar = '!'.repeat(Math.max(...lines.map((l) => l.length)));
  console.error(['', bar, ...lines, bar, ''].join('\n'));
  process.exit(required ? 1 : 0);
}

// A fresh admin for every run; its password exists only in this process and its children.
const admin = {
  E2E_ADMIN_USERNAME: 'e2e-admin',
  E2E_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? `e2e ${randomBytes(12).toString('base64url')}`,
};
// E-mail goes to a local SMTP server the tests can read, and vehicle lookups to the fake DVLA and
// DVSA; text messages are left unconfigured, so the browser tests also see what staff see before
// Twilio is set up (texts "held"). A second app, "configured", has every provider set up (texts
// and phone calls through the fake Twilio, a Maps Embed key) for the specs named
// *.configured.spec.ts, which follow a request through the back office end to end.
await ensureBuilt(); // once, before the two apps start
const fakes = await startFakes();
// Phone calls need the business and staff numbers and an explicit PUBLIC_BASE_URL: the webhook
// addresses the app shows, and signs Twilio's requests against, are under it. The specs sign for
// it as Twilio would (e2e/admin/calls.configured.spec.ts).
const configuredPort = await getFreePort();
const configuredCalls = {
  PORT: String(configuredPort),
  PUBLIC_BASE_URL: `http://127.0.0.1:${configuredPort}`,
  TWILIO_PHONE_NUMBER: fakes.twilio.fromNumber,
  STAFF_PHONE_NUMBER: '+447700900001',
};
const appEnv = {
  // As behind one reverse proxy: tests that set up many requests through the public API (each a
  // different seller) name their own client address, so the per-address limits (10 valuations
  // in 10 minutes) apply to each made-up seller, as in real use. Browsers send no such header.
  TRUST_PROXY: '1',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  ADMIN_USERNAME: admin.E2E_ADMIN_USERNAME,
  ADMIN_PASSWORD: admin.E2E_ADMIN_PASSWORD,
};
// A third app, for the specs named *.clock.spec.ts, whose clock the tests move (TEST_CLOCK_FILE:
// milliseconds ahead of real time) to pass an offer's end without waiting. Its own, so moving time
// never touches the other specs' sessions and lists.
const clockFolder = mkdtempSync(path.join(os.tmpdir(), 'carbuy-e2e-clock-'));
const clockFile = path.join(clockFolder, 'offset-ms');
writeFileSync(clockFile, '0');
const apps = await Promise.allSettled([
  startApp({ env: { ...fakesEnv(fakes), ...appEnv } }),
  startApp({
    env: {
      ...fakesEnv(fakes, { twilio: true }),
      ...configuredCalls,
      GOOGLE_MAPS_EMBED_KEY: 'e2e-maps-embed-key',
      ...appEnv,
    },
  }),
  startApp({
    env: { ...fakesEnv(fakes), ...appEnv, TEST_CLOCK_FILE: clockFile, STAFF_NOTIFY_EMAIL: 'team@e2e.test' },
  }),
]);
const failed = apps.find((result) => result.status === 'rejected');
if (failed) {
  await Promise.all(apps.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
  await fakes.stop();
  throw failed.reason;
}
const [app, configuredApp, clockApp] = apps.map((result) => result.value);
let code;
try {
  code = await new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: {
        ...process.env,
        ...admin,
        E2E_BASE_URL: app.baseUrl,
        E2E_CONFIGURED_BASE_URL: configuredApp.baseUrl,
        E2E_CLOCK_BASE_URL: clockApp.baseUrl,
        E2E_CLOCK_FILE: clockFile,
        E2E_FAKES_URL: fakes.controlUrl,
        // To sign Twilio's webhooks to the configured app, as Twilio signs them with the account's token.
        E2E_TWILIO_ACCOUNT_SID: fakes.twilio.accountSid,
        E2E_TWILIO_AUTH_TOKEN: fakes.twilio.authToken,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      },
    });
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
} finally {
  await Promise.all([app.stop(), configuredApp.stop(), clockApp.stop()]);
  await fakes.stop();
  rmSync(clockFolder, { recursive: true, force: true });
}
process.exit(code);
