import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { normaliseTypedRegistration, RegistrationForm, valuationHref } from './registration-input';

describe('registration input', () => {
  it('upper-cases as typed, drops leading spaces, keeps single spaces and stops at 8 characters', () => {
    expect(normaliseTypedRegistration('ab12 cde')).toBe('AB12 CDE');
    expect(normaliseTypedRegistration('  ab12 cde ')).toBe('AB12 CDE');
    expect(normaliseTypedRegistration('ab12   cde')).toBe('AB12 CDE');
    expect(normaliseTypedRegistration('ab12cdefgh')).toBe('AB12CDEF');
    expect(normaliseTypedRegistration('AB12 ')).toBe('AB12 ');
    expect(normaliseTypedRegistration('   ')).toBe('');
  });

  it('sends the trimmed, URL-encoded registration, or no parameter when blank', () => {
    expect(valuationHref('AB12 CDE ')).toBe('/valuation?registration=AB12%20CDE');
    expect(valuationHref('AB&C/1?')).toBe('/valuation?registration=AB%26C%2F1%3F');
    expect(valuationHref('')).toBe('/valuation');
    expect(valuationHref('   ')).toBe('/valuation');
  });

  it('is a plain GET form to /valuation before any script runs', () => {
    const html = renderToString(
      <MemoryRouter>
        <RegistrationForm label="Your registration" />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<form [^>]*action="\/valuation" method="get"/);
    expect(html).toMatch(/<input [^>]*name="registration"/);
    expect(html).toContain('maxLength="8"');
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Your registration<\/label>.*id="\1"/);
    expect(html).toContain('>Get My Valuation');
  });
});
