import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  lifecycleEventTypes,
  lifecycleMessages as m,
  lostReasons,
  nextStage,
  openStages,
  sampleEvent,
  staffEventFor,
  staffLostReasons,
  staffStageChoices,
  stageChoiceMessages,
  valuationStages,
  type LifecycleEvent,
  type LifecycleEventType,
  type ValuationStage,
} from './valuation-lifecycle';

/**
 * DESIGN section 9: every (stage, event) pair, written out, so a change to the lifecycle is a
 * change to this table. A stage name is where the event leads; any other text is the refusal.
 */
const table: Record<ValuationStage, Record<LifecycleEventType, string>> = {
  new: {
    contact: 'contacted',
    send_offer: 'offer_made',
    accept_offer: m.noOpenOffer,
    decline_offer: m.noOpenOffer,
    book_collection: m.collectionNeedsAcceptance,
    cancel_collection: m.cancelNeedsBooking,
    collect: m.collectNeedsBooking,
    pay: m.payNeedsCollection,
    mark_lost: 'lost',
    reopen: m.reopenOnlyLost,
    propose_revision: m.revisionNeedsAcceptance,
    accept_revision: m.noOpenRevision,
    decline_revision: m.noOpenRevision,
  },
  contacted: {
    contact: m.alreadyContacted,
    send_offer: 'offer_made',
    accept_offer: m.noOpenOffer,
    decline_offer: m.noOpenOffer,
    book_collection: m.collectionNeedsAcceptance,
    cancel_collection: m.cancelNeedsBooking,
    collect: m.collectNeedsBooking,
    pay: m.payNeedsCollection,
    mark_lost: 'lost',
    reopen: m.reopenOnlyLost,
    propose_revision: m.revisionNeedsAcceptance,
    accept_revision: m.noOpenRevision,
    decline_revision: m.noOpenRevision,
  },
  offer_made: {
    contact: m.contactOnlyNew,
    send_offer: 'offer_made',
    accept_offer: 'offer_accepted',
    decline_offer: 'lost',
    book_collection: m.collectionNeedsAcceptance,
    cancel_collection: m.cancelNeedsBooking,
    collect: m.collectNeedsBooking,
    pay: m.payNeedsCollection,
    mark_lost: 'lost',
    reopen: m.reopenOnlyLost,
    propose_revision: m.revisionNeedsAcceptance,
    accept_revision: m.noOpenRevision,
    decline_revision: m.noOpenRevision,
  },
  offer_accepted: {
    contact: m.contactOnlyNew,
    send_offer: m.offerAfterAcceptance,
    accept_offer: m.noOpenOffer,
    decline_offer: m.noOpenOffer,
    book_collection: 'collection_booked',
    cancel_collection: m.cancelNeedsBooking,
    collect: m.collectNeedsBooking,
    pay: m.payNeedsCollection,
    mark_lost: 'lost',
    reopen: m.reopenOnlyLost,
    propose_revision: 'offer_accepted',
    accept_revision: 'offer_accepted',
    decline_revision: 'lost',
  },
  collection_booked: {
    contact: m.contactOnlyNew,
    send_offer: m.offerAfterAcceptance,
    accept_offer: m.noOpenOffer,
    decline_offer: m.noOpenOffer,
    book_collection: m.collectionNeedsAcceptance,
    cancel_collection: 'offer_accepted',
    collect: 'collected',
    pay: m.payNeedsCollection,
    mark_lost: 'lost',
    reopen: m.reopenOnlyLost,
    propose_revision: 'collection_booked',
    accept_revision: 'collection_booked',
    decline_revision: 'lost',
  },
  collected: {
    contact: m.contactOnlyNew,
    send_offer: m.offerAfterAcceptance,
    accept_offer: m.noOpenOffer,
    decline_offer: m.noOpenOffer,
    book_collection: m.collectionNeedsAcceptance,
    cancel_collection: m.cancelNeedsBooking,
    collect: m.collectNeedsBooking,
    pay: 'completed',
    mark_lost: 'lost',
    reopen: m.reopenOnlyLost,
    propose_revision: m.revisionAfterCollection,
    accept_revision: m.noOpenRevision,
    decline_revision: m.noOpenRevision,
  },
  completed: {
    contact: m.contactOnlyNew,
    send_offer: m.offerWhenCompleted,
    accept_offer: m.noOpenOffer,
    decline_offer: m.noOpenOffer,
    book_collection: m.collectionNeedsAcceptance,
    cancel_collection: m.cancelNeedsBooking,
    collect: m.collectNeedsBooking,
    pay: m.payNeedsCollection,
    mark_lost: m.lostWhenCompleted,
    reopen: m.reopenOnlyLost,
    propose_revision: m.revisionAfterCollection,
    accept_revision: m.noOpenRevision,
    decline_revision: m.noOpenRevision,
  },
  lost: {
    contact: m.contactOnlyNew,
    send_offer: m.offerWhenLost,
    accept_offer: m.noOpenOffer,
    decline_offer: m.noOpenOffer,
    book_collection: m.collectionNeedsAcceptance,
    cancel_collection: m.cancelNeedsBooking,
    collect: m.collectNeedsBooking,
    pay: m.payNeedsCollection,
    mark_lost: m.alreadyLost,
    reopen: 'contacted',
    propose_revision: m.revisionNeedsAcceptance,
    accept_revision: m.noOpenRevision,
    decline_revision: m.noOpenRevision,
  },
};

const eventOf = (type: LifecycleEventType): LifecycleEvent =>
  type === 'mark_lost' ? { type, reason: 'sold_elsewhere' } : sampleEvent(type);

describe('the valuation lifecycle (DESIGN section 9)', () => {
  const pairs = valuationStages.flatMap((stage) => lifecycleEventTypes.map((type) => [stage, type] as const));

  it('answers all 104 pairs of stage and event', () => {
    expect(pairs).toHaveLength(valuationStages.length * lifecycleEventTypes.length);
    expect(pairs).toHaveLength(104);
  });

  it.each(pairs)('from %s, %s', (stage, type) => {
    const expected = table[stage][type];
    const result = nextStage(stage, eventOf(type));
    if ((valuationStages as readonly string[]).includes(expected)) {
      expect(result).toMatchObject({ ok: true, stage: expected });
    } else {
      expect(result).toEqual({ ok: false, refusal: expected });
    }
  });

  it('says why a request is lost: the reason staff gave, or "declined" when the seller declined', () => {
    for (const stage of openStages) {
      for (const reason of staffLostReasons) {
        expect(nextStage(stage, { type: 'mark_lost', reason })).toEqual({
          ok: true,
          stage: 'lost',
          lostReason: reason,
        });
      }
    }
    expect(nextStage('offer_made', { type: 'decline_offer' })).toEqual({
      ok: true,
      stage: 'lost',
      lostReason: 'declined',
    });
    expect(nextStage('lost', { type: 'reopen' })).toEqual({ ok: true, stage: 'contacted', lostReason: null });
  });

  it('loses a request as "revision_declined" only when the seller declines a revised price, never by staff', () => {
    expect(staffLostReasons).not.toContain('revision_declined');
    expect(lostReasons).toContain('revision_declined');
    for (const stage of ['offer_accepted', 'collection_booked'] as const) {
      expect(nextStage(stage, { type: 'decline_revision' })).toEqual({
        ok: true,
        stage: 'lost',
        lostReason: 'revision_declined',
      });
      expect(nextStage(stage, { type: 'mark_lost', reason: 'revision_declined' })).toEqual({
        ok: false,
        refusal: m.revisionDeclinedBySeller,
      });
    }
  });

  it('lets a revision only lower the agreed price, and never to nothing (issue 37)', () => {
    for (const type of ['propose_revision', 'accept_revision'] as const) {
      for (const stage of ['offer_accepted', 'collection_booked'] as const) {
        expect(nextStage(stage, { type, fromPence: 900_000, toPence: 880_000 })).toEqual({
          ok: true,
          stage,
          lostReason: null,
        });
        for (const toPence of [900_000, 900_001, 0, -5, 0.5, Number.NaN]) {
          expect(nextStage(stage, { type, fromPence: 900_000, toPence })).toEqual({
            ok: false,
            refusal: m.revisionMustLower,
          });
        }
      }
    }
    // After acceptance, a new offer (the other way a price could change) is refused.
    expect(nextStage('offer_accepted', { type: 'send_offer' })).toEqual({ ok: false, refusal: m.offerAfterAcceptance });
    expect(nextStage('collection_booked', { type: 'send_offer' })).toEqual({
      ok: false,
      refusal: m.offerAfterAcceptance,
    });
  });

  it('offers as actions exactly the events a stage allows', () => {
    expect(allowedEvents('new')).toEqual(['contact', 'send_offer', 'mark_lost']);
    expect(allowedEvents('offer_made')).toEqual(['send_offer', 'accept_offer', 'decline_offer', 'mark_lost']);
    expect(allowedEvents('offer_accepted')).toEqual([
      'book_collection',
      'mark_lost',
      'propose_revision',
      'accept_revision',
      'decline_revision',
    ]);
    expect(allowedEvents('completed')).toEqual([]);
    expect(allowedEvents('lost')).toEqual(['reopen']);
  });

  it('keeps SPEC’s filter names first, in their meaning, with the open stages before completed and lost', () => {
    expect(valuationStages.slice(0, 2)).toEqual(['new', 'contacted']);
    expect(openStages).toEqual(['new', 'contacted', 'offer_made', 'offer_accepted', 'collection_booked', 'collected']);
  });

  it('lets staff choose, in the detail page, only the stages one of their own events reaches', () => {
    expect(staffStageChoices('new')).toEqual(['contacted', 'lost']);
    expect(staffStageChoices('contacted')).toEqual(['lost']);
    expect(staffStageChoices('offer_made')).toEqual(['lost']);
    expect(staffStageChoices('offer_accepted')).toEqual(['lost']);
    expect(staffStageChoices('collection_booked')).toEqual(['lost']);
    expect(staffStageChoices('collected')).toEqual(['lost']);
    expect(staffStageChoices('completed')).toEqual([]);
    expect(staffStageChoices('lost')).toEqual(['contacted']);
  });

  it('says why a stage cannot be chosen directly, and that lost needs its reason', () => {
    expect(staffEventFor('new', 'new', undefined)).toBeNull();
    expect(staffEventFor('new', 'offer_made', undefined)).toEqual({ refusal: stageChoiceMessages.offer_made });
    expect(staffEventFor('offer_made', 'offer_accepted', undefined)).toEqual({
      refusal: stageChoiceMessages.offer_accepted,
    });
    expect(staffEventFor('contacted', 'new', undefined)).toEqual({ refusal: stageChoiceMessages.new });
    expect(staffEventFor('contacted', 'lost', undefined)).toEqual({ refusal: stageChoiceMessages.lostNeedsReason });
    expect(staffEventFor('contacted', 'lost', 'withdrawn')).toEqual({ type: 'mark_lost', reason: 'withdrawn' });
    expect(staffEventFor('lost', 'contacted', undefined)).toEqual({ type: 'reopen' });
    // Collection day's stages are reached by booking, the handover and the payment, never by the control.
    expect(staffEventFor('offer_accepted', 'collection_booked', undefined)).toEqual({
      refusal: stageChoiceMessages.collection_booked,
    });
    expect(staffEventFor('collection_booked', 'collected', undefined)).toEqual({
      refusal: stageChoiceMessages.collected,
    });
    expect(staffEventFor('collected', 'completed', undefined)).toEqual({ refusal: stageChoiceMessages.completed });
  });
});
