import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMOTION, type PromotionPhase } from '~/shared/promotion';
import { AD_FORMATS, adFileName, adOffer, adSummary, adWebsite, type AdSite } from './catalogue';
import { renderAd } from './render-ad';

function site(phase: PromotionPhase, overrides: Partial<AdSite> = {}): AdSite {
  return {
    tradingName: 'CarBuy Direct',
    publicBaseUrl: 'https://www.carbuydirect.co.uk',
    phone: { display: '01507 123456', e164: '+441507123456' },
    promotion: { ...DEFAULT_PROMOTION, phase },
    ...overrides,
  };
}

/** The root element's attributes, read from the document text. */
function rootAttributes(svg: string) {
  const root = /<svg\b([^>]*)>/.exec(svg)?.[1] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(root)?.[1];
  return { width: attr('width'), height: attr('height'), viewBox: attr('viewBox'), xmlns: attr('xmlns') };
}

/** Only the words drawn on the ad (its <title> is checked separately). */
function drawnText(svg: string): string {
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('\n');
}

describe('the social media ads', () => {
  it.each(AD_FORMATS.map((format) => [format.name, format] as const))(
    '%s is an SVG document of exactly its stated size',
    async (_name, format) => {
      const svg = renderAd(format.name, site('running'));
      expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')).toBe(true);
      expect(rootAttributes(svg)).toEqual({
        width: String(format.width),
        height: String(format.height),
        viewBox: `0 0 ${format.width} ${format.height}`,
        xmlns: 'http://www.w3.org/2000/svg',
      });
      // A real SVG parser (librsvg, through sharp) reads it and agrees on the size.
      const metadata = await sharp(Buffer.from(svg)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['svg', format.width, format.height]);
    },
  );

  it('carries no scripts, external images, fonts or links', () => {
    for (const format of AD_FORMATS) {
      const svg = renderAd(format.name, site('running'));
      expect(svg).not.toMatch(/<script|<image|<foreignObject|<a\b|href=|@import|@font-face|url\((?!#)/i);
      expect(svg.match(/https?:\/\/[^"\s<]*/g)).toEqual(['http://www.w3.org/2000/svg']);
      expect(svg).toContain("font-family=\"'Segoe UI'");
    }
  });

  it.each(['announced', 'running'] as const)('advertises the launch offer with its dates while %s', (phase) => {
    for (const format of AD_FORMATS) {
      const words = drawnText(renderAd(format.name, site(phase)));
      expect(words).toContain('£100');
      expect(words).toContain('Love2Shop');
      expect(words).toContain('1 July to 31 August 2025');
      expect(words).toMatch(/free valuation (within|in) 24 hours/i);
    }
  });

  it.each(['not-announced', 'ended'] as const)(
    'carries the everyday message, and no offer, when the promotion is %s',
    (phase) => {
      for (const format of AD_FORMATS) {
        const svg = renderAd(format.name, site(phase));
        const words = drawnText(svg);
        for (const offerWord of ['£100', 'Love2Shop', 'voucher', 'July', 'August', 'LAUNCH OFFER', 'T&amp;Cs']) {
          expect(svg, `${format.name} must not mention ${offerWord}`).not.toContain(offerWord);
        }
        expect(words).toMatch(/24 hours/);
        expect(words).toMatch(/no fees/i);
        expect(words).toMatch(/paid the same day/i);
      }
    },
  );

  it('takes the offer from the promotion data, never from fixed text', () => {
    const promotion = {
      ...DEFAULT_PROMOTION,
      voucherPounds: 250,
      startDate: '2026-12-01',
      endDate: '2027-01-31',
      phase: 'running' as const,
    };
    for (const format of AD_FORMATS) {
      const words = drawnText(renderAd(format.name, site('running', { promotion })));
      expect(words).toContain('£250');
      expect(words).toMatch(/1 December 2026 to 31 January 2027|1 Dec 2026 to 31 Jan 2027/);
      expect(words).not.toContain('£100');
    }
    expect(adOffer(site('running', { promotion }))?.period).toBe('1 December 2026 to 31 January 2027');
  });

  it('escapes hostile text and drops characters XML cannot hold', async () => {
    const hostile = site('running', {
      tradingName: '<script>alert("x")</script> & \'Co\' ]]>\u0007',
      promotion: { ...DEFAULT_PROMOTION, voucherBrand: '<img src=x onerror=alert(1)>', phase: 'running' },
    });
    for (const format of AD_FORMATS) {
      const svg = renderAd(format.name, hostile);
      expect(svg).not.toMatch(/<script|<img/);
      expect(svg.includes('\u0007')).toBe(false);
      expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
      expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
      // Every ampersand starts an entity.
      expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
      await expect(sharp(Buffer.from(svg)).metadata()).resolves.toMatchObject({ width: format.width });
    }
  });

  it('names downloads safely, whatever the trading name', () => {
    const facebook = AD_FORMATS[0]!;
    expect(adFileName('CarBuy Direct', facebook)).toBe('carbuy-direct-facebook-1200x630.svg');
    expect(adFileName('../../etc/"passwd"\r\nX: y', facebook)).toBe('etc-passwd-x-y-facebook-1200x630.svg');
    expect(adFileName('Café Motors', facebook)).toBe('cafe-motors-facebook-1200x630.svg');
    expect(adFileName('£££', facebook)).toBe('ad-facebook-1200x630.svg');
  });

  it('shows a website only when the site has a public address', () => {
    expect(adWebsite('https://www.carbuydirect.co.uk')).toBe('www.carbuydirect.co.uk');
    expect(adWebsite('http://localhost:3000')).toBeUndefined();
    expect(adWebsite('http://127.0.0.1:3000')).toBeUndefined();
    expect(drawnText(renderAd('facebook', site('ended')))).toContain('www.carbuydirect.co.uk');
    expect(drawnText(renderAd('facebook', site('ended', { publicBaseUrl: 'http://localhost:3000' })))).not.toContain(
      'localhost',
    );
  });

  it('describes each ad in words that match what it shows', () => {
    const facebook = AD_FORMATS[0]!;
    expect(adSummary(facebook, site('running'))).toContain('£100 Love2Shop digital voucher');
    expect(adSummary(facebook, site('ended'))).not.toContain('voucher');
    expect(renderAd('facebook', site('ended'))).toContain(`<title id="title">${adSummary(facebook, site('ended'))}`);
  });
});
