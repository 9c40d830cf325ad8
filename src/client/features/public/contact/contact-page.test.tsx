import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { COMPLAINT_ACKNOWLEDGE_DAYS, ICO } from '~/shared/complaint-basics';
import type { SiteConfig } from '~/shared/site-config';
import { testSite } from '../../../../../test/helpers/site';
import { whatsAppHref } from './contact-links';
import { Component as ContactPage } from './contact-page';

const unset = testSite();

const configured: SiteConfig = {
  ...unset,
  companyName: 'Test Motors Ltd',
  companyNumber: '01234567',
  fcaNumber: '123456',
  icoNumber: 'ZA123456',
  phone: { display: '01507 000000', e164: '+441507000000' },
  whatsapp: { display: '07700 900123', e164: '+447700900123' },
  email: 'hello@test.invalid',
};

/** The page in a data router, as the server renders it (its loader's answer: no form posted). */
const render = (site: SiteConfig) => {
  const router = createMemoryRouter([{ path: '/contact', element: <ContactPage /> }], { initialEntries: ['/contact'] });
  return renderToString(
    <SiteConfigProvider value={site}>
      <RouterProvider router={router} />
    </SiteConfigProvider>,
  );
};

const decode = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]!));

describe('contact page', () => {
  it('links phone, e-mail and WhatsApp (with its prefilled message) when they are configured', () => {
    const html = render(configured);
    const links = hrefs(html);
    expect(links).toContain('tel:+441507000000');
    expect(links).toContain('mailto:hello@test.invalid');
    const whatsapp = links.find((href) => href.startsWith('https://wa.me/'));
    expect(whatsapp).toBe("https://wa.me/447700900123?text=Hello%2C%20I'd%20like%20a%20valuation%20for%20my%20car.");
    const url = new URL(whatsapp!);
    expect(url.pathname).toBe('/447700900123');
    expect(url.searchParams.get('text')).toBe("Hello, I'd like a valuation for my car.");
    // Opens in a new tab, says so, and gives the new page no handle on this one.
    expect(html).toMatch(/<a href="https:\/\/wa\.me\/[^"]*" target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('(opens in a new tab)');
    expect(html).toContain('01507 000000');
    // A narrow card wraps the address after its @, not in the middle of a word.
    expect(html).toContain('hello@<wbr/>test.invalid</a>');
  });

  it('shows the company, FCA and ICO numbers only when set', () => {
    const html = render(configured);
    for (const text of ['Test Motors Ltd', '01234567', 'FCA firm reference number', '123456', 'ZA123456']) {
      expect(html).toContain(text);
    }
    const bare = render(unset);
    for (const text of ['Company number', 'FCA', 'ICO', 'Company details']) expect(bare).not.toContain(text);
  });

  it('still offers the address, opening hours and the valuation when no phone, e-mail or WhatsApp is set', () => {
    const html = render(unset);
    expect(hrefs(html).filter((href) => /^(tel:|mailto:|https:\/\/wa\.me)/.test(href))).toEqual([]);
    expect(html).toContain('Write to us');
    expect(html).toContain('LN11 0LQ');
    expect(html).toContain('Monday to Saturday');
    expect(html).toContain('09:00 to 20:00');
    expect(html).toContain('Sunday');
    expect(html).toContain('10:00 to 16:00');
    expect(hrefs(html)).toContain('/valuation');
  });

  it('offers the data-protection complaint form, with the 30 days, the ICO and the privacy policy', () => {
    const html = render(unset);
    expect(html).toContain('id="data-protection-complaint"');
    expect(html).toContain('Concerned about how we use your data?');
    const words = html.replace(/<!-- -->/g, '');
    expect(words).toContain(`reply within ${COMPLAINT_ACKNOWLEDGE_DAYS} days`);
    expect(words).toContain(`or call ${ICO.phone}`);
    expect(hrefs(html)).toEqual(expect.arrayContaining([ICO.url, '/privacy-policy']));
    const form = /<form[^>]*aria-label="Data protection complaint"[\s\S]*<\/form>/.exec(html)?.[0] ?? '';
    for (const label of ['Your name', 'Email address', 'Phone number (optional)', 'Your complaint']) {
      expect(form).toContain(`>${label}<`);
    }
    expect(form).toMatch(/<textarea[^>]*maxLength="4000"/);
    // It works before its script has come to life (issue 31): a plain post to the page, Send enabled.
    expect(form).toMatch(/^<form[^>]*action="\/contact#data-protection-complaint" method="post"/);
    expect(form).toMatch(/<button type="submit" class="[^"]*">Send complaint<\/button>/);
    // The honeypot is out of reach of people and screen readers.
    expect(form).toMatch(/<div aria-hidden="true"[^>]*><label>Website<input[^>]*tabindex="-1"/i);
  });

  it('builds wa.me links from the digits of the E.164 number only', () => {
    expect(whatsAppHref({ display: '+44 7700 900123', e164: '+447700900123' }, 'Hi & bye?')).toBe(
      'https://wa.me/447700900123?text=Hi%20%26%20bye%3F',
    );
  });
});
