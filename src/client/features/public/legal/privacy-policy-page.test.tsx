import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { DEFAULT_PROMOTION } from '~/shared/promotion';
import type { SiteConfig } from '~/shared/site-config';
import { Component } from './privacy-policy-page';

const bare: SiteConfig = {
  tradingName: 'Test Motors',
  address: { lines: ['Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
  openingHours: [],
  promotion: { ...DEFAULT_PROMOTION, phase: 'ended' },
  publicBaseUrl: 'https://www.test.invalid',
};

const render = (site: SiteConfig) =>
  renderToString(
    <SiteConfigProvider value={site}>
      <MemoryRouter>
        <Component />
      </MemoryRouter>
    </SiteConfigProvider>,
  ).replace(/<!-- -->/g, '');

describe('privacy policy: contact details come only from the configuration', () => {
  it('without an e-mail, points to the postal address and the contact page, and invents no numbers', () => {
    const html = render(bare);
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('>Phone<');
    expect(html).toContain('write to Test Motors, marked “Data protection”, at Louth, Lincolnshire, LN11 0LQ');
    expect(html).toContain('href="/contact"');
    expect(html).not.toContain('trading name of');
    expect(html).not.toContain('registered with the Information Commissioner');
  });

  it('with an e-mail, company and ICO number, shows them', () => {
    const html = render({
      ...bare,
      email: 'privacy@test.invalid',
      companyName: 'Test Motors Ltd',
      companyNumber: '01234567',
      icoNumber: 'ZA123456',
    });
    expect(html).toContain('href="mailto:privacy@test.invalid"');
    expect(html).toContain('Test Motors is a trading name of Test Motors Ltd, company number 01234567.');
    expect(html).toContain('number ZA123456');
    expect(html).toContain('write to us at the address in section 8');
  });
});
