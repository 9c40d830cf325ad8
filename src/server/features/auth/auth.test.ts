import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_IP, MAX_FAILURES_PER_USERNAME } from '~/server/auth/login-throttle';
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
    const response = await signIn(t.app, user.username, user.password);
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

  it(`locks a username after ${MAX_FAILURES_PER_USERNAME} failures in 15 minutes, even for the right password`, async () => {
    const user = await setup();
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      expect((await signIn(t.app, user.username, `wrong guess ${i}`)).statusCode).toBe(401);
    }
    const locked = await signIn(t.app, user.username.toUpperCase(), user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    clock.advance(minutes(10));
    const stillLocked = await signIn(t.app, user.username, user.password);
    expect(stillLocked.json().message).toBe('Too many failed sign-in attempts. Try again in 5 minutes.');
    clock.advance(minutes(5) + 1000);
    expect((await signIn(t.app, user.username, user.password)).statusCode).toBe(200);
  });

  it('a successful sign-in clears the username’s failures', async () => {
    const user = await setup();
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME - 1; i++) await signIn(t.app, user.username, 'wrong password!');
    expect((await signIn(t.app, user.username, user.password)).statusCode).toBe(200);
    expect((await signIn(t.app, user.username, 'wrong password!')).statusCode).toBe(401);
    expect((await signIn(t.app, user.username, user.password)).statusCode).toBe(200);
  });

  it(`locks an address after ${MAX_FAILURES_PER_IP} failures across usernames`, async () => {
    const user = await setup();
    const from = (remoteAddress: string, username: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      expect((await from('203.0.113.9', uniqueUsername('guess'), 'wrong password')).statusCode).toBe(401);
    }
    expect((await from('203.0.113.9', user.username, user.password)).statusCode).toBe(429);
    expect((await from('198.51.100.4', user.username, user.password)).statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  let t: TestApp;
  const hasher = cheapHasher();
  afterEach(async () => t?.close());

  async function setup() {
    t = await createTestApp('pglite', { deps: { passwordHasher: hasher } });
    const user = await seedUser(t.db.database.db, hasher);
    return { user, cookie: await signedInCookie(t.app, user) };
  }

  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword, newPassword },
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
    t = await createTestApp('pglite', { deps: { passwordHasher: hasher } });
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
    expect((await login({ origin: 'http://localhost:3000' })).statusCode).toBe(401);
  });

  it('refuses text/plain and form bodies on JSON routes with 415', async () => {
    t = await createTestApp();
    const plain = await login({ 'content-type': 'text/plain' }, '{"username":"a","password":"b"}');
    expect(plain.statusCode).toBe(415);
    const form = await login({ 'content-type': 'application/x-www-form-urlencoded' }, 'username=a&password=b');
    expect(form.statusCode).toBe(415);
  });
});
