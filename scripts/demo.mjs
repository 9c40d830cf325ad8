// `npm run demo`: the whole product on this machine with nothing real behind it. Starts the local
// fakes (an SMTP server, Twilio, the DVLA and the DVSA; test/fakes/serve-fakes.ts), then the app as
// `npm start` runs it (building first when needed) with DEMO_MODE=1, pointed at those fakes, with
// its own data folder (./data-demo, kept between runs) and a back-office user "demo" whose password
// is made on the first run and kept in data-demo/demo-admin-password.txt. On the first run it also
// seeds a few hundred made-up valuation requests from the last few weeks and 90 days of made-up
// visits for the analytics screen, so the back office has something to show
// (`npm run seed:demo -- --if-empty --visits-per-day 60`). Ctrl-C stops everything.
//
// Env: PORT (default 3000), DEMO_DATA_DIR (default ./data-demo).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot, startApp } from './lib/start-app.mjs';
import { fakesEnv, startFakes } from './lib/start-fakes.mjs';
import { readableLines } from './lib/readable-log.mjs';

const dataDir = path.resolve(repoRoot, process.env.DEMO_DATA_DIR || 'data-demo');
const port = process.env.PORT || '3000';
const username = 'demo';

/** The demo admin's password: made once, then read back, so it stays the one in the database. */
async function demoPassword() {
  const file = path.join(dataDir, 'demo-admin-password.txt');
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim()) return kept.trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

await mkdir(dataDir, { recursive: true });
const password = await demoPassword();
seedDemoValuations();

/**
 * Made-up requests for the back office, on the first run only. Before the app starts: the embedded
 * database takes one process at a time.
 */
function seedDemoValuations() {
  const seeded = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'scripts', 'seed-demo.mjs'),
      '--valuations',
      '300',
      '--days',
      '45',
      '--seed',
      '7',
      '--if-empty',
      '--visits-per-day',
      '60',
      // Requests from the year before with the offers we made, so common cars show an indicative price.
      '--past-offers',
    ],
    { stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } },
  );
  if (seeded.status !== 0) {
    console.error('Could not seed the demo valuations and visits (see above).');
    process.exit(1);
  }
}

const appOutput = {
  stdout: readableLines((text) => process.stdout.write(text)),
  stderr: readableLines((text) => process.stderr.write(text)),
};

console.log('Starting the demo: local fakes first, then the app (it builds first when the build is stale)...');
const fakes = await startFakes();
let app;
try {
  app = await startApp({
    env: {
      ...fakesEnv(fakes, { twilio: true }),
      DEMO_MODE: '1',
      PORT: port,
      HOST: '127.0.0.1',
      // Phone calls through the fake Twilio need the business and staff numbers and the address the
      // webhooks are at (the fake posts to it, signed, as Twilio would).
      PUBLIC_BASE_URL: `http://localhost:${port}`,
      TWILIO_PHONE_NUMBER: fakes.twilio.fromNumber,
      STAFF_PHONE_NUMBER: '+447700900001',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: username,
      ADMIN_PASSWORD: password,
      STAFF_NOTIFY_EMAIL: 'staff@carbuy.example',
      // Contact details for the pages, made up so they reach nobody (the contact page says so): a
      // number from Ofcom's range for drama that the phone check accepts, and a domain reserved
      // for examples. No WhatsApp: Ofcom's drama mobiles are no real mobile numbers. Company, FCA
      // and ICO numbers stay unset: made-up ones could be real firms'.
      SITE_PHONE: '020 7946 0018',
      SITE_EMAIL: 'hello@carbuy.example',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    },
    // The app's warnings and errors stay visible, as sentences: its JSON log lines are for collectors.
    onOutput: (chunk, stream) => appOutput[stream](chunk),
  });
} catch (error) {
  await fakes.stop();
  console.error(error.message);
  process.exit(1);
}

// Ctrl-C stops everything from here on, even pressed the moment the address appears.
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the demo...');
  await app.stop();
  await fakes.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));
const site = `http://localhost:${app.port}`;
console.log(
  [
    '',
    'CarBuy Direct demo is running. Nothing here is real.',
    '',
    `  Site:         ${site}/`,
    `  Valuation:    ${site}/valuation   (try AA19AAA, AA19EEE, AA19SRN, AA19MOT; ER19NFD is "not found")`,
    `  Back office:  ${site}/admin   (300 made-up valuation requests and 90 days of made-up visits are seeded on the first run)`,
    `  Username:     ${username}`,
    `  Password:     ${password}   (kept in ${path.relative(process.cwd(), path.join(dataDir, 'demo-admin-password.txt'))})`,
    '',
    '  E-mail and text messages go to local fakes on this machine, never out: see them in the',
    `  back office at ${site}/admin/messages. Vehicle lookups go to a fake DVLA and DVSA.`,
    '',
    `  Phone calls go to a fake Twilio. To ring the business line, then answer on ${site}/admin/calls:`,
    `    curl -X POST ${fakes.controlUrl}/twilio/ring -H 'content-type: application/json' \\`,
    `      -d '{"webhookUrl":"${site}/api/twilio/call-webhook","statusCallbackUrl":"${site}/api/twilio/status-callback"}'`,
    `  Data is kept in ${path.relative(process.cwd(), dataDir) || dataDir} between runs (delete it to start afresh).`,
    '',
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);

const exit = await app.exited;
if (!stopping) {
  console.error(`The app stopped (${exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`}).`);
  await stop(1);
}
