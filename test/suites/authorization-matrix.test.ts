import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName, type Access } from '~/server/auth/access';
import { createSessionStore } from '~/server/auth/sessions';
import { sessions } from '~/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { cheapHasher, hours, seedUser, signedInCookie } from '../helpers/auth';
import { suiteFigures } from '../helpers/figures';
import { appPages } from '../helpers/pages';
import {
  builtFiles,
  crossSiteRoutes,
  routeAccess,
  samplePaths,
  secrets,
  seedPrivateRows,
  type Ids,
} from './route-access';

/**
 * The authorization matrix (issue 17, suite 2): every route of Fastify's route table, pages and
 * files included, called by each of five callers, with the answer each must get. A route missing
 * from the matrix (route-access.ts), or named there but no longer registered, fails the suite.
 *
 * A leak is any answer that gives a caller without the right access a success, or anything but a
 * plain refusal, or any of the private details seeded for it (route-access.ts's `secrets`), on any
 * route, public ones included.
 *
 * PGlite only: who may call what is decided before any query, the same on either engine.
 */

const callers = ['anonymous', 'non-admin', 'expired session', 'admin, foreign origin', 'admin'] as const;
type Caller = (typeof callers)[number];

/** 'served' means answered as the route answers (not 401/403, not a 500); a number is the exact status. */
type Outcome = 401 | 403 | 'served';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN_ORIGIN = 'https://evil.example';

/**
 * What each caller gets. A route's access decides it: sessions that ended are anonymous, a
 * non-admin is refused staff's routes, and an admin's browser on another site (a forged form or
 * fetch) is refused every unsafe route by the CSRF check, but reads pages as anyone would.
 */
function expectedOutcome(key: string, access: Access, caller: Caller): Outcome {
  const method = key.split(' ')[0]!;
  // Twilio's webhooks: public and open to other sites, but nobody without Twilio's signature gets in.
  if (crossSiteRoutes[key]) return 403;
  if (caller === 'admin, foreign origin' && UNSAFE.has(method)) return 403;
  if (access === 'public') return 'served';
  if (caller === 'anonymous' || caller === 'expired session') return 401;
  if (caller === 'non-admin' && access === 'admin') return 403;
  return 'served';
}

const secretValues = Object.values(secrets);

/** What a refusal's body may hold: the refusal, nothing else. */
const REFUSAL_KEYS = new Set(['message', 'code', 'issues', 'requestId']);

/** The sessions table keeps the SHA-256 of each cookie's token (auth/sessions.ts). */
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

type Finding = { route: string; url: string; caller: Caller; expected: Outcome; status: number; problem: string };

function judge(response: LightMyRequestResponse, expected: Outcome, caller: Caller): string | null {
  const { statusCode: status, body } = response;
  // Whatever a page on another site makes the browser fetch, the browser keeps from that page.
  if (response.headers['access-control-allow-origin']) return 'leak: another site may read the answer';
  if (caller !== 'admin' && caller !== 'admin, foreign origin') {
    const shown = secretValues.find((secret) => body.includes(secret));
    if (shown) return `leak: the answer holds "${shown}"`;
  }
  if (expected === 'served') {
    if (status === 401 || status === 403) return 'refused a caller with access';
    if (status === 500) return 'server error';
    return null;
  }
  if (status !== expected) return status < 400 ? `leak: answered ${status}` : `wrong refusal`;
  // A form posted without JavaScript is refused with a static page (render/error-page.ts), which
  // holds only the reason and the request's reference: no secret, checked above.
  if (body && !/^text\/html/.test(String(response.headers['content-type']))) {
    const keys = Object.keys(JSON.parse(body) as object);
    if (keys.some((k) => !REFUSAL_KEYS.has(k))) return `leak: refusal carries ${keys.join(', ')}`;
  }
  return null;
}

describe('authorization matrix', () => {
  const figures = suiteFigures('Authorization matrix');
  const hasher = cheapHasher();
  let t: TestApp;
  let staticRoot: string;
  let ids: Ids;
  let headersOf: (caller: Caller) => Promise<Record<string, string>>;

  beforeAll(async () => {
    staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-matrix-static-'));
    for (const [file, text] of Object.entries(builtFiles)) {
      fs.mkdirSync(path.dirname(path.join(staticRoot, file)), { recursive: true });
      fs.writeFileSync(path.join(staticRoot, file), text);
    }
    t = await createTestApp('pglite', {
      // Twilio set up (against a closed port), so its webhooks check signatures rather than answer 503.
      env: {
        TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'matrix-auth-token',
        TWILIO_API_URL: 'http://127.0.0.1:9',
        TWILIO_PHONE_NUMBER: '+441632960000',
        STAFF_PHONE_NUMBER: '+447700900001',
        // A loaded test machine must not turn the answers into "busy" (503): that is the overload suite's.
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      },
      deps: { passwordHasher: hasher, renderSource: appPages, staticRoot },
    });
    const db = t.db.database.db;
    const admin = await seedUser(db, hasher, {
      isAdmin: true,
      firstName: secrets.adminFirstName,
      email: secrets.adminEmail,
    });
    const staff = await seedUser(db, hasher, { isAdmin: false });
    // Signing in works for both (the sessions below are made directly, to save a hash each).
    await signedInCookie(t.app, staff);
    await signedInCookie(t.app, admin);
    ids = await seedPrivateRows(db, staff.id);

    const cookieName = sessionCookieName(false);
    // A real admin session that ran out: started 13 hours ago, past both the idle and the absolute limit.
    const past = createSessionStore(db, () => new Date(Date.now() - hours(13)));
    const expiredToken = await past.create(admin.id);
    const expiredCookie = `${cookieName}=${expiredToken}`;
    // Still in the table (the clean-up job has not run), so only its expiry keeps it out.
    const [kept] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sha256(expiredToken)));
    if (!kept || kept.expire.getTime() > Date.now()) throw new Error('The expired session is not an expired session');
    // A fresh session for every request: the matrix signs out and changes passwords as it goes.
    const now = createSessionStore(db, () => new Date());
    const freshCookie = async (userId: number) => `${cookieName}=${await now.create(userId)}`;
    headersOf = async (caller): Promise<Record<string, string>> => {
      switch (caller) {
        case 'anonymous':
          return {};
        case 'non-admin':
          return { cookie: await freshCookie(staff.id) };
        case 'expired session':
          return { cookie: expiredCookie };
        case 'admin, foreign origin':
          return { cookie: await freshCookie(admin.id), origin: FOREIGN_ORIGIN, 'sec-fetch-site': 'cross-site' };
        case 'admin':
          return { cookie: await freshCookie(admin.id) };
      }
    };
  });
  afterAll(async () => {
    await t?.close();
    if (staticRoot) fs.rmSync(staticRoot, { recursive: true, force: true });
  });

  const table = () => t.app.registeredRoutes.map((r) => ({ ...r, key: `${r.method} ${r.url}` }));

  it('names every registered route, and only those, with the access each declares', () => {
    const routes = table();
    const declared = Object.fromEntries(routes.filter((r) => r.method !== 'HEAD').map((r) => [r.key, r.access]));
    expect(declared).toEqual(routeAccess);
    // Fastify answers HEAD on each GET route: same access, and no HEAD without its GET.
    for (const head of routes.filter((r) => r.method === 'HEAD')) {
      expect(routeAccess[`GET ${head.url}`], head.key).toBe(head.access);
    }
  });

  it('serves the back office shell to everyone, the same bytes whoever asks', async () => {
    const shells = await Promise.all(
      callers.map(async (caller) => t.app.inject({ url: '/admin', headers: await headersOf(caller) })),
    );
    for (const shell of shells) {
      expect(shell.statusCode).toBe(200);
      expect(shell.headers['cache-control']).toBe('no-store');
      expect(shell.body).toBe(shells[0]!.body);
    }
  });

  it('gives every caller on every route the expected answer, and leaks nothing', async () => {
    const routes = table();
    const findings: Finding[] = [];
    // The admin last: their requests change things (they archive, delete and sign out).
    for (const caller of callers) {
      for (const route of routes) {
        const expected = expectedOutcome(
          route.method === 'HEAD' ? `GET ${route.url}` : route.key,
          route.access,
          caller,
        );
        for (const url of samplePaths(route.key, ids)) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: await headersOf(caller),
            ...(UNSAFE.has(route.method) ? { payload: {} } : {}),
          });
          const problem = judge(response, expected, caller);
          if (problem) findings.push({ route: route.key, url, caller, expected, status: response.statusCode, problem });
        }
      }
    }
    expect(findings).toEqual([]);
    figures.report(`${routes.length} routes × ${callers.length} callers, 0 leaks`);
  }, 180_000);
});
