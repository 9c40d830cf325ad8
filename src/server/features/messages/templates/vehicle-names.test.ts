import { describe, expect, it } from 'vitest';
import { newValuationData } from '../../../../../test/helpers/messages';
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
        sellerSecret: 'S'.repeat(43),
      },
      context,
    );
    expect(email.subject).toBe('We have your valuation request (reference CB-7K3-9QX)');
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
      validUntil: '2026-07-08T22:59:59.000Z',
      conditions: ['The mileage is within 500 miles of the 48,000 you told us.'],
      sellerSecret: 'S'.repeat(43),
    };
    expect(valuationOffer.email(data, context).text).toContain('value AB12CDE BMW X1 (reference CB-7K3-9QX)');
    expect(valuationOffer.sms(data, context)).toContain(
      'we offer £12,500 for AB12CDE BMW X1 (ref CB-7K3-9QX), valid until 23:59 on Wednesday 8 July.',
    );
  });

  it('the staff alert writes the car the same way', () => {
    const email = newValuation.email(newValuationData(), context);
    expect(email.text).toContain('Vehicle: AB12CDE Mercedes-Benz C220d AMG Line (2019)');
  });
});
