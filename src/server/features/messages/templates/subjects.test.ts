import { describe, expect, it } from 'vitest';
import { newValuationData } from '../../../../../test/helpers/messages';
import { testSite } from '../../../../../test/helpers/site';
import { complaintReceived } from './complaint-received';
import { dealerForward } from './dealer-forward';
import type { EmailContent, MessageContext } from './layout';
import { newComplaint } from './new-complaint';
import { newValuation } from './new-valuation';
import { valuationOffer } from './valuation-offer';
import { valuationReceived } from './valuation-received';

/**
 * Issue 32, finding 6: a public form sends its receipt to whatever address was typed, so a subject
 * built from the typed words lets a stranger put their own words at the top of someone's inbox in
 * our name. Every e-mail's subject (and its preheader, the line the inbox shows beside it) is
 * fixed words and our own data: a reference, an amount, our trading name.
 */

const context: MessageContext = { site: testSite(), now: new Date('2026-03-02T09:00:00Z') };

/** What a stranger typed into a form field, in any field a person fills in. */
const TYPED = 'Claim Your Prize';
const receivedAt = new Date('2026-03-02T09:00:00Z');

const emails: Record<string, () => EmailContent> = {
  'valuation-received': () =>
    valuationReceived.email(
      {
        reference: 'CB-7K3-9QX',
        firstName: TYPED,
        registration: 'AB12CDE',
        make: TYPED,
        model: TYPED,
        contactBy: ['Call'],
        sellerSecret: 'S'.repeat(43),
      },
      context,
    ),
  'valuation-offer': () =>
    valuationOffer.email(
      {
        reference: 'CB-7K3-9QX',
        firstName: TYPED,
        registration: 'AB12CDE',
        make: TYPED,
        model: TYPED,
        amountPence: 425_000,
        notes: TYPED,
        validUntil: '2026-07-08T22:59:59.000Z',
        conditions: ['The mileage is within 500 miles of the 48,000 you told us.'],
        sellerSecret: 'S'.repeat(43),
      },
      context,
    ),
  'new-valuation': () => newValuation.email(newValuationData({ make: TYPED, model: TYPED, name: TYPED }), context),
  'complaint-received': () =>
    complaintReceived.email(
      { reference: 'DP-7K3-9QX', name: TYPED, email: 'jo@example.com', phone: null, details: TYPED, receivedAt },
      context,
    ),
  'new-complaint': () =>
    newComplaint.email(
      { reference: 'DP-7K3-9QX', name: TYPED, email: 'jo@example.com', phone: null, receivedAt },
      context,
    ),
  'dealer-forward': () =>
    dealerForward.email(
      {
        dealerName: 'Lincs Motors',
        senderName: 'Sam Staff',
        message: TYPED,
        registration: 'AB12 CDE',
        vehicle: `${TYPED} ${TYPED} 2019`,
        mileage: 45_000,
        reference: 'CB-7K3-9QX',
        filename: 'vehicle-report-AB12CDE.pdf',
        includeContactDetails: false,
      },
      context,
    ),
};

/** The preheader: the hidden first line of the HTML, which inboxes show after the subject. */
const preheader = (html: string) => /<div style="display:none;[^"]*">([^<]*)<\/div>/.exec(html)?.[1];

describe('e-mail subjects', () => {
  it.each(Object.keys(emails))('%s: the subject and inbox preview hold none of the typed words', (name) => {
    const email = emails[name]!();
    expect(email.subject).not.toContain(TYPED);
    expect(preheader(email.html)).toBeDefined();
    expect(preheader(email.html)).not.toContain(TYPED);
  });

  it('names the request by our reference', () => {
    expect(emails['valuation-received']!().subject).toBe('We have your valuation request (reference CB-7K3-9QX)');
    expect(emails['valuation-offer']!().subject).toBe('Our offer: £4,250 (reference CB-7K3-9QX)');
    expect(emails['new-valuation']!().subject).toBe('New valuation request CB-7K3-9QX');
    expect(emails['dealer-forward']!().subject).toBe('Vehicle report CB-7K3-9QX');
  });
});
