import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLogs } from '~/server/db/schema';
import { callStatsSchema } from '~/shared/calls';
import { getFreePort } from '../../../scripts/lib/start-app.mjs';
import { fakesEnv, startFakes } from '../../../scripts/lib/start-fakes.mjs';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cheapHasher, seedUser, sessionCookieFrom, signIn } from '../../helpers/auth';

/**
 * Issue 31: in the demo, an answered call lasted 0:00. The demo's path, played as someone trying it
 * does: the local fakes as `npm run demo` starts them (test/fakes/serve-fakes.ts), a call rung in
 * through their control address, answered and hung up by staff; the fake Twilio then reports the
 * call's end to the app as Twilio does, with how long it lasted.
 */

let fakes: Awaited<ReturnType<typeof startFakes>>;
let t: TestApp;
let site: string;
let cookie: string;

beforeAll(async () => {
  fakes = await startFakes();
  const port = await getFreePort();
  site = `http://localhost:${port}`;
  const hasher = cheapHasher();
  t = await createTestApp('pglite', {
    env: {
      ...fakesEnv(fakes, { twilio: true }),
      // Twilio signs the public address it posts to; the fake posts to the app's own.
      PUBLIC_BASE_URL: site,
      TWILIO_PHONE_NUMBER: fakes.twilio.fromNumber,
      STAFF_PHONE_NUMBER: '+447700900001',
    },
    deps: { passwordHasher: hasher },
  });
  await t.app.listen({ port, host: 'localhost' });
  const admin = await seedUser(t.db.database.db, hasher, { isAdmin: true });
  cookie = sessionCookieFrom(await signIn(t.app, admin.username, admin.password, { host: new URL(site).host }));
});
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

const asAdmin = (method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { cookie, host: new URL(site).host } });

async function control<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${fakes.controlUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as T;
}

describe('a call answered in the demo', () => {
  it('lasts as long as it did once the fake Twilio reports its end, and the average counts it', async () => {
    const { callSid } = await control<{ callSid: string }>('/twilio/ring', {
      webhookUrl: `${site}/api/twilio/call-webhook`,
      statusCallbackUrl: `${site}/api/twilio/status-callback`,
      from: '+447400123456',
    });
    const answered = await asAdmin('POST', `/api/calls/${callSid}/answer`);
    expect(answered.statusCode, answered.body).toBe(200);
    // Whole seconds, as Twilio counts them: a little over two means at least two.
    await sleep(2_100);
    const hungUp = await asAdmin('POST', '/api/calls/hangup');
    expect(hungUp.json()).toEqual({ ended: 1 });

    const ended = async () => (await t.db.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0];
    await expect.poll(async () => (await ended())?.status, { timeout: 10_000 }).toBe('completed');
    const call = (await ended())!;
    expect(call.duration).toBeGreaterThanOrEqual(2);
    expect(call.duration).toBeLessThan(30);

    const stats = callStatsSchema.parse((await asAdmin('GET', '/api/calls/stats')).json());
    expect(stats).toMatchObject({ answered: 1, averageDuration: call.duration });
  });
});
