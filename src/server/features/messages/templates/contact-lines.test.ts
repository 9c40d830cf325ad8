import { describe, expect, it } from 'vitest';
import { testContactDetails, testSite } from '../../../../../test/helpers/site';
import { dealerForward } from './dealer-forward';
import type { MessageContext } from './layout';
import { valuationOffer } from './valuation-offer';
import { valuationReceived } from './valuation-received';

/**
 * Issue 31: what the messages say about reaching us reads sensibly whether SITE_PHONE and
 * SITE_EMAIL are set or not: the details at the foot of every e-mail, and each "call us" line.
 */

const { promotion: _promotion, ...unset } = testSite({ openingHours: [] });
const configured = { ...unset, ...testContactDetails };
const context = (site: MessageContext['site']): MessageContext => ({ site, now: new Date('2026-07-01T09:00:00Z') });

const offer = {
  firstName: 'Jo',
  reference: 'CB-7K3-9QX',
  registration: 'AB19QXY',
  make: 'FORD',
  model: 'FOCUS',
  amountPence: 650_000,
  notes: null,
  validUntil: '2026-07-08T22:59:59.000Z',
  conditions: ['The mileage is within 500 miles of the 48,000 you told us.'],
  sellerSecret: 'S'.repeat(43),
};
const received = {
  firstName: 'Jo',
  reference: 'CB-7K3-9QX',
  registration: 'AB19QXY',
  make: 'FORD',
  model: 'FOCUS',
  contactBy: ['Call'],
  sellerSecret: 'S'.repeat(43),
};
const forward = {
  dealerName: 'Lincs Cars',
  senderName: 'Sam',
  message: null,
  registration: 'AB19 QXY',
  vehicle: 'FORD FOCUS 2019',
  mileage: 48_000,
  reference: 'ABC123',
  filename: 'report.pdf',
  includeContactDetails: false,
};

const emails = (site: MessageContext['site']) => [
  valuationReceived.email(received, context(site)),
  valuationOffer.email(offer, context(site)),
  dealerForward.email(forward, context(site)),
];

describe('how messages say to reach us', () => {
  it('with a phone and e-mail set: in every footer, and the phone in each "call us" line', () => {
    for (const email of emails(configured)) {
      expect(email.text).toContain('Phone 020 7946 0123 · E-mail hello@test.invalid');
      expect(email.text).toMatch(/call (us|Test Motors) on 020 7946 0123/);
      expect(email.html).toContain('Phone 020 7946 0123 · E-mail hello@test.invalid');
    }
    expect(valuationOffer.sms(offer, context(configured))).toContain('Questions: call 020 7946 0123.');
  });

  it('with neither set: no empty line or "undefined" in the footer, and no number to call', () => {
    for (const email of emails(unset)) {
      const footer = email.text.slice(email.text.indexOf('\n--\n'));
      expect(footer).toBe('\n--\nTest Motors\nLouth, Lincolnshire, LN11 0LQ\nhttps://www.test.invalid\n');
      expect(email.text).not.toMatch(/call us|undefined|Phone|E-mail /);
      expect(email.text).toContain('reply to this e-mail');
    }
  });

  it('never asks for a reply by text: nothing reads texts sent back', () => {
    expect(valuationOffer.sms(offer, context(unset))).not.toMatch(/reply/i);
    expect(valuationOffer.sms(offer, context({ ...unset, email: 'hello@test.invalid' }))).toContain(
      'Questions: e-mail hello@test.invalid.',
    );
    expect(valuationOffer.sms(offer, context(unset))).toContain('Questions: https://www.test.invalid/contact');
  });
});
