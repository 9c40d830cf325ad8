import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createPasswordHasher, HashGate, type PasswordHasher } from '~/server/auth/passwords';
import type { Db } from '~/server/db/client';
import { users, type User } from '~/server/db/schema';
import { registerSessionToken } from './log-hygiene';

/**
 * A deliberately cheap scrypt for API tests, which hash dozens of passwords.
 * The real cost is asserted in passwords.test.ts.
 */
export function cheapHasher(): PasswordHasher {
  return createPasswordHasher(new HashGate({ maxInFlight: 4, maxWaiting: 100, maxWaitMs: 10_000 }), {
    log2N: 10,
    r: 8,
    p: 1,
  });
}

/** A clock the test moves by hand (session expiry, sign-in windows). */
export function testClock(start = new Date('2026-03-02T09:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export const minutes = (n: number) => n * 60 * 1000;
export const hours = (n: number) => n * 60 * 60 * 1000;
export const days = (n: number) => n * 24 * hours(1);

let counter = 0;
/** Unique usernames per call, so tests never collide. */
export const uniqueUsername = (prefix = 'user') => `${prefix}${++counter}${Math.random().toString(36).slice(2, 6)}`;

export const strongPassword = (label = '') => `Tangerine lantern ${label} harbour 58`;

export async function seedUser(
  db: Db,
  hasher: PasswordHasher,
  overrides: Partial<Pick<User, 'username' | 'isAdmin' | 'mustChangePassword' | 'firstName' | 'lastName' | 'email'>> & {
    password?: string;
  } = {},
): Promise<User & { password: string }> {
  const password = overrides.password ?? strongPassword();
  const [user] = await db
    .insert(users)
    .values({
      username: overrides.username ?? uniqueUsername(),
      passwordHash: await hasher.hash(password),
      isAdmin: overrides.isAdmin ?? true,
      mustChangePassword: overrides.mustChangePassword ?? false,
      firstName: overrides.firstName ?? 'Sam',
      lastName: overrides.lastName ?? 'Staff',
      email: overrides.email ?? null,
    })
    .returning();
  return { ...user!, password };
}

const findSessionCookie = (response: LightMyRequestResponse) =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => /^(__Host-)?sid=/.test(c));

/** The session cookie ("sid=…") from a response, ready for a Cookie header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const header = findSessionCookie(response);
  if (!header) throw new Error(`No session cookie in response ${response.statusCode}: ${response.body}`);
  const cookie = header.split(';')[0]!;
  // The log-hygiene check makes sure the session id never reaches a log line.
  registerSessionToken(cookie.slice(cookie.indexOf('=') + 1));
  return cookie;
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    headers,
  });
  if (findSessionCookie(response)) sessionCookieFrom(response); // registers the session id with the log check
  return response;
}

/** Signs in and returns the cookie; fails the test if sign-in does not succeed. */
export async function signedInCookie(
  app: FastifyInstance,
  user: { username: string; password: string },
): Promise<string> {
  const response = await signIn(app, user.username, user.password);
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookieFrom(response);
}
