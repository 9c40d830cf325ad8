import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, strongPassword } from '../../../test/helpers/auth';
import { testEngines } from '../../../test/helpers/database';

describe.each(testEngines)('protective headers on %s', (engine) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const hasher = cheapHasher();

  const setup = () =>
    createTestApp(engine, {
      deps: { passwordHasher: hasher },
      setup(app) {
        app.get('/api/test/cacheable', { config: { access: 'signedIn' } }, async (_request, reply) => {
          reply.header('Cache-Control', 'public, max-age=600');
          return { mine: true };
        });
        app.get('/api/test/public', { config: { access: 'public' } }, async (_request, reply) => {
          reply.header('Cache-Control', 'public, max-age=600');
          return { everyone: true };
        });
      },
    });

  it('forbids framing outright and turns off browser features the site never uses', async () => {
    t = await setup();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    const policy = String(response.headers['permissions-policy']);
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'serial',
      'hid',
      'midi',
      'browsing-topics',
      'interest-cohort',
    ]) {
      expect(policy, feature).toMatch(new RegExp(`(^|, )${feature}=\\(\\)(,|$)`));
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(page.headers['permissions-policy']).toBe(policy);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('marks every response to a signed-in request no-store, POSTs and refusals included', async () => {
    t = await setup();
    const staff = await seedUser(t.db.database.db, hasher, { isAdmin: false, password: strongPassword('a') });
    const cookie = await signedInCookie(t.app, staff);

    const cacheable = await t.app.inject({ method: 'GET', url: '/api/test/cacheable', headers: { cookie } });
    expect(cacheable.statusCode).toBe(200);
    expect(cacheable.headers['cache-control']).toBe('no-store');

    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: 'not the password at all', newPassword: strongPassword('b') },
    });
    expect(change.statusCode).toBeGreaterThanOrEqual(400);
    expect(change.headers['cache-control']).toBe('no-store');

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: staff.password, newPassword: strongPassword('c') },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['cache-control']).toBe('no-store');

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.headers['cache-control']).toBe('no-store');

    const stale = await t.app.inject({ method: 'GET', url: '/api/test/cacheable', headers: { cookie } });
    expect(stale.statusCode).toBe(401);
    expect(stale.headers['cache-control']).toBe('no-store');
  });

  it('leaves public responses to anonymous callers cacheable', async () => {
    t = await setup();
    const response = await t.app.inject({ method: 'GET', url: '/api/test/public' });
    expect(response.headers['cache-control']).toBe('public, max-age=600');
  });
});

describe('frame-src and the Maps Embed directions frame', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const frameSrc = async (url: string) => {
    const response = await t!.app.inject({ method: 'GET', url });
    return /(?:^|;)frame-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
  };

  it('lets admin pages frame exactly https://www.google.com when GOOGLE_MAPS_EMBED_KEY is set', async () => {
    t = await createTestApp('pglite', { env: { GOOGLE_MAPS_EMBED_KEY: 'embed-key' } });
    expect(await frameSrc('/admin')).toBe("'self' https://www.google.com");
    expect(await frameSrc('/admin/valuations/123?tab=location')).toBe("'self' https://www.google.com");
    // Public pages and the API never frame Google.
    for (const url of ['/', '/valuation', '/administrator', '/api/health', '/api/admin/valuations/stats']) {
      expect(await frameSrc(url), url).toBe("'self'");
    }
  });

  it('keeps every page to its own origin without the key', async () => {
    t = await createTestApp('pglite');
    for (const url of ['/admin', '/admin/valuations/123', '/', '/api/health']) {
      expect(await frameSrc(url), url).toBe("'self'");
    }
  });
});
