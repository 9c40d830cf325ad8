import { describe, expect, it } from 'vitest';
import { countryName, describeLocation, locationText } from './location';

describe('countryName', () => {
  it('names a country from its ISO code, in British English', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('ie')).toBe('Ireland');
    expect(countryName('US')).toBe('United States');
  });

  it('keeps null, and shows a code it cannot name as it is', () => {
    expect(countryName(null)).toBeNull();
    expect(countryName('')).toBeNull();
    expect(countryName('Q1!')).toBe('Q1!');
  });
});

describe('describeLocation', () => {
  it('puts the city first with its country', () => {
    expect(describeLocation({ city: 'Lincoln', country: 'GB' })).toEqual({
      place: 'Lincoln',
      country: 'United Kingdom',
    });
    expect(locationText({ city: 'Lincoln', country: 'GB' })).toBe('Lincoln, United Kingdom');
  });

  it('shows only the country when the city is unknown', () => {
    expect(describeLocation({ city: null, country: 'FR' })).toEqual({ place: 'France', country: null });
    expect(locationText({ city: '  ', country: 'FR' })).toBe('France');
  });

  it('shows only the city when the country is unknown', () => {
    expect(locationText({ city: 'Louth', country: null })).toBe('Louth');
  });

  it('says "Unknown location" when neither is known', () => {
    expect(locationText({ city: null, country: null })).toBe('Unknown location');
  });
});
