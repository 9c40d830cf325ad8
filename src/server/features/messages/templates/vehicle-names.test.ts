import { describe, expect, it } from 'vitest';
import type { MessageContext } from './layout';
import { newValuation } from './new-valuation';
import { valuationOffer } from './valuation-offer';
import { valuationReceived } from './valuation-received';

/**
 * Messages name the car as the back office does (issue 31): DVLA's capitals ("FORD FOCUS") and a
 * seller's typing ("bmw x1") both read "Ford Focus" and "BMW X1" (src/shared/vehicle-names.ts).
 */

const context: MessageContext = {
  site: {
    tradingName: 'CarBuy Direct',
    address: { lines: ['Louth'], postcode: 'LN11 0LQ' },
    openingHours: [],
    publicBaseUrl: 'https://www.carbuy.example',
    demo: false,
    callRecording: false,
  },
  now: new Date('2026-03-02T09:00:00Z'),
};

describe('the car in messages', () => {
  it('the seller’s receipt names DVLA’s capitals as a name', () => {
    const email = valuationReceived.email(
      {
        firstName: 'Jo',
        reference: 'CB-7K3-9QX',
        registration: 'AB12CDE',
        make: 'FORD',
        model: 'FOCUS',
        contactBy: ['Call'],
      },
      context,
    );
    expect(email.subject).toBe('We have your valuation request for AB12CDE Ford Focus (reference CB-7K3-9QX)');
    expect(email.text).toContain('we have your valuation request for AB12CDE Ford Focus.');
    expect(email.html).toContain('AB12CDE Ford Focus');
    expect(email.html).not.toContain('FORD');
  });

  it('the offer, by e-mail and by text, keeps brand spellings', () => {
    const data = {
      firstName: 'Jo',
      reference: 'CB-7K3-9QX',
      registration: 'AB12CDE',
      make: 'bmw',
      model: 'x1',
      amountPence: 1_250_000,
      notes: null,
    };
    expect(valuationOffer.email(data, context).subject).toBe('Our offer for AB12CDE BMW X1: £12,500');
    expect(valuationOffer.sms(data, context)).toContain(
      'we would like to offer £12,500 for AB12CDE BMW X1 (ref CB-7K3-9QX).',
    );
  });

  it('the staff alert writes the car the same way', () => {
    const email = newValuation.email(
      {
        id: '3f2a9c1b-5d4e-4a1b-9c8d-7e6f5a4b3c2d',
        reference: 'CB-7K3-9QX',
        registration: 'AB12CDE',
        make: 'MERCEDES-BENZ',
        model: 'C220D AMG LINE',
        year: 2019,
        mileage: 45_000,
        name: 'Jo Seller',
        postcode: 'LN11 0LQ',
        email: 'jo@example.com',
        phone: '07911 123456',
        contactBy: ['Call'],
        condition: 'Good',
        outstandingFinance: 'No',
        mechanicalIssues: 'No',
      },
      context,
    );
    expect(email.subject).toBe('New valuation request CB-7K3-9QX: AB12CDE Mercedes-Benz C220d AMG Line (2019)');
  });
});
