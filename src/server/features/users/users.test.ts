import { afterEach, describe, expect, it } from 'vitest';
import { users } from '~/server/db/schema';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, uniqueUsername } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { deleteUser } from './users-service';

describe.each(testEngines)('admin users API on %s', (engine) => {
  let t: TestApp;
  const hasher = cheapHasher();
  afterEach(async () => t?.close());

  async function setup() {
    t = await createTestApp(engine, { deps: { passwordHasher: hasher } });
    const admin = await seedUser(t.db.database.db, hasher, { username: uniqueUsername('admin') });
    return { admin, cookie: await signedInCookie(t.app, admin) };
  }

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const newUser = (overrides: object = {}) => ({
    username: uniqueUsername('new'),
    password: 'Velvet otter crossing 77',
    firstName: 'Alex',
    lastName: 'Jones',
    email: 'Alex.Jones@Example.co.uk',
    isAdmin: true,
    ...overrides,
  });

  it('creates a user and lists it, never returning a password or its hash', async () => {
    const { cookie } = await setup();
    const input = newUser();
    const created = await call('POST', '/api/admin/users', cookie, input);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      username: input.username,
      isAdmin: true,
      firstName: 'Alex',
      lastName: 'Jones',
      email: 'alex.jones@example.co.uk',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await call('GET', '/api/admin/users', cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().map((u: { username: string }) => u.username)).toContain(input.username);
    expect(list.body).not.toMatch(/password|scrypt/i);
    expect((await signedInCookie(t.app, input)).length).toBeGreaterThan(10);
  });

  /** ASVS 6.4.1 (issue 32): the password the admin chose is not the new user's to keep. */
  it('makes a new user choose their own password at first sign-in before anything else', async () => {
    const { cookie } = await setup();
    const input = newUser();
    expect((await call('POST', '/api/admin/users', cookie, input)).statusCode).toBe(201);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: input.username, password: input.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ username: input.username, mustChangePassword: true });
    const theirs = await signedInCookie(t.app, input);
    const blocked = await call('GET', '/api/admin/users', theirs);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });

    const changed = await call('POST', '/api/auth/change-password', theirs, {
      currentPassword: input.password,
      newPassword: 'Lantern heron quietly 58',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ mustChangePassword: false });
    expect((await call('GET', '/api/admin/users', theirs)).statusCode).toBe(200);
  });

  it('refuses a username that exists in any letter case with 409 and a clear message', async () => {
    const { admin, cookie } = await setup();
    const response = await call(
      'POST',
      '/api/admin/users',
      cookie,
      newUser({ username: admin.username.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'That username is already taken. Choose another.',
      issues: [{ path: 'username', message: 'That username is already taken. Choose another.' }],
    });
  });

  it('refuses bad input with the form messages and writes nothing', async () => {
    const { cookie } = await setup();
    const cases: Array<[object, string, string]> = [
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ password: 'too short' }, 'password', 'Password must be at least 12 characters'],
      [{ password: 'password1234' }, 'password', 'This password is too common. Choose another.'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [
        { username: 'has spaces in it' },
        'username',
        'Username can only use letters, numbers, dots, hyphens and underscores',
      ],
    ];
    for (const [override, path, message] of cases) {
      const response = await call('POST', '/api/admin/users', cookie, newUser(override));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    expect(await t.db.database.db.select().from(users)).toHaveLength(1);
  });

  it('refuses passwords that are easy to guess: repeats, sequences, the trading name, the username', async () => {
    const { cookie } = await setup();
    const username = uniqueUsername('jo');
    for (const password of [
      'abc123abc123',
      'qwertyuiopasdf',
      'carbuydirect2024',
      'CarBuy Direct CarBuy Direct',
      `${username} ${username} ${username}`,
    ]) {
      const response = await call('POST', '/api/admin/users', cookie, newUser({ username, password }));
      expect(response.statusCode, password).toBe(400);
      expect(response.json().issues).toEqual([
        { path: 'password', message: 'This password is too easy to guess. Try a longer phrase of unrelated words.' },
      ]);
    }
    expect(await t.db.database.db.select().from(users)).toHaveLength(1);
  });

  it('edits names, e-mail and the admin flag; the username cannot be changed', async () => {
    const { cookie } = await setup();
    const created = (await call('POST', '/api/admin/users', cookie, newUser())).json();
    const edited = await call('PATCH', `/api/admin/users/${created.id}`, cookie, {
      firstName: 'Alexandra',
      lastName: '',
      email: 'alex@example.co.uk',
      isAdmin: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      firstName: 'Alexandra',
      lastName: null,
      email: 'alex@example.co.uk',
      isAdmin: false,
    });
    const rename = await call('PATCH', `/api/admin/users/${created.id}`, cookie, { username: 'sneaky' });
    expect(rename.statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/users/999999', cookie, { firstName: 'X' })).statusCode).toBe(404);
  });

  it('refuses to remove your own admin rights', async () => {
    const { admin, cookie } = await setup();
    const response = await call('PATCH', `/api/admin/users/${admin.id}`, cookie, { isAdmin: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot remove your own admin rights.');
  });

  it('refuses to delete your own account', async () => {
    const { admin, cookie } = await setup();
    const response = await call('DELETE', `/api/admin/users/${admin.id}`, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot delete your own account.');
  });

  it('refuses to delete the last admin', async () => {
    const { admin } = await setup();
    const staff = await seedUser(t.db.database.db, hasher, { isAdmin: false });
    // Only reachable when the caller lost admin rights mid-request; the service still holds the line.
    await expect(deleteUser(t.db.database.db, staff.id, admin.id)).rejects.toThrow(
      'You cannot delete the last admin account. Create another admin first.',
    );
  });

  it('deletes a user and ends their sessions at once', async () => {
    const { cookie } = await setup();
    const input = newUser();
    const created = (await call('POST', '/api/admin/users', cookie, input)).json();
    const theirCookie = await signedInCookie(t.app, input);
    expect((await call('DELETE', `/api/admin/users/${created.id}`, cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', theirCookie)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/users/${created.id}`, cookie)).statusCode).toBe(404);
  });

  it('with sessions kept in memory, as the server keeps them, an edit or deletion counts from the next request', async () => {
    const { cookie } = await setup();
    const stopListening = await t.app.sessions.listen(t.db.database);
    try {
      const created = await seedUser(t.db.database.db, hasher, { isAdmin: true });
      const theirCookie = await signedInCookie(t.app, created);
      expect((await call('GET', '/api/admin/users', theirCookie)).statusCode).toBe(200);
      expect((await call('PATCH', `/api/admin/users/${created.id}`, cookie, { isAdmin: false })).statusCode).toBe(200);
      expect((await call('GET', '/api/admin/users', theirCookie)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/admin/users/${created.id}`, cookie)).statusCode).toBe(204);
      expect((await call('GET', '/api/auth/user', theirCookie)).statusCode).toBe(401);
    } finally {
      await stopListening();
    }
  });

  it('lets a signed-in non-admin see only their own account', async () => {
    await setup();
    const staff = await seedUser(t.db.database.db, hasher, { isAdmin: false });
    const cookie = await signedInCookie(t.app, staff);
    expect((await call('GET', '/api/auth/user', cookie)).statusCode).toBe(200);
    const list = await call('GET', '/api/admin/users', cookie);
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe('You need an admin account to do that.');
  });
});
