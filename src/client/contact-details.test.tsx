import { describe, expect, it } from 'vitest';
import { ICO } from '~/shared/complaint-basics';
import type { SiteConfig } from '~/shared/site-config';
import { testContactDetails, testSite } from '../../test/helpers/site';
import { render, type PageData } from './entry-server';

/**
 * Issue 31: every public page that refers to the business's contact details reads sensibly with
 * them set and with them unset (SITE_PHONE, SITE_EMAIL, SITE_WHATSAPP), as the server renders it;
 * in demo mode the contact page says its details are made up.
 */

const noReviews = { reviews: [], count: 0, average: null };
const pageData: PageData = {
  'features/public/home/home-page': { data: { reviews: noReviews } },
  'features/public/reviews/reviews-page': { data: noReviews },
};

const unset = testSite();
const configured = testSite(testContactDetails);

const PAGES = [
  '/',
  '/about',
  '/contact',
  '/valuation',
  '/reviews',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/launch-offer-terms',
];

/** The page's words (tags dropped) and its links. */
async function page(path: string, site: SiteConfig) {
  const result = await render(new Request(`https://www.test.invalid${path}`), site, pageData);
  if (result.type !== 'page') throw new Error(`${path}: expected a page`);
  const html = result.html.replace(/<!-- -->/g, '');
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&rsquo;/g, '’')
    .replace(/\s+/g, ' ');
  const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return { text, links };
}

describe('contact details on every public page', () => {
  it.each(PAGES)('%s, with no phone, e-mail or WhatsApp set: no link to one, no word pointing to one', async (path) => {
    const { text, links } = await page(path, unset);
    expect(links.filter((href) => href.startsWith('tel:') && href !== `tel:${ICO.phoneE164}`)).toEqual([]);
    expect(links.filter((href) => href.startsWith('mailto:') || href.startsWith('https://wa.me'))).toEqual([]);
    expect(text).not.toMatch(/contact details above|call us on|e-mail us at|undefined/i);
  });

  it.each(PAGES)('%s, with them set: the footer links both', async (path) => {
    const { links } = await page(path, configured);
    expect(links).toEqual(expect.arrayContaining(['tel:+442079460123', 'mailto:hello@test.invalid']));
  });

  it('the contact page points to its contact details only when it shows some', async () => {
    expect((await page('/contact', configured)).text).toContain('please use the contact details above');
    const bare = (await page('/contact', unset)).text;
    expect(bare).toContain('For anything else, such as a question about your car, ask for a valuation online');
    expect(bare).toContain('or write to us at the address above');
  });

  it('the home page’s closing call to action offers the phone only when there is one', async () => {
    expect((await page('/', configured)).text).toContain('Prefer to talk? Call us on 020 7946 0123');
    expect((await page('/', unset)).text).toContain('Prefer to talk to someone first? Contact our team');
  });

  it('in demo mode, the contact page says its details are made up, and reach nobody', async () => {
    const demo = await page('/contact', { ...configured, demo: true });
    expect(demo.text).toContain(
      'Demo: these contact details are made up. The phone number is one Ofcom keeps for TV and radio drama and the e-mail address is at a domain kept for examples, so neither reaches anyone.',
    );
    expect((await page('/contact', configured)).text).not.toContain('made up');
    expect((await page('/contact', { ...unset, demo: true })).text).not.toContain('made up');
  });
});
