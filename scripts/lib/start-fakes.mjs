// Starts test/fakes/serve-fakes.ts (a local SMTP server, the fake Twilio, the fake DVLA and the
// fake DVSA) as a child process and resolves with the addresses it prints. Used by the end-to-end
// runner and the bench; `npm run demo` later.
//
//   const fakes = await startFakes();
//   const app = await startApp({ env: { ...fakesEnv(fakes), ... } });
//   ...
//   await app.stop();
//   await fakes.stop();

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { repoRoot } from './start-app.mjs';

const START_TIMEOUT_MS = 30_000;

/** The sender the app uses for e-mail to the local SMTP server. */
export const FAKES_MAIL_FROM = 'CarBuy Direct <hello@carbuy.example>';

/**
 * @typedef {object} Fakes
 * @property {string} smtpUrl
 * @property {{ apiUrl: string, accountSid: string, authToken: string, fromNumber: string }} twilio
 * @property {{ apiUrl: string, apiKey: string }} dvla
 * @property {{ tokenUrl: string, apiUrl: string, clientId: string, clientSecret: string, apiKey: string, scope: string }} dvsa
 * @property {{ apiUrl: string, apiKey: string }} google
 * @property {string} controlUrl
 * @property {() => Promise<void>} stop
 */

/** @returns {Promise<Fakes>} */
export function startFakes() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fakes/serve-fakes.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  // The fakes never outlive the runner, even when it is interrupted.
  process.once('exit', () => child.kill('SIGTERM'));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`The local fakes did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local fakes stopped at start-up (exit code ${code})`));
    });
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ ...JSON.parse(line), stop });
    });
  });
}

/**
 * The app's environment variables that point it at the local fakes: e-mail to the SMTP server
 * (SMTP_URL, MAIL_FROM), vehicle lookups to the fake DVLA (DVLA_*) with model names from the fake
 * DVSA (DVSA_MOT_*), road distances to the fake Google Routes API (GOOGLE_MAPS_*). Text messages
 * stay unconfigured (the TWILIO_ settings are set empty, which
 * the app reads as unset, so a real account in the caller's environment is never used) unless
 * `{ twilio: true }`, which points them at the fake Twilio.
 *
 * @param {Fakes} fakes  what startFakes() resolved with
 * @param {{ twilio?: boolean }} [options]
 * @returns {Record<string, string>}
 */
export function fakesEnv(fakes, { twilio = false } = {}) {
  return {
    SMTP_URL: fakes.smtpUrl,
    MAIL_FROM: FAKES_MAIL_FROM,
    DVLA_API_KEY: fakes.dvla.apiKey,
    DVLA_API_URL: fakes.dvla.apiUrl,
    DVSA_MOT_CLIENT_ID: fakes.dvsa.clientId,
    DVSA_MOT_CLIENT_SECRET: fakes.dvsa.clientSecret,
    DVSA_MOT_API_KEY: fakes.dvsa.apiKey,
    DVSA_MOT_TOKEN_URL: fakes.dvsa.tokenUrl,
    DVSA_MOT_SCOPE: fakes.dvsa.scope,
    DVSA_MOT_API_URL: fakes.dvsa.apiUrl,
    GOOGLE_MAPS_API_KEY: fakes.google.apiKey,
    GOOGLE_MAPS_API_URL: fakes.google.apiUrl,
    ...(twilio
      ? {
          TWILIO_ACCOUNT_SID: fakes.twilio.accountSid,
          TWILIO_AUTH_TOKEN: fakes.twilio.authToken,
          TWILIO_FROM_NUMBER: fakes.twilio.fromNumber,
          TWILIO_MESSAGING_SERVICE_SID: '',
          TWILIO_API_URL: fakes.twilio.apiUrl,
        }
      : {
          TWILIO_ACCOUNT_SID: '',
          TWILIO_AUTH_TOKEN: '',
          TWILIO_FROM_NUMBER: '',
          TWILIO_MESSAGING_SERVICE_SID: '',
        }),
  };
}
