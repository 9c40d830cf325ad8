// Debian's Chromium and the flags it needs on these machines (no sandbox as
// root, no background network traffic on a closed network). Shared by the
// Playwright config and the Lighthouse runs.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
