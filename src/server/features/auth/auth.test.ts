import { afterEach, describe, expect, it } from 'vitest';
import { createLoginThrottle } from '~/server/auth/login-throttle';
import { createPasswordHasher, HashGate, type HashCaller, type PasswordHasher } from '~/server/auth/passwords';
import { createSessionStore, type SessionStore } from '~/server/auth/sessions';
import {
  MAX_FAILURES_PER_IP,
  MAX_FAILURES_PER_USERNAME_AND_IP,
  MAX_FAILURES_PER_USERNAME_GLOBAL,
} from '~/server/auth/login-throttle';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import {
  cheapHasher,
  hours,
  minutes,
  seedUser,
  sessionCookieFrom,
  signedInCookie,
  signIn,
  testClock,
  uniqueUsername,
} from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { registerCanary } from '../../../../test/helpers/log-hygiene';
import { changePassword } from './auth-service';

/** A promise the test settles by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const addressA = '203.0.113.10';
const addressB = '198.51.100.200';

describe.each(testEngines)('sign-in and sessions on %s', (engine) => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  const hasher = cheapHasher();
  afterEach(async () => t?.close());

  async function setup(env: Record<string, string> = {}) {
    clock = testClock();
    t = await createTestApp(engine, { env, deps: { clock, passwordHasher: hasher } });
    return seedUser(t.db.database.db, hasher, { isAdmin: true });
  }

  const currentUser = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

  it('signs in with the right password: the user, and an HttpOnly, SameSite=Lax session cookie', async () => {
    const user = await setup();
    const response = await signIn(t.app, user.username.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      username: user.username,
      isAdmin: true,
      firstName: 'Sam',
      lastName: 'Staff',
      mustChangePassword: false,
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(setCookie).not.toContain('Secure');
    const me = await currentUser(sessionCookieFrom(response));
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(user.username);
  });

  it('in production (https) the cookie is Secure with the __Host- prefix', async () => {
    const user = await setup({ PUBLIC_BASE_URL: 'https://www.example.co.uk' });
    const response = await signIn(t.app, user.username, user.password, { host: 'www.example.co.uk' });
    expect(String(response.headers['set-cookie'])).toMatch(
      /^__Host-sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it('answers a wrong password and an unknown username identically, after the same work', async () => {
    const user = await setup();
    let checks = 0;
    const counting = {
      ...hasher,
      verify: (p: string, h: string) => (checks++, hasher.verify(p, h)),
      verifyAgainstDummy: (p: string) => (checks++, hasher.verifyAgainstDummy(p)),
    };
    await t.close();
    t = await createTestApp(engine, { deps: { clock, passwordHasher: counting } });
    await seedUser(t.db.database.db, hasher, { username: user.username });
    const wrongPassword = await signIn(t.app, user.username, 'not the right password');
    const unknownUser = await signIn(t.app, 'nobody-here', 'not the right password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownUser.body);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid username or password', code: 'UNAUTHENTICATED' });
    expect(checks).toBe(2); // one password check each: an unknown name is checked against a dummy hash
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an empty username or password with the form messages, before any lookup', async () => {
    await setup();
    const response = await signIn(t.app, '', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('rotates the session id at sign-in: the cookie held before no longer works', async () => {
    const user = await setup();
    const first = await signedInCookie(t.app, user);
    const response = await signIn(t.app, user.username, user.password, { cookie: first });
    const second = sessionCookieFrom(response);
    expect(second).not.toBe(first);
    expect((await currentUser(first)).statusCode).toBe(401);
    expect((await currentUser(second)).statusCode).toBe(200);
  });

  it('GET /api/auth/user is 401 without a session', async () => {
    await setup();
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please sign in to continue.');
    const forged = await currentUser('sid=forged-value');
    expect(forged.statusCode).toBe(401);
    expect(String(forged.headers['set-cookie'])).toMatch(/^sid=; Max-Age=0|^sid=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('logout ends the session on the server', async () => {
    const user = await setup();
    const cookie = await signedInCookie(t.app, user);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('ends a session after 2 hours without use, but not while it is used', async () => {
    const user = await setup();
    const cookie = await signedInCookie(t.app, user);
    clock.advance(hours(1) + minutes(59));
    expect((await currentUser(cookie)).statusCode).toBe(200);
    clock.advance(hours(1) + minutes(59));
    expect((await currentUser(cookie)).statusCode).toBe(200);
    clock.advance(hours(2) + 1000);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const user = await setup();
    const cookie = await signedInCookie(t.app, user);
    for (let hour = 1; hour < 12; hour++) {
      clock.advance(hours(1));
      expect((await currentUser(cookie)).statusCode).toBe(200);
    }
    clock.advance(hours(1));
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  const from = (remoteAddress: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

  it(`locks a username at one address after ${MAX_FAILURES_PER_USERNAME_AND_IP} failures in 15 minutes, even for the right password`, async () => {
    const user = await setup();
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME_AND_IP; i++) {
      expect((await from(addressA, user.username, `wrong guess ${i}`)).statusCode).toBe(401);
    }
    const locked = await from(addressA, user.username.toUpperCase(), user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    clock.advance(minutes(10));
    const stillLocked = await from(addressA, user.username, user.password);
    expect(stillLocked.json().message).toBe('Too many failed sign-in attempts. Try again in 5 minutes.');
    clock.advance(minutes(5) + 1000);
    expect((await from(addressA, user.username, user.password)).statusCode).toBe(200);
  });

  /**
   * Issue 32: the throttle counts attempts in flight. A burst of parallel wrong passwords all
   * arrived before any was recorded, so every one was checked; now each is recorded before its
   * password is checked, and no more than the limit get an answer about the password. The hash
   * gate's own per-address cap is lifted here, so only the throttle stands in the way.
   */
  async function setupWideGate() {
    clock = testClock();
    const wide = createPasswordHasher(
      new HashGate({ maxInFlight: 4, maxWaiting: 200, maxWaitMs: 30_000, maxPerAddress: 200 }),
      { log2N: 10, r: 8, p: 1 },
    );
    t = await createTestApp(engine, { deps: { clock, passwordHasher: wide } });
    return seedUser(t.db.database.db, wide, { isAdmin: true });
  }
  const throttled = (response: { statusCode: number; body: string }) =>
    response.statusCode === 429 && response.body.includes('Too many failed sign-in attempts');

  it(`a burst of parallel wrong passwords from one address gets no more than ${MAX_FAILURES_PER_USERNAME_AND_IP} checked`, async () => {
    const user = await setupWideGate();
    const burst = await Promise.all(
      Array.from({ length: 4 * MAX_FAILURES_PER_USERNAME_AND_IP }, (_, i) =>
        from(addressA, user.username, `wrong guess ${i}`),
      ),
    );
    expect(burst.filter((response) => response.statusCode === 401)).toHaveLength(MAX_FAILURES_PER_USERNAME_AND_IP);
    expect(burst.filter(throttled)).toHaveLength(3 * MAX_FAILURES_PER_USERNAME_AND_IP);
    // The right password in the same kind of burst: still locked, none gets in.
    const right = await Promise.all([1, 2, 3].map(() => from(addressA, user.username, user.password)));
    expect(right.filter(throttled)).toHaveLength(3);
  });

  it(`a burst from many addresses gets no more than ${MAX_FAILURES_PER_USERNAME_GLOBAL} checked for one username`, async () => {
    const user = await setupWideGate();
    const extra = 10;
    const burst = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_USERNAME_GLOBAL + extra }, (_, i) =>
        from(`198.18.${Math.floor(i / 200)}.${i % 200}`, user.username, `wrong guess ${i}`),
      ),
    );
    expect(burst.filter((response) => response.statusCode === 401)).toHaveLength(MAX_FAILURES_PER_USERNAME_GLOBAL);
    expect(burst.filter(throttled)).toHaveLength(extra);
  }, 60_000);

  it('a burst of right passwords all sign in: an attempt in flight is counted, not refused', async () => {
    const user = await setup();
    const burst = await Promise.all([1, 2, 3].map(() => from(addressA, user.username, user.password)));
    expect(burst.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    // Each recorded as a success: a run of failures after them starts from nothing.
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME_AND_IP - 1; i++) {
      expect((await from(addressA, user.username, 'wrong one')).statusCode).toBe(401);
    }
    expect((await from(addressA, user.username, user.password)).statusCode).toBe(200);
  });

  /**
   * Issue 32: a locked sign-in's log line names the typed username only by a keyed hash: what was
   * typed there may be a password typed in the wrong box. The same typed name gives the same tag
   * (staff can tie the lines of one attack together); another name gives another.
   */
  it('logs a locked sign-in without the typed username, by a tag that ties its lines together', async () => {
    await setup();
    const typed = 'Hunter2-typed-in-the-wrong-box';
    registerCanary('typed username', typed);
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME_AND_IP + 2; i++) await from(addressA, typed, 'wrong guess');
    const other = 'Another-name-typed-here';
    registerCanary('other typed username', other);
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME_AND_IP + 1; i++) await from(addressA, other, 'wrong guess');

    const refused = t.logs
      .text()
      .split('\n')
      .filter((line) => line.includes('RATE_LIMITED'))
      .map((line) => JSON.parse(line) as { detail?: string });
    expect(refused).toHaveLength(3);
    expect(t.logs.text().toLowerCase()).not.toContain(typed.toLowerCase());
    expect(t.logs.text().toLowerCase()).not.toContain(other.toLowerCase());
    const tags = refused.map((line) => /^username-tag=([0-9a-f]{16})$/.exec(line.detail ?? '')?.[1]);
    expect(tags[0]).toBeDefined();
    expect(tags[1]).toBe(tags[0]);
    expect(tags[2]).toBeDefined();
    expect(tags[2]).not.toBe(tags[0]);
  });

  it('failures from one address do not lock the user out from another: no lock-out by anyone', async () => {
    const alice = await setup();
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME_AND_IP; i++) {
      expect((await from(addressA, alice.username, `wrong guess ${i}`)).statusCode).toBe(401);
    }
    expect((await from(addressA, alice.username, alice.password)).statusCode).toBe(429);
    expect((await from(addressB, alice.username, alice.password)).statusCode).toBe(200);
  });

  it('a successful sign-in clears the failures of that username at that address', async () => {
    const user = await setup();
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME_AND_IP - 1; i++)
      await signIn(t.app, user.username, 'wrong password!');
    expect((await signIn(t.app, user.username, user.password)).statusCode).toBe(200);
    expect((await signIn(t.app, user.username, 'wrong password!')).statusCode).toBe(401);
    expect((await signIn(t.app, user.username, user.password)).statusCode).toBe(200);
  });

  it(`locks an address after ${MAX_FAILURES_PER_IP} failures across usernames`, async () => {
    const user = await setup();
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      expect((await from('203.0.113.9', uniqueUsername('guess'), 'wrong password')).statusCode).toBe(401);
    }
    const locked = await from('203.0.113.9', user.username, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect((await from('198.51.100.4', user.username, user.password)).statusCode).toBe(200);
  });

  it(`locks a username everywhere after ${MAX_FAILURES_PER_USERNAME_GLOBAL} failures in an hour, except at addresses it signed in from before`, async () => {
    const user = await setup();
    const knownAddress = '192.0.2.77';
    expect((await from(knownAddress, user.username, user.password)).statusCode).toBe(200);
    clock.advance(hours(3));
    // A slow attack spread over many addresses: never 5 from one address, never quick enough for the 15-minute limits.
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME_GLOBAL; i++) {
      if (i % 10 === 0 && i > 0) clock.advance(minutes(10));
      const response = await from(`198.51.100.${i + 1}`, user.username, 'a guess from a botnet');
      expect(response.statusCode, `attempt ${i}`).toBe(401);
    }
    const locked = await from(addressB, user.username, user.password);
    expect(locked.statusCode).toBe(429);
    // The first failure leaves the hour 60 - 40 = 20 minutes from now.
    expect(locked.headers['retry-after']).toBe(String(20 * 60));
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Try again in 20 minutes.');
    // Where the user signed in before, the right password still works.
    expect((await from(knownAddress, user.username, user.password)).statusCode).toBe(200);
    clock.advance(minutes(20));
    expect((await from(addressB, user.username, user.password)).statusCode).toBe(200);
  });
});

describe.each(testEngines)('changing the password on %s', (engine) => {
  let t: TestApp;
  const hasher = cheapHasher();
  afterEach(async () => t?.close());

  async function setup(passwordHasher: PasswordHasher = hasher) {
    t = await createTestApp(engine, { deps: { passwordHasher, clock: testClock() } });
    const user = await seedUser(t.db.database.db, hasher);
    return { user, cookie: await signedInCookie(t.app, user) };
  }

  const change = (cookie: string, currentPassword: string, newPassword: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword, newPassword },
      remoteAddress,
    });

  it('counts wrong current passwords like failed sign-ins: the same lock, 429 with Retry-After', async () => {
    const { user, cookie } = await setup();
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME_AND_IP; i++) {
      expect((await change(cookie, `guess number ${i}`, 'A brand new passphrase 2026')).statusCode).toBe(400);
    }
    const locked = await change(cookie, user.password, 'A brand new passphrase 2026');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    // Sign-in from the same address is locked too; the password did not change.
    expect((await signIn(t.app, user.username, user.password)).statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      remoteAddress: addressB,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('while the user is locked, answers 429 before any hashing', async () => {
    let checks = 0;
    const counting: PasswordHasher = {
      hash: (...args) => hasher.hash(...args),
      verify: (...args) => (checks++, hasher.verify(...args)),
      verifyAgainstDummy: (...args) => (checks++, hasher.verifyAgainstDummy(...args)),
    };
    const { user, cookie } = await setup(counting);
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME_AND_IP; i++) await signIn(t.app, user.username, `wrong ${i} guess`);
    checks = 0;
    const locked = await change(cookie, user.password, 'A brand new passphrase 2026');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect(checks).toBe(0);
  });

  it('one session flooding password changes cannot take the hashing away from other users’ sign-ins', async () => {
    // Work on the gate is held open by hand: no timers, no sleeps.
    class HeldGate extends HashGate {
      holding = true;
      readonly unblock = deferred();
      private entered = 0;
      private readonly waitingFor: Array<{ count: number; resolve: () => void }> = [];
      override run<T>(work: () => Promise<T>, caller?: HashCaller): Promise<T> {
        this.entered += 1;
        for (const w of this.waitingFor) if (this.entered >= w.count) w.resolve();
        const held = this.holding;
        return super.run(async () => {
          if (held) await this.unblock.promise;
          return work();
        }, caller);
      }
      /** Resolves once `count` calls have reached the gate. */
      reached(count: number) {
        return new Promise<void>((resolve) =>
          this.entered >= count ? resolve() : this.waitingFor.push({ count, resolve }),
        );
      }
    }
    const gate = new HeldGate({ maxInFlight: 2, maxWaiting: 2, maxWaitMs: 60_000 });
    const held = createPasswordHasher(gate, { log2N: 10, r: 8, p: 1 });
    t = await createTestApp(engine, { deps: { passwordHasher: held, clock: testClock() } });
    const admin = await seedUser(t.db.database.db, hasher, { username: uniqueUsername('admin'), isAdmin: true });
    const staff = await seedUser(t.db.database.db, hasher, { username: uniqueUsername('staff'), isAdmin: false });
    gate.holding = false;
    const staffCookie = await signedInCookie(t.app, staff);
    gate.holding = true;

    const flood = Array.from({ length: 10 }, () =>
      change(staffCookie, 'is it this one perhaps', 'A brand new passphrase 2026', addressA),
    );
    // The staff sign-in, then the flood as far as the throttle lets it: the attempts beyond its
    // limit are refused before they reach the gate (they count in flight, issue 32).
    await gate.reached(1 + MAX_FAILURES_PER_USERNAME_AND_IP);
    gate.holding = false;
    const adminSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: admin.username, password: admin.password },
      remoteAddress: addressB,
    });
    expect(adminSignIn.statusCode).toBe(200);

    gate.unblock.resolve();
    const answers = await Promise.all(flood);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([400, ...Array(9).fill(429)]);
    for (const refused of answers.filter((r) => r.statusCode === 429)) {
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json().code).toBe('RATE_LIMITED');
    }
  });

  it('changes the password and ends the other sessions in one transaction', async () => {
    const { user, cookie } = await setup();
    const otherDevice = await signedInCookie(t.app, user);
    const sessionsStore = createSessionStore(t.db.database.db, testClock());
    const session = await sessionsStore.find(cookie.split('=')[1]!);
    const failing: SessionStore = {
      ...sessionsStore,
      destroyAllForUser: async () => {
        throw new Error('the database went away');
      },
    };
    const deps = {
      db: t.db.database.db,
      hasher,
      sessions: failing,
      throttle: createLoginThrottle(t.db.database.db, testClock()),
    };
    await expect(
      changePassword(
        deps,
        session!,
        { currentPassword: user.password, newPassword: 'Marmalade kettle on the stove' },
        '127.0.0.1',
      ),
    ).rejects.toThrow('the database went away');
    // Nothing was half done: the old password still works and the other session is still live.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: otherDevice } });
    expect(me.statusCode).toBe(200);
    expect((await signIn(t.app, user.username, user.password)).statusCode).toBe(200);
  });

  it('refuses new passwords that are easy to guess, naming the trading name and the username', async () => {
    const { user, cookie } = await setup();
    for (const easy of [
      'carbuydirect2024',
      'CarBuy Direct CarBuy Direct',
      `${user.username} ${user.username} ${user.username}`,
      'letmein letmein',
    ]) {
      const response = await change(cookie, user.password, easy);
      expect(response.statusCode, easy).toBe(400);
      expect(response.json().issues).toEqual([
        { path: 'newPassword', message: 'This password is too easy to guess. Try a longer phrase of unrelated words.' },
      ]);
    }
  });

  it('needs the right current password', async () => {
    const { cookie } = await setup();
    const response = await change(cookie, 'not my password at all', 'A brand new passphrase 2026');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
  });

  it('refuses short and common new passwords with the form messages', async () => {
    const { user, cookie } = await setup();
    const short = await change(cookie, user.password, 'short one');
    expect(short.json().issues).toEqual([
      { path: 'newPassword', message: 'New password must be at least 12 characters' },
    ]);
    for (const common of ['password1234', 'qwertyuiop12', '123456789012', 'aaaaaaaaaaaaaa']) {
      const response = await change(cookie, user.password, common);
      expect(response.statusCode, common).toBe(400);
      expect(response.json().issues).toEqual([
        { path: 'newPassword', message: 'This password is too common. Choose another.' },
      ]);
    }
  });

  it('accepts long passphrases with spaces and any Unicode, without truncating them', async () => {
    const { user, cookie } = await setup();
    const long = `${'ünïcödé passphrase 🚗 '.repeat(6)}end`; // 130+ characters
    expect((await change(cookie, user.password, long)).statusCode).toBe(200);
    expect((await signIn(t.app, user.username, long.slice(0, -1))).statusCode).toBe(401);
    expect((await signIn(t.app, user.username, long)).statusCode).toBe(200);
  });

  it('changes it, keeps this session and ends the others', async () => {
    const { user, cookie } = await setup();
    const otherDevice = await signedInCookie(t.app, user);
    const response = await change(cookie, user.password, 'Marmalade kettle on the stove');
    expect(response.statusCode).toBe(200);
    expect(response.json().mustChangePassword).toBe(false);
    const me = (c: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: c } });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await signIn(t.app, user.username, user.password)).statusCode).toBe(401);
    expect((await signIn(t.app, user.username, 'Marmalade kettle on the stove')).statusCode).toBe(200);
  });

  it('lets an admin with a generated password do nothing else until it is changed', async () => {
    t = await createTestApp(engine, { deps: { passwordHasher: hasher } });
    const user = await seedUser(t.db.database.db, hasher, { mustChangePassword: true });
    const cookie = await signedInCookie(t.app, user);
    const blocked = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      message: 'Please change your password before continuing.',
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    expect((await change(cookie, user.password, 'Marmalade kettle on the stove')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const login = (
    headers: Record<string, string>,
    payload: unknown = { username: 'someone', password: 'whatever it is' },
  ) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: payload as string });

  it('refuses unsafe requests from another site, sign-in included', async () => {
    t = await createTestApp();
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const response = await login(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().message).toBe('Cross-site requests are not allowed.');
    }
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(logout.statusCode).toBe(403);
  });

  it('lets our own pages through', async () => {
    t = await createTestApp();
    expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401);
    expect((await login({ origin: 'http://localhost' })).statusCode).toBe(401);
  });

  it('refuses text/plain and form bodies on JSON routes with 415', async () => {
    t = await createTestApp();
    const plain = await login({ 'content-type': 'text/plain' }, '{"username":"a","password":"b"}');
    expect(plain.statusCode).toBe(415);
    const form = await login({ 'content-type': 'application/x-www-form-urlencoded' }, 'username=a&password=b');
    expect(form.statusCode).toBe(415);
  });
});
