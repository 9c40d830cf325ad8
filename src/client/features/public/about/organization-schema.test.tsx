import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteConfigProvider } from '~/client/lib/site-config';
import type { SiteConfig } from '~/shared/site-config';
import { testSite } from '../../../../../test/helpers/site';
import { Component as AboutPage } from './about-page';
import { openingHoursSpecification, organizationSchema } from './organization-schema';

const site = testSite();

const jsonLd = (html: string) => {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no JSON-LD script');
  return JSON.parse(match[1]!) as Record<string, unknown>;
};

const render = (config: SiteConfig) =>
  renderToString(
    <SiteConfigProvider value={config}>
      <MemoryRouter initialEntries={['/about']}>
        <AboutPage />
      </MemoryRouter>
    </SiteConfigProvider>,
  );

describe('About page structured data', () => {
  it('describes the business from the site configuration, with no contact details that are not set', () => {
    const data = jsonLd(render(site));
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'AutoDealer',
      '@id': 'https://www.test.invalid/#organization',
      name: 'Test Motors',
      url: 'https://www.test.invalid/',
      image: 'https://www.test.invalid/og-image.png',
      description: expect.stringContaining('private sellers'),
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Louth',
        addressRegion: 'Lincolnshire',
        postalCode: 'LN11 0LQ',
        addressCountry: 'GB',
      },
      areaServed: 'GB',
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
          opens: '09:00',
          closes: '20:00',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '10:00', closes: '16:00' },
      ],
    });
  });

  it('adds telephone, e-mail, legal name and the street address when configured', () => {
    const data = organizationSchema({
      ...site,
      companyName: 'Test Motors Ltd',
      phone: { display: '01507 000000', e164: '+441507000000' },
      email: 'hello@test.invalid',
      address: { lines: ['Unit 4', 'Fairfield Industrial Estate', 'Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
    });
    expect(data).toMatchObject({
      legalName: 'Test Motors Ltd',
      telephone: '+441507000000',
      email: 'hello@test.invalid',
      address: {
        streetAddress: 'Unit 4, Fairfield Industrial Estate',
        addressLocality: 'Louth',
        addressRegion: 'Lincolnshire',
      },
    });
  });

  it('cannot be broken out of its <script> by configured text', () => {
    const html = render({ ...site, tradingName: 'Motors</script><script>alert(1)</script>' });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(jsonLd(html).name).toBe('Motors</script><script>alert(1)</script>');
  });

  it('reads "Monday to Saturday" ranges and single days, and skips lines it cannot read', () => {
    expect(
      openingHoursSpecification([
        { days: 'Sunday', hours: '10:00 to 16:00' },
        { days: 'Bank holidays', hours: 'closed' },
        { days: 'Saturday to Monday', hours: '09:00 to 17:00' },
      ]),
    ).toEqual([{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '10:00', closes: '16:00' }]);
  });
});
