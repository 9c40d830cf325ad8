import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { startApp } from '../scripts/lib/start-app.mjs';
import { fakesEnv, startFakes } from '../scripts/lib/start-fakes.mjs';

/*
 * An app of a spec's own whose clock the test moves (TEST_CLOCK_FILE), with fakes of its own to read
 * what it sent. Of its own because moving time on the shared clock app (scripts/e2e.mjs) would move
 * it under every other spec's sessions and lists too, and a spec may need settings the shared apps
 * lack (a promotion running, a staff address, a promise job that looks every second).
 *
 *   let app: ClockedApp;
 *   test.beforeAll(async () => {
 *     test.setTimeout(180_000); // two processes to start, on a machine that may be busy
 *     app = await startClockedApp({ name: 'pipeline', startAt: START, admin });
 *   });
 *   test.afterAll(() => app?.stop());
 *   ...
 *   await app.setClock(START + 20 * HOUR);
 *   const mail = await app.arrived(email, /^Collection booked:/);
 */

/** An e-mail as the fake SMTP server's control address lists it (test/fakes/serve-fakes.ts). */
export type Mail = {
  to: string[];
  subject: string;
  messageId: string;
  text?: string;
  attachments: { filename: string; contentType: string; size: number }[];
};

/** A text message as the fake Twilio's control address lists it. */
export type Text = { to: string; from: string; body: string; sid: string };

export type ClockedAppOptions = {
  /** Names the temporary folder of the clock file (carbuy-e2e-<name>-…), to tell runs apart. */
  name: string;
  /** Where the app's clock starts, in milliseconds since 1970; by default, real time. */
  startAt?: number;
  /** The admin the app creates at start-up (ADMIN_USERNAME / ADMIN_PASSWORD). */
  admin: { username: string; password: string };
  /** Texts through the fake Twilio; without it, the app has no text messages configured. */
  twilio?: boolean;
  /** More of the app's environment, such as a promotion's dates; wins over the defaults. */
  env?: Record<string, string>;
};

export type ClockedApp = Awaited<ReturnType<typeof startClockedApp>>;

/** The app reads the clock file at most every 50 ms: after a move, wait until it surely has. */
const CLOCK_SETTLES_MS = 200;
/** How long arrived() and textTo() wait, unless told otherwise. */
const DEFAULT_WAIT_MS = 20_000;

/**
 * Starts the fakes and the built app (node dist/server/main.js, as scripts/e2e.mjs runs it) with
 * its clock at `startAt`, e-mail going to the fakes' SMTP server, behind one proxy (TRUST_PROXY=1,
 * so a test can name each made-up seller's address), and `admin` to sign in with. stop() undoes it
 * all; so does a failed start, which the caller never gets an object back from.
 */
export async function startClockedApp({ name, startAt, admin, twilio = false, env = {} }: ClockedAppOptions) {
  const clockFolder = mkdtempSync(path.join(os.tmpdir(), `carbuy-e2e-${name}-`));
  const clockFile = path.join(clockFolder, 'offset-ms');
  /** How far the app's clock runs ahead of real time (behind, if negative). */
  let offsetMs = startAt === undefined ? 0 : startAt - Date.now();
  writeFileSync(clockFile, String(offsetMs));

  const removeClock = () => rmSync(clockFolder, { recursive: true, force: true });
  const fakes = await startFakes().catch((error: unknown) => {
    removeClock();
    throw error;
  });
  const app = await startApp({
    command: 'node dist/server/main.js',
    env: {
      ...fakesEnv(fakes, { twilio }),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      TEST_CLOCK_FILE: clockFile,
      ...env,
    },
  }).catch(async (error: unknown) => {
    await fakes.stop();
    removeClock();
    throw error;
  });
  const { controlUrl } = fakes;

  /** Moves the app's clock `ms` ahead of real time, and waits until the app has read it. */
  async function setClockAhead(ms: number) {
    offsetMs = ms;
    writeFileSync(clockFile, String(ms));
    await new Promise((resolve) => setTimeout(resolve, CLOCK_SETTLES_MS));
  }

  /** Every e-mail the app has sent so far. */
  async function mails(): Promise<Mail[]> {
    return (await (await fetch(`${controlUrl}/smtp/messages`)).json()) as Mail[];
  }

  /** The e-mails sent so far to `address`. */
  async function mailTo(address: string): Promise<Mail[]> {
    return (await mails()).filter((mail) => mail.to.includes(address));
  }

  return {
    app,
    fakes,
    baseUrl: app.baseUrl,

    /** Sets the app's clock to `at` (milliseconds since 1970), and waits until the app has read it. */
    setClock: (at: number) => setClockAhead(at - Date.now()),
    setClockAhead,
    /** The app's time now, as the test set it, in milliseconds since 1970. */
    now: () => Date.now() + offsetMs,

    mails,
    mailTo,

    /**
     * Waits for the first e-mail to `address` whose subject matches, and returns it. On a timeout it
     * prints every e-mail sent and the app's latest output: a job that failed to send says why there.
     */
    async arrived(address: string, subject: RegExp, { timeout = DEFAULT_WAIT_MS }: { timeout?: number } = {}) {
      let found: Mail | undefined;
      await expect
        .poll(async () => (found = (await mailTo(address)).find((mail) => subject.test(mail.subject))), { timeout })
        .toBeDefined()
        .catch(async (error: unknown) => {
          const sent = (await mails()).map((mail) => [mail.to, mail.subject]);
          console.log('MAILS', JSON.stringify(sent), app.outputSinceReady().slice(-2000));
          throw error;
        });
      return found!;
    },

    /** An attachment's bytes (the first, by default) of an e-mail the app sent. */
    async attachment(mail: Mail, index = 0): Promise<Buffer> {
      const url = `${controlUrl}/smtp/attachment?messageId=${encodeURIComponent(mail.messageId)}&index=${index}`;
      return Buffer.from(await (await fetch(url)).arrayBuffer());
    },

    /** Waits for a text message to `number` (as sent: +44…) that includes `fragment`, and returns it. */
    async textTo(number: string, fragment: string, { timeout = DEFAULT_WAIT_MS }: { timeout?: number } = {}) {
      let found: Text | undefined;
      await expect
        .poll(
          async () => {
            const texts = (await (await fetch(`${controlUrl}/twilio/messages`)).json()) as Text[];
            return (found = texts.find((text) => text.to === number && text.body.includes(fragment)));
          },
          { timeout },
        )
        .toBeDefined();
      return found!;
    },

    /** Stops the app and the fakes, and removes the clock's folder. */
    async stop() {
      await app.stop();
      await fakes.stop();
      removeClock();
    },
  };
}
