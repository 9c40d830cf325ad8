import type { FastifyPluginAsync } from 'fastify';
import type { SiteConfig } from '~/shared/site-config';
import { indexablePublicPaths } from '~/shared/public-pages';
import { escapeHtml } from '~/shared/escape-html';

/** robots.txt, sitemap.xml and the web app manifest. */
export const seoRoutes: FastifyPluginAsync<{ siteAt: (now: Date) => SiteConfig }> = async (app, { siteAt }) => {
  const publicFile = { config: { access: 'public' as const } };

  app.get('/robots.txt', publicFile, async (_request, reply) => {
    const site = siteAt(new Date());
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /api',
      '',
      `Sitemap: ${site.publicBaseUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', publicFile, async (_request, reply) => {
    const site = siteAt(new Date());
    const urls = indexablePublicPaths
      .map((path) => `  <url><loc>${escapeHtml(`${site.publicBaseUrl}${path}`)}</loc></url>`)
      .join('\n');
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });

  app.get('/site.webmanifest', publicFile, async (_request, reply) => {
    const site = siteAt(new Date());
    reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return {
      name: site.tradingName,
      short_name: site.tradingName,
      description: 'Sell your car directly to us: free valuation within 24 hours, free UK collection.',
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#0b2a4a',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    };
  });
};
