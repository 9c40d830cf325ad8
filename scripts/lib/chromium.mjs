// Debian's Chromium and the flags it needs on these machines (no sandbox as
// root, no background network traffic on a closed network). Shared by the
// Playwright config and the Lighthouse runs.
import { existsSync } from 'node:fs';

/** The whole browser, as a visitor has it: Lighthouse and the bench's audits measure with it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the end-to-end tests drive: Debian's `chromium-headless-shell` where installed (the
 * same Blink and V8 as `chromium`, without the desktop browser around them, so a test run on two
 * cores takes about a quarter less time), else the whole browser. CHROMIUM_PATH overrides both.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const testChromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : chromiumPath);

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
