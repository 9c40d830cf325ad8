import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterTestsCanRun, sellerRequest, startTestCluster, type TestCluster } from '../helpers/cluster';
import { smallJpeg } from '../helpers/images';

/**
 * Issue 38: two app processes behind HAProxy on one PostgreSQL database agree on everything a
 * person can notice. Each step is done on one process and checked on the other (a request picks
 * its process with X-Cluster-Member, which the test cluster's HAProxy honours): staff sessions and
 * signing out, the per-address rate limit, Idempotency-Key answers, the public page cache, private
 * files, and the outbox sending each e-mail once.
 */
const ADMIN = 'cluster-admin';
const PASSWORD = `cluster ${randomBytes(12).toString('base64url')}`;
/** The admin's password now (a new one, if the first sign-in asked for one). */
let password = PASSWORD;

describe.skipIf(!clusterTestsCanRun)('cluster: two processes behind HAProxy agree', () => {
  let cluster: TestCluster;
  let cookie = '';
  beforeAll(async () => {
    cluster = await startTestCluster({ ADMIN_USERNAME: ADMIN, ADMIN_PASSWORD: PASSWORD });
    cookie = await signIn();
  }, 240_000);
  afterAll(async () => cluster?.close(), 60_000);

  /** A request to process `member` (1 or 2) through HAProxy, from client address `client`. */
  const on = async (
    member: number,
    method: string,
    path: string,
    options: {
      body?: unknown;
      form?: FormData;
      headers?: Record<string, string>;
      client?: string;
      asStaff?: boolean;
    } = {},
  ) => {
    const headers: Record<string, string> = {
      'x-cluster-member': String(member),
      origin: cluster.baseUrl,
      ...options.headers,
    };
    if (options.client || !headers['x-forwarded-for']) {
      headers['x-forwarded-for'] = options.client ?? `10.9.${member}.${Math.floor(Math.random() * 250) + 1}`;
    }
    if (options.asStaff !== false && cookie && !headers.cookie) headers.cookie = cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${cluster.baseUrl}${path}`, {
      method,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    expect(response.headers.get('x-cluster-member'), `${method} ${path} answered by process ${member}`).toBe(
      String(member),
    );
    return response;
  };

  const signIn = async () => {
    const login = await on(1, 'POST', '/api/auth/login', { body: { username: ADMIN, password: PASSWORD } });
    expect(login.status).toBe(200);
    cookie = sessionCookie(login);
    if (((await login.json()) as { mustChangePassword?: boolean }).mustChangePassword) {
      const changed = await on(2, 'POST', '/api/auth/change-password', {
        body: { currentPassword: PASSWORD, newPassword: `${PASSWORD} again` },
      });
      password = `${PASSWORD} again`;
      expect(changed.status).toBe(200);
      cookie = sessionCookie(changed) || cookie;
    }
    return cookie;
  };

  it('a staff session begun on one process works on the other, and signing out on either ends it on both', async () => {
    expect((await on(2, 'GET', '/api/auth/user')).status).toBe(200);
    const second = await on(2, 'POST', '/api/auth/login', {
      body: { username: ADMIN, password },
      asStaff: false,
    });
    expect(second.status, await second.clone().text()).toBe(200);
    const secondCookie = sessionCookie(second);
    expect(secondCookie, 'a second session, to sign out').not.toBe('');
    expect((await on(1, 'GET', '/api/auth/user', { headers: { cookie: secondCookie } })).status).toBe(200);

    expect((await on(1, 'POST', '/api/auth/logout', { headers: { cookie: secondCookie } })).status).toBeLessThan(300);
    // Process 2 checked that session a moment ago and may keep it for 5 s; the database tells it
    // sooner that the session has ended.
    await expect
      .poll(async () => (await on(2, 'GET', '/api/auth/user', { headers: { cookie: secondCookie } })).status, {
        timeout: 3_000,
        interval: 200,
      })
      .toBe(401);
    expect((await on(2, 'GET', '/api/auth/user')).status, 'the other session goes on').toBe(200);
  });

  it('counts one address’s submissions across both processes, and answers a repeated Idempotency-Key once', async () => {
    const client = '10.77.0.1';
    const references: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const { headers, body } = sellerRequest(100 + i);
      const answer = await on((i % 2) + 1, 'POST', '/api/valuations', { body, headers, client });
      expect(answer.status).toBe(201);
      references.push(((await answer.json()) as { reference: string }).reference);
    }
    const { headers, body } = sellerRequest(110);
    const refused = await on(1, 'POST', '/api/valuations', { body, headers, client });
    expect(refused.status, 'the eleventh from the address in ten minutes, whichever process takes it').toBe(429);

    // The same submission sent again to the other process (a retry after a lost answer).
    const again = sellerRequest(100);
    const repeated = await on(2, 'POST', '/api/valuations', {
      body: again.body,
      headers: again.headers,
      client: '10.77.0.2',
    });
    expect(repeated.status).toBe(201);
    expect(((await repeated.json()) as { reference: string }).reference).toBe(references[0]);
    const [stored] = await cluster.query<{ n: number }>(
      `select count(*)::int as n from car_valuations where registration = $1`,
      [again.body.registration],
    );
    expect(stored!.n).toBe(1);
  });

  it('sends each e-mail once, though both processes run an outbox worker', async () => {
    await expect
      .poll(
        async () =>
          (
            await cluster.query<{ n: number }>(
              `select count(*)::int as n from outbound_messages where status <> 'sent'`,
            )
          )[0]!.n,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(0);
    const [queued] = await cluster.query<{ n: number }>(`select count(*)::int as n from outbound_messages`);
    expect(queued!.n).toBeGreaterThanOrEqual(20);
    const received = cluster.sink.received.map(
      (mail) => `${mail.envelopeTo.join()}|${mail.parsed.subject}|${mail.parsed.text}`,
    );
    expect(received.length).toBe(queued!.n);
    expect(new Set(received).size).toBe(received.length);
  });

  it('a review published on one process shows on the other’s cached reviews page at once', async () => {
    const title = `Cluster review ${randomBytes(3).toString('hex')}`;
    expect((await on(2, 'GET', '/reviews')).status).toBe(200); // process 2 now has the page cached
    const submitted = await on(1, 'POST', '/api/reviews', {
      asStaff: false,
      body: {
        customerName: 'Jo Bloggs',
        email: 'jo@example.com',
        rating: 5,
        reviewTitle: title,
        reviewText: 'Collected from my drive the next day.',
        location: 'Louth',
        vehicleSold: '2018 Ford Focus',
      },
    });
    expect(submitted.status).toBe(201);
    const list = (await (await on(1, 'GET', '/api/admin/reviews')).json()) as {
      items: { id: string; reviewTitle: string }[];
    };
    const review = list.items.find((item) => item.reviewTitle === title)!;
    expect((await on(1, 'PATCH', `/api/admin/reviews/${review.id}/approve`, { body: {} })).status).toBe(200);
    expect((await on(1, 'PATCH', `/api/admin/reviews/${review.id}/publish`)).status).toBe(200);

    await expect
      .poll(async () => (await (await on(2, 'GET', '/reviews')).text()).includes(title), {
        timeout: 3_000,
        interval: 100,
      })
      .toBe(true);
  });

  it('a photo a seller uploads on one process is there, private, on the other', async () => {
    const { headers, body } = sellerRequest(200);
    const created = await on(1, 'POST', '/api/valuations', { body, headers, asStaff: false });
    const { id, uploadToken } = (await created.json()) as { id: string; uploadToken: string };
    const form = new FormData();
    form.append('photos', new Blob([await smallJpeg()], { type: 'image/jpeg' }), 'front.jpg');
    const uploaded = await on(1, 'POST', `/api/valuations/${id}/photos`, {
      form,
      headers: { authorization: `Bearer ${uploadToken}` },
      asStaff: false,
    });
    expect(uploaded.status).toBe(201);
    const [photoPath] = ((await uploaded.json()) as { photoPaths: string[] }).photoPaths;

    const seen = await on(2, 'GET', `/api/valuations/${id}/photos/${photoPath}`, {
      headers: { authorization: `Bearer ${uploadToken}` },
      asStaff: false,
    });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/jpeg');
    const anonymous = await on(2, 'GET', `/api/valuations/${id}/photos/${photoPath}`, { asStaff: false });
    expect(anonymous.status, 'without the seller’s token, as if there were no such valuation').toBe(404);
  });
});

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('sid='))
    .join('; ');
