import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AD_FORMATS, adFileName, adPath } from '~/shared/ads/catalogue';
import { renderAd } from '~/shared/ads/render-ad';
import type { SiteConfig } from '~/shared/site-config';

/**
 * GET /social-media-ads/<name>.svg: the five ads of the social media ads page,
 * drawn for today (the launch offer appears only while it is advertised).
 *
 * Only the five known names are routes; any other name falls through to the
 * app's not-found handling like every unknown address.
 *
 * An SVG opened on its own is a document that could run script, so it gets a
 * CSP that allows nothing but its inline presentation, in a sandbox. Browsers
 * keep it for five minutes, so a new day's phase shows up soon after midnight.
 * base-uri and frame-ancestors do not fall back to default-src, so they are named (ASVS 3.4.3).
 */
export const SVG_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox";

/** `?download=1` asks for an attachment; other values are ignored rather than refused. */
const query = z.object({ download: z.string().optional() });

export const adsRoutes: FastifyPluginAsync<{ siteAt: (now: Date) => SiteConfig }> = async (app, { siteAt }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const format of AD_FORMATS) {
    typed.get(
      adPath(format.name),
      { config: { access: 'public' }, schema: { querystring: query } },
      async (request, reply) => {
        const site = siteAt(new Date());
        reply
          .type('image/svg+xml; charset=utf-8')
          .header('Content-Security-Policy', SVG_CSP)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=300')
          // A sandboxed document has an opaque origin, so it cannot be origin-keyed: asking makes Chrome warn.
          .removeHeader('Origin-Agent-Cluster');
        if (request.query.download === '1') {
          reply.header('Content-Disposition', `attachment; filename="${adFileName(site.tradingName, format)}"`);
        }
        return renderAd(format.name, site);
      },
    );
  }
};
