import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMOTION } from '~/shared/promotion';
import type { SiteConfig } from '~/shared/site-config';
import { render as renderPage, type PageData } from './entry-server';

/** What the server loads for the pages with data (docs/decisions/002-page-data.md): none published yet. */
const noReviews = { reviews: [], count: 0, average: null };
const pageData: PageData = {
  'features/public/home/home-page': { data: { reviews: noReviews } },
  'features/public/reviews/reviews-page': { data: noReviews },
};
const render = (request: Request, siteConfig: SiteConfig) => renderPage(request, siteConfig, pageData);

const site: SiteConfig = {
  tradingName: 'Test Motors',
  companyName: 'Test Motors Ltd',
  companyNumber: '01234567',
  fcaNumber: '123456',
  address: { lines: ['Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
  phone: { display: '01507 000000', e164: '+441507000000' },
  email: 'hello@test.invalid',
  openingHours: [{ days: 'Monday to Saturday', hours: '09:00 to 20:00' }],
  promotion: { ...DEFAULT_PROMOTION, phase: 'ended' },
  publicBaseUrl: 'https://www.test.invalid',
  demo: false,
  callRecording: false,
};

const page = async (path: string) => {
  const result = await render(new Request(`https://www.test.invalid${path}`), site);
  if (result.type !== 'page') throw new Error(`expected a page, got a ${result.status} redirect`);
  return result;
};

describe('server rendering', () => {
  it('shows the demo ribbon, and the test registrations on the valuation page, only in demo mode', async () => {
    const notice = 'nothing here is real. No e-mail or text leaves this machine.';
    expect((await page('/')).html).not.toContain(notice);
    expect((await page('/valuation')).html).not.toContain('AA19AAA');
    const demo = { ...site, demo: true };
    for (const path of ['/', '/valuation']) {
      const result = await render(new Request(`https://www.test.invalid${path}`), demo);
      if (result.type !== 'page') throw new Error('expected a page');
      expect(result.html).toContain(notice);
      if (path === '/valuation')
        for (const reg of ['AA19AAA', 'AA19EEE', 'ER19NFD']) expect(result.html).toContain(reg);
    }
  });

  it('renders the home page with its title, canonical link and header navigation', async () => {
    const result = await page('/');
    expect(result.status).toBe(200);
    expect(result.head).toContain('<title>Sell your car the simple way | Test Motors</title>');
    expect(result.head).toContain('<link rel="canonical" href="https://www.test.invalid/" />');
    for (const label of ['Home', 'How It Works', 'Previously Purchased', 'Reviews', 'About Us', 'Contact']) {
      expect(result.html).toContain(`>${label}</a>`);
    }
    // A document: only its islands load in the browser (the header's menu and the registration boxes).
    expect(result.islands).toEqual(['components/registration-input']);
    expect(result.template).toBe('document');
  });

  it('shows only the registrations that are configured, in the footer', async () => {
    const result = await page('/about');
    expect(result.html).toContain('Test Motors is a trading name of Test Motors Ltd, company number 01234567.');
    expect(result.html).toContain('firm reference number 123456');
    expect(result.html).not.toContain('Information Commissioner');
    expect(result.html).toContain('href="tel:+441507000000"');
    expect(result.html).toContain('href="mailto:hello@test.invalid"');
  });

  it('answers an unknown path with 404 and "Page Not Found", not indexed', async () => {
    const result = await page('/no-such-page');
    expect(result.status).toBe(404);
    expect(result.html).toContain('Page Not Found');
    expect(result.head).toContain('<meta name="robots" content="noindex" />');
    expect(result.head).not.toContain('rel="canonical"');
  });

  it('redirects /privacy and /terms permanently', async () => {
    expect(await render(new Request('https://www.test.invalid/privacy'), site)).toEqual({
      type: 'redirect',
      status: 301,
      location: '/privacy-policy',
    });
    expect(await render(new Request('https://www.test.invalid/terms'), site)).toMatchObject({
      status: 301,
      location: '/terms-of-service',
    });
  });

  it('leaves admin pages to the browser and keeps them out of search engines', async () => {
    const result = await page('/admin/anything');
    expect(result.html).toBe('');
    expect(result.head).toContain('noindex');
    expect(result.data).not.toContain('"router"');
  });

  it('escapes page data so it cannot close its <script> element', async () => {
    const result = await page('/');
    const hostile = await render(new Request('https://www.test.invalid/'), {
      ...site,
      tradingName: '</script><script>alert(1)</script>',
    });
    expect(result.data.startsWith('<script id="app-data" type="application/json">')).toBe(true);
    if (hostile.type !== 'page') throw new Error('expected a page');
    expect(hostile.data).not.toContain('</script><script>');
    expect(hostile.head).toContain('&lt;/script&gt;');
  });
});
