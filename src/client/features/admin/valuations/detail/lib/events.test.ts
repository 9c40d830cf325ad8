import { describe, expect, it } from 'vitest';
import { describeEvent, eventActor } from './events';

describe('timeline events in words', () => {
  it('describes each kind of event', () => {
    expect(describeEvent({ type: 'created', data: {} }).title).toBe('Valuation request received');
    expect(describeEvent({ type: 'viewed', data: {} }).title).toBe('First viewed by staff');
    expect(describeEvent({ type: 'offer_sent', data: { amountPence: 125_050, sendMethod: 'both' } })).toMatchObject({
      title: 'Offer of £1,250.50 sent',
      detail: 'Sent by e-mail and text',
    });
    expect(describeEvent({ type: 'status_changed', data: { from: 'new', to: 'contacted' } }).title).toBe(
      'Status changed from New to Contacted',
    );
    expect(describeEvent({ type: 'archived', data: {} }).title).toBe('Archived');
    expect(describeEvent({ type: 'restored', data: {} }).title).toBe('Restored to the active list');
    expect(describeEvent({ type: 'photos_added', data: { added: 3 } }).title).toBe('3 photos added');
  });

  it('names the dealer a valuation was forwarded to, and whether contact details went', () => {
    const forwarded = describeEvent({
      type: 'forwarded_to_dealer',
      data: { dealerName: 'Acme Motors', dealerEmail: 'buy@acme.example', includeContactDetails: false },
    });
    expect(forwarded.title).toBe('Forwarded to Acme Motors <buy@acme.example>');
    expect(forwarded.detail).toBe("Report without the seller's contact details");
  });

  it('still shows event types it does not know, and odd data', () => {
    expect(describeEvent({ type: 'price_checked', data: {} }).title).toBe('Other event: price checked');
    expect(describeEvent({ type: 'offer_sent', data: { amountPence: 'lots' } }).title).toBe('Offer sent');
    expect(describeEvent({ type: 'status_changed', data: {} }).title).toBe('Status changed from unknown to unknown');
  });

  it('words the confirmed finance settlement: lender, figure and the letter’s last day', () => {
    expect(
      describeEvent({
        type: 'finance_confirmed',
        data: { lender: 'Black Horse', settlementPence: 875_032, validUntil: '2026-03-20' },
      }),
    ).toEqual({
      title: 'Finance settlement confirmed: Black Horse, £8,750.32, valid until Fri 20 Mar 2026',
      tone: 'success',
    });
    expect(describeEvent({ type: 'finance_confirmed', data: { settlementPence: 'lots' } }).title).toBe(
      'Finance settlement confirmed',
    );
    expect(eventActor({ type: 'finance_confirmed', actor: 'sam' })).toBe('sam');
  });

  it('says who: the admin, the seller for their own steps, else the system', () => {
    expect(eventActor({ type: 'offer_sent', actor: 'sam' })).toBe('sam');
    expect(eventActor({ type: 'created', actor: null })).toBe('Seller');
    expect(eventActor({ type: 'photos_added', actor: null })).toBe('Seller');
    expect(eventActor({ type: 'viewed', actor: null })).toBe('System');
    expect(eventActor({ type: 'status_changed', actor: null, data: { to: 'lost', by: 'seller' } })).toBe('Seller');
    expect(eventActor({ type: 'status_changed', actor: null, data: { to: 'lost', by: 'system' } })).toBe('System');
  });

  it('tells the documents’ story: sent, sent again, checked, not accepted, asked for, keys, complete', () => {
    expect(
      describeEvent({
        type: 'document_uploaded',
        data: { documentId: 'd1', kind: 'v5c', replaced: false, mediaType: 'application/pdf' },
      }),
    ).toEqual({ title: 'Document sent: V5C logbook', detail: 'Sent as a PDF', tone: 'brand' });
    expect(
      describeEvent({
        type: 'document_uploaded',
        data: { documentId: 'd1', kind: 'v5c', replaced: true, mediaType: 'image/jpeg' },
      }).title,
    ).toBe('Document sent again: V5C logbook');
    expect(describeEvent({ type: 'document_verified', data: { kind: 'driving_licence' } })).toEqual({
      title: 'Document checked: Photo driving licence',
      tone: 'success',
    });
    expect(
      describeEvent({
        type: 'document_rejected',
        data: { kind: 'settlement_letter', reason: 'The settlement letter has expired.' },
      }),
    ).toEqual({
      title: 'Document not accepted: Finance settlement letter (The settlement letter has expired.)',
      detail: 'The seller was e-mailed the reason',
      tone: 'warning',
    });
    expect(describeEvent({ type: 'documents_requested', data: {} }).title).toBe('Documents asked for');
    expect(describeEvent({ type: 'keys_declared', data: { count: 2 } }).title).toBe('Keys stated: 2');
    expect(
      describeEvent({ type: 'documents_complete', data: { documents: ['v5c', 'driving_licence'], keys: 2 } }),
    ).toEqual({
      title: 'Documents complete',
      detail: 'V5C logbook, Photo driving licence and 2 keys',
      tone: 'success',
    });
    expect(describeEvent({ type: 'documents_complete', data: { documents: [], keys: 1 } }).detail).toBe('1 key');
  });

  it('words odd document data plainly, and says the seller sent files and counted keys', () => {
    expect(describeEvent({ type: 'document_uploaded', data: { kind: 'passport' } })).toEqual({
      title: 'Document sent',
      tone: 'brand',
    });
    expect(describeEvent({ type: 'document_verified', data: {} }).title).toBe('Document checked');
    expect(describeEvent({ type: 'document_rejected', data: { kind: 'v5c', reason: ' ' } }).title).toBe(
      'Document not accepted: V5C logbook',
    );
    expect(describeEvent({ type: 'keys_declared', data: { count: 'two' } }).title).toBe('Keys stated');
    expect(describeEvent({ type: 'documents_complete', data: {} })).toEqual({
      title: 'Documents complete',
      tone: 'success',
    });
    expect(eventActor({ type: 'document_uploaded', actor: null })).toBe('Seller');
    expect(eventActor({ type: 'keys_declared', actor: null })).toBe('Seller');
    expect(eventActor({ type: 'document_verified', actor: 'sam' })).toBe('sam');
    expect(eventActor({ type: 'documents_complete', actor: null })).toBe('System');
  });

  it('names the lifecycle’s stages, and says why a request was lost', () => {
    expect(
      describeEvent({
        type: 'status_changed',
        data: { from: 'offer_made', to: 'lost', event: 'mark_lost', lostReason: 'sold_elsewhere' },
      }),
    ).toEqual({ title: 'Status changed from Offer made to Lost', detail: 'Why: Sold elsewhere', tone: 'warning' });
    expect(describeEvent({ type: 'status_changed', data: { from: 'collected', to: 'completed' } }).title).toBe(
      'Status changed from Collected to Completed',
    );
  });

  it('describes the handover, the payment and the voucher (issue 36)', () => {
    expect(
      describeEvent({
        type: 'handover_recorded',
        data: { mileage: 45210, keys: 2, v5cHandedOver: true, sellerIsKeeper: false },
      }),
    ).toEqual({
      title: 'Car collected: handed over as declared',
      detail: '45,210 miles, 2 keys, V5C handed over, the seller is not the keeper on the V5C',
      tone: 'success',
    });
    expect(describeEvent({ type: 'handover_refused', data: { notes: 'Gearbox slips' } }).detail).toBe(
      'Driver’s note: Gearbox slips',
    );
    expect(
      describeEvent({
        type: 'payment_recorded',
        data: {
          payments: [
            { payee: 'lender', amountPence: 875032, reference: 'AGR 5512' },
            { payee: 'seller', amountPence: 124968, reference: 'CARBUY JO' },
          ],
        },
      }).detail,
    ).toBe('£8,750.32 to the lender (AGR 5512), £1,249.68 to the seller (CARBUY JO)');
    expect(describeEvent({ type: 'voucher_owed', data: { dueDate: '2027-01-08' } }).detail).toBe(
      'To send by Fri 8 Jan 2027',
    );
  });
  it('words a price revision: proposed with its items, and the seller’s answer or its withdrawal (issue 37)', () => {
    const prices = { fromPence: 900_000, toPence: 876_000 };
    expect(
      describeEvent({
        type: 'price_revision_proposed',
        data: {
          ...prices,
          items: [
            { name: 'Dent, per panel', amountPence: 18_000 },
            { name: 'Kerbed alloy wheel', amountPence: 6_000 },
          ],
        },
      }),
    ).toEqual({
      title: 'Revised price proposed: £8,760 instead of £9,000',
      detail: 'Dent, per panel £180; Kerbed alloy wheel £60',
      tone: 'warning',
    });
    expect(describeEvent({ type: 'price_revision_accepted', data: { ...prices, by: 'seller' } })).toMatchObject({
      title: 'Revised price accepted: £8,760 instead of £9,000',
      tone: 'success',
    });
    expect(
      describeEvent({ type: 'price_revision_declined', data: { ...prices, reason: 'Too low', by: 'seller' } }).detail,
    ).toBe('We do not buy the car, at no cost to the seller. Reason: Too low');
    expect(describeEvent({ type: 'price_revision_withdrawn', data: {} }).title).toBe('Revised price withdrawn');
    expect(describeEvent({ type: 'price_revision_lapsed', data: { fromPence: 900_000, toPence: 876_000 } })).toEqual({
      title: 'Revised price lapsed: £8,760 instead of £9,000',
      detail: 'The seller did not answer in time; the price they accepted stands',
      tone: 'neutral',
    });
    expect(eventActor({ type: 'price_revision_accepted', actor: null, data: { by: 'seller' } })).toBe('Seller');
  });
});
