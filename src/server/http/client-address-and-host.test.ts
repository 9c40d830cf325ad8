import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { cheapHasher, seedUser, signIn } from '../../../test/helpers/auth';
import { testEngines } from '../../../test/helpers/database';

describe.each(testEngines)('the client address behind a proxy on %s', (engine) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const withIpRoute = (env: Record<string, string>) =>
    createTestApp(engine, {
      env,
      setup(app) {
        app.get('/api/test/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
      },
    });

  it('with TRUST_PROXY=1 is the address our proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    t = await withIpRoute({ TRUST_PROXY: '1' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
    });
    expect(response.json()).toEqual({ ip: '203.0.113.9' });
  });

  it('with the proxy’s own range, hops inside it are skipped and the first outside one is the client', async () => {
    t = await withIpRoute({ TRUST_PROXY: '127.0.0.0/8, 10.0.0.0/8' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.2.3' },
    });
    expect(response.json()).toEqual({ ip: '203.0.113.9' });
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    t = await withIpRoute({});
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      headers: { 'x-forwarded-for': '6.6.6.6' },
    });
    expect(response.json()).toEqual({ ip: '127.0.0.1' });
  });

  it('sign-in limits count the real client: a forged X-Forwarded-For does not give a fresh allowance', async () => {
    t = await createTestApp(engine, { env: { TRUST_PROXY: '1' }, deps: { passwordHasher: cheapHasher() } });
    await seedUser(t.db.database.db, cheapHasher(), { username: 'someone' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await signIn(t.app, `nobody${i}`, 'wrong password entirely', {
        'x-forwarded-for': `6.6.6.${i}, 203.0.113.9`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe.each(testEngines)('the Host header and cross-site checks on %s', (engine) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const production = (env: Record<string, string> = {}) => createTestApp(engine, { env });
  const get = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  it('with PUBLIC_BASE_URL set, only its host is served; any other gets 421', async () => {
    t = await production({ PUBLIC_BASE_URL: 'https://www.example.co.uk' });
    expect((await get('/api/auth/user', 'www.example.co.uk')).statusCode).toBe(401);
    expect((await get('/api/auth/user', 'WWW.Example.co.uk:443')).statusCode).toBe(401);
    for (const host of ['rebind.attacker.example', 'example.co.uk', 'www.example.co.uk:8443', '127.0.0.1:3000']) {
      const response = await get('/api/auth/user', host);
      expect(response.statusCode, host).toBe(421);
      expect(response.json()).toEqual({ message: expect.stringContaining('address') });
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'rebind.attacker.example' },
      payload: { username: 'admin', password: 'anything at all' },
    });
    expect(post.statusCode).toBe(421);
  });

  it('without PUBLIC_BASE_URL, only the loopback names on our port are served', async () => {
    t = await production({ PUBLIC_BASE_URL: '', PORT: '3000' });
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await get('/api/auth/user', host)).statusCode, host).toBe(401);
    }
    for (const host of ['localhost:4000', 'rebind.attacker.example:3000', '192.168.1.20:3000', 'localhost']) {
      expect((await get('/api/auth/user', host)).statusCode, host).toBe(421);
    }
  });

  it('answers /api/health on any Host, so load balancers can check it by address', async () => {
    t = await production({ PUBLIC_BASE_URL: 'https://www.example.co.uk' });
    const response = await get('/api/health', '10.0.3.7:3000');
    expect(response.statusCode).toBe(200);
  });

  it('compares Origin with PUBLIC_BASE_URL, never with the Host the request names', async () => {
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: 'https://www.example.co.uk' } });
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { username: 'nobody', password: 'wrong password entirely' },
      });
    // A proxy may pass our Host along while the page that sent the request is elsewhere.
    const foreignPage = await login({ host: 'www.example.co.uk', origin: 'http://rebind.attacker.example' });
    expect(foreignPage.statusCode).toBe(403);
    const viaReferer = await login({ host: 'www.example.co.uk', referer: 'http://rebind.attacker.example/x' });
    expect(viaReferer.statusCode).toBe(403);
    // A rebinding page names its own host in both: refused before anything else runs.
    const rebound = await login({ host: 'rebind.attacker.example', origin: 'http://rebind.attacker.example' });
    expect(rebound.statusCode).toBe(421);
    const ours = await login({ host: 'www.example.co.uk', origin: 'https://www.example.co.uk' });
    expect(ours.statusCode).toBe(401);
  });

  it('without PUBLIC_BASE_URL, accepts the loopback origins of our port and no other', async () => {
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: '', PORT: '3000' } });
    const login = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: 'localhost:3000', origin },
        payload: { username: 'nobody', password: 'wrong password entirely' },
      });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await login(origin)).statusCode, origin).toBe(401);
    }
    for (const origin of ['http://localhost:4000', 'http://rebind.attacker.example:3000']) {
      expect((await login(origin)).statusCode, origin).toBe(403);
    }
  });
});
