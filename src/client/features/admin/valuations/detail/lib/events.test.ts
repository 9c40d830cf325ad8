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

  it('says who: the admin, the seller for their own steps, else the system', () => {
    expect(eventActor({ type: 'offer_sent', actor: 'sam' })).toBe('sam');
    expect(eventActor({ type: 'created', actor: null })).toBe('Seller');
    expect(eventActor({ type: 'photos_added', actor: null })).toBe('Seller');
    expect(eventActor({ type: 'viewed', actor: null })).toBe('System');
    expect(eventActor({ type: 'status_changed', actor: null, data: { to: 'lost', by: 'seller' } })).toBe('Seller');
    expect(eventActor({ type: 'status_changed', actor: null, data: { to: 'lost', by: 'system' } })).toBe('System');
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
});
