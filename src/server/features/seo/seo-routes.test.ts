import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';

describe('robots.txt, sitemap.xml and the web manifest', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('keeps crawlers out of the back office and the API, and points them at the sitemap', async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_BASE_URL: 'https://www.example.co.uk' } });
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'www.example.co.uk' } });
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      'User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: https://www.example.co.uk/sitemap.xml\n',
    );
  });

  it('lists every public page with absolute addresses, and nothing else', async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_BASE_URL: 'https://www.example.co.uk' } });
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'www.example.co.uk' } });
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://www.example.co.uk/');
    expect(locs).toContain('https://www.example.co.uk/privacy-policy');
    expect(locs).toContain('https://www.example.co.uk/how-we-value');
    expect(locs).toHaveLength(12);
    expect(locs.some((l) => l!.includes('/admin') || l!.includes('/api'))).toBe(false);
  });

  it('serves a web app manifest named after the business', async () => {
    t = await createTestApp('pglite', { env: { SITE_TRADING_NAME: 'Wolds Motors' } });
    const response = await t.app.inject({ method: 'GET', url: '/site.webmanifest' });
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.json()).toMatchObject({ name: 'Wolds Motors', start_url: '/', display: 'standalone' });
  });
});
