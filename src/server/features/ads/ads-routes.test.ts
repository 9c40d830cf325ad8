import { afterEach, describe, expect, it } from 'vitest';
import type { RenderSource } from '~/server/render/page-routes';
import { AD_FORMATS } from '~/shared/ads/catalogue';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';

/** Promotion dates that put today in a known phase, whatever today is. */
const running = {
  PROMOTION_ANNOUNCE_DATE: '2000-01-01',
  PROMOTION_START_DATE: '2000-01-02',
  PROMOTION_END_DATE: '2999-12-31',
};
const ended = {
  PROMOTION_ANNOUNCE_DATE: '2000-01-01',
  PROMOTION_START_DATE: '2000-02-01',
  PROMOTION_END_DATE: '2000-03-31',
};

/** A stand-in page renderer, to see which requests reach the pages' catch-all route. */
const notFoundPages: RenderSource = {
  template: async () =>
    '<!doctype html><html><head><!--app-head--></head><body><!--app-html--><!--app-data--></body></html>',
  entry: async () => ({
    render: async () => ({
      type: 'page',
      status: 404,
      head: '<title>Page Not Found</title>',
      html: '<h1>Page Not Found</h1>',
      data: '',
      islands: [],
      template: 'document',
    }),
  }),
};

describe('GET /social-media-ads/<name>.svg', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('serves each ad as a locked-down SVG at its exact size', async () => {
    t = await createTestApp('pglite', { env: running });
    for (const format of AD_FORMATS) {
      const response = await t.app.inject({ method: 'GET', url: `/social-media-ads/${format.name}.svg` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.headers['origin-agent-cluster']).toBeUndefined();
      expect(response.body).toContain(
        `width="${format.width}" height="${format.height}" viewBox="0 0 ${format.width} ${format.height}"`,
      );
    }
    expect(t.app.registeredRoutes).toContainEqual({
      method: 'GET',
      url: '/social-media-ads/facebook.svg',
      access: 'public',
    });
  });

  it('carries the launch offer while it runs, and the everyday message once it has ended', async () => {
    t = await createTestApp('pglite', { env: running });
    const during = await t.app.inject({ method: 'GET', url: '/social-media-ads/instagram.svg' });
    expect(during.body).toContain('£100');
    expect(during.body).toContain('2 January 2000 to 31 December 2999');
    await t.close();

    t = await createTestApp('pglite', { env: ended });
    const after = await t.app.inject({ method: 'GET', url: '/social-media-ads/instagram.svg' });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain('£100');
    expect(after.body).not.toContain('voucher');
    expect(after.body).toContain('24 hours');
  });

  it('with ?download=1 sends an attachment with a fixed, safe file name', async () => {
    t = await createTestApp('pglite', { env: { ...ended, SITE_TRADING_NAME: 'Wolds "Motors"; & Co/..' } });
    const response = await t.app.inject({ method: 'GET', url: '/social-media-ads/google-banner.svg?download=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="wolds-motors-co-google-banner-728x90.svg"',
    );
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toContain('Wolds &quot;Motors&quot;; &amp; Co/..');

    const other = await t.app.inject({ method: 'GET', url: '/social-media-ads/google-banner.svg?download=yes' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-disposition']).toBeUndefined();
  });

  it('answers an unknown ad like any unknown address: JSON 404 without pages, the not-found page with them', async () => {
    t = await createTestApp('pglite');
    const api = await t.app.inject({ method: 'GET', url: '/social-media-ads/myspace.svg' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No such endpoint: GET /social-media-ads/myspace.svg' });
    await t.close();

    t = await createTestApp('pglite', { deps: { renderSource: notFoundPages } });
    for (const url of [
      '/social-media-ads/myspace.svg',
      '/social-media-ads/facebook.png',
      '/social-media-ads/../x.svg',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Page Not Found');
    }
  });
});
