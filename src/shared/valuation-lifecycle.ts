/**
 * The valuation lifecycle (DESIGN section 9; issue 34): its stages, the reasons a request is lost,
 * the events that move it, and the one function that says where each event leads from each stage.
 * Plain data and a pure function, without zod: the server applies it (features/valuations/lifecycle.ts,
 * the only writer of the stage column), and the back office and the seller's page read the same
 * words and ask it which actions a stage allows.
 */

/** In order, received to paid; `lost` may follow any open stage. */
export const valuationStages = [
  'new',
  'contacted',
  'offer_made',
  'offer_accepted',
  'collection_booked',
  'collected',
  'completed',
  'lost',
] as const;
export type ValuationStage = (typeof valuationStages)[number];

/** The stages a request is still being worked in: every one but completed and lost. */
export const openStages = valuationStages.filter(
  (stage): stage is Exclude<ValuationStage, 'completed' | 'lost'> => stage !== 'completed' && stage !== 'lost',
);

export const stageLabels: Record<ValuationStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  offer_made: 'Offer made',
  offer_accepted: 'Offer accepted',
  collection_booked: 'Collection booked',
  collected: 'Collected',
  completed: 'Completed',
  lost: 'Lost',
};

export const lostReasons = [
  'declined',
  'offer_expired',
  'no_response',
  'sold_elsewhere',
  'withdrawn',
  'not_buying',
  'revision_declined',
] as const;
export type LostReason = (typeof lostReasons)[number];

export const lostReasonLabels: Record<LostReason, string> = {
  declined: 'The seller declined our offer',
  offer_expired: 'Our offer expired',
  no_response: 'No reply from the seller',
  sold_elsewhere: 'Sold elsewhere',
  withdrawn: 'The seller withdrew the request',
  not_buying: 'We decided not to buy',
  revision_declined: 'The seller declined our revised price',
};

/**
 * The reasons staff may give when they mark a request lost. `revision_declined` is the seller's
 * answer on their own page (issue 37), never staff's to choose.
 */
export const staffLostReasons = lostReasons.filter(
  (reason): reason is Exclude<LostReason, 'revision_declined'> => reason !== 'revision_declined',
);

/** A price revision's figures (pence): the price agreed before it, and the revised price it proposes. */
export type PriceChange = { fromPence: number; toPence: number };

/**
 * What moves a request, and who may cause it: staff (`contact`, `send_offer`, `book_collection`,
 * `collect`, `pay`, `mark_lost`, `reopen`, `propose_revision`) or the seller on their own page
 * (`accept_offer`, `decline_offer`, which loses the request with the reason `declined` until staff
 * reopen it; `accept_revision`, `decline_revision`, which loses it as `revision_declined`); either
 * books or cancels a collection slot (`book_collection`, `cancel_collection`, issue 36).
 *
 * A price revision (issue 37) is the only way an agreed price changes: it carries the price before
 * and after, and the lifecycle refuses one that does not lower the price or lowers it to nothing.
 */
export type LifecycleEvent =
  | { type: 'contact' }
  | { type: 'send_offer' }
  | { type: 'accept_offer' }
  | { type: 'decline_offer' }
  | { type: 'book_collection' }
  | { type: 'cancel_collection' }
  | { type: 'collect' }
  | { type: 'pay' }
  | { type: 'mark_lost'; reason: LostReason }
  | { type: 'reopen' }
  | ({ type: 'propose_revision' } & PriceChange)
  | ({ type: 'accept_revision' } & PriceChange)
  | { type: 'decline_revision' };
export type LifecycleEventType = LifecycleEvent['type'];

export const lifecycleEventTypes = [
  'contact',
  'send_offer',
  'accept_offer',
  'decline_offer',
  'book_collection',
  'cancel_collection',
  'collect',
  'pay',
  'mark_lost',
  'reopen',
  'propose_revision',
  'accept_revision',
  'decline_revision',
] as const satisfies readonly LifecycleEventType[];

/** Where an event leads: the next stage (and, for `lost`, why), or a refusal people can read. */
export type Transition =
  { ok: true; stage: ValuationStage; lostReason: LostReason | null } | { ok: false; refusal: string };

export const lifecycleMessages = {
  alreadyContacted: 'This request is already marked as contacted.',
  contactOnlyNew: 'Only a new request can be marked as contacted.',
  offerAfterAcceptance: 'The seller has accepted an offer, so a new one cannot be sent.',
  offerWhenLost: 'This request is lost. Reopen it before sending an offer.',
  offerWhenCompleted: 'This sale is completed: there is nothing to offer for.',
  noOpenOffer: 'There is no open offer to answer.',
  collectionNeedsAcceptance: 'A collection can be booked only once the seller has accepted an offer.',
  collectNeedsBooking: 'Only a booked collection can be marked as collected.',
  cancelNeedsBooking: 'There is no booked collection to cancel.',
  payNeedsCollection: 'Only a collected car can be marked as paid.',
  alreadyLost: 'This request is already marked as lost.',
  lostWhenCompleted: 'A completed sale cannot be marked as lost.',
  reopenOnlyLost: 'Only a lost request can be reopened.',
  revisionNeedsAcceptance:
    'A price can be revised only once the seller has accepted an offer, and before the car is collected.',
  revisionAfterCollection: 'The car is collected: the agreed price can no longer change.',
  revisionMustLower: 'A revised price must be lower than the agreed price, and more than £0.',
  noOpenRevision: 'There is no revised price to answer.',
  revisionDeclinedBySeller: 'Only the seller can decline a revised price, on their own page.',
  revisionWaiting:
    'A revised price is waiting for the seller’s answer. Wait for it, or withdraw the revision, before the handover.',
} as const;

const to = (stage: ValuationStage, lostReason: LostReason | null = null): Transition => ({
  ok: true,
  stage,
  lostReason,
});
const refuse = (refusal: string): Transition => ({ ok: false, refusal });

/** Where a new offer may be sent from: before acceptance, and again while one is open (it supersedes it). */
const OFFER_FROM: readonly ValuationStage[] = ['new', 'contacted', 'offer_made'];
/** Where a price may be revised: an accepted offer, before the car is collected (at the door included). */
export const REVISION_AT: readonly ValuationStage[] = ['offer_accepted', 'collection_booked'];

/** A revision's price only goes down, and never to nothing (issue 37: "a price only goes down through an evidenced revision"). */
const lowers = ({ fromPence, toPence }: PriceChange) =>
  Number.isSafeInteger(fromPence) && Number.isSafeInteger(toPence) && toPence > 0 && toPence < fromPence;

/** Why a revision cannot happen at `stage`: before acceptance, or after collection. */
const revisionRefusal = (stage: ValuationStage) =>
  stage === 'collected' || stage === 'completed'
    ? lifecycleMessages.revisionAfterCollection
    : lifecycleMessages.revisionNeedsAcceptance;

/**
 * Where `event` leads from `stage`. Every pair has an answer (the tests try them all); nothing
 * moves backwards except `reopen`, which takes a lost request back to `contacted`, and
 * `cancel_collection`, which takes a booked collection back to the accepted offer. A price revision
 * keeps the stage while it is proposed and when the seller accepts it (the revised price is then the
 * agreed one); the seller declining it loses the request at no cost to them.
 */
export function nextStage(stage: ValuationStage, event: LifecycleEvent): Transition {
  switch (event.type) {
    case 'contact':
      if (stage === 'new') return to('contacted');
      return refuse(stage === 'contacted' ? lifecycleMessages.alreadyContacted : lifecycleMessages.contactOnlyNew);
    case 'send_offer':
      if (OFFER_FROM.includes(stage)) return to('offer_made');
      if (stage === 'lost') return refuse(lifecycleMessages.offerWhenLost);
      if (stage === 'completed') return refuse(lifecycleMessages.offerWhenCompleted);
      return refuse(lifecycleMessages.offerAfterAcceptance);
    case 'accept_offer':
      return stage === 'offer_made' ? to('offer_accepted') : refuse(lifecycleMessages.noOpenOffer);
    case 'decline_offer':
      return stage === 'offer_made' ? to('lost', 'declined') : refuse(lifecycleMessages.noOpenOffer);
    case 'book_collection':
      return stage === 'offer_accepted' ? to('collection_booked') : refuse(lifecycleMessages.collectionNeedsAcceptance);
    case 'cancel_collection':
      // The only step back besides `reopen`: the offer stands, the seller books another day.
      return stage === 'collection_booked' ? to('offer_accepted') : refuse(lifecycleMessages.cancelNeedsBooking);
    case 'collect':
      return stage === 'collection_booked' ? to('collected') : refuse(lifecycleMessages.collectNeedsBooking);
    case 'pay':
      return stage === 'collected' ? to('completed') : refuse(lifecycleMessages.payNeedsCollection);
    case 'mark_lost':
      if (stage === 'lost') return refuse(lifecycleMessages.alreadyLost);
      if (stage === 'completed') return refuse(lifecycleMessages.lostWhenCompleted);
      if (event.reason === 'revision_declined') return refuse(lifecycleMessages.revisionDeclinedBySeller);
      return to('lost', event.reason);
    case 'reopen':
      return stage === 'lost' ? to('contacted') : refuse(lifecycleMessages.reopenOnlyLost);
    case 'propose_revision':
      if (!REVISION_AT.includes(stage)) return refuse(revisionRefusal(stage));
      return lowers(event) ? to(stage) : refuse(lifecycleMessages.revisionMustLower);
    case 'accept_revision':
      if (!REVISION_AT.includes(stage)) return refuse(lifecycleMessages.noOpenRevision);
      return lowers(event) ? to(stage) : refuse(lifecycleMessages.revisionMustLower);
    case 'decline_revision':
      return REVISION_AT.includes(stage) ? to('lost', 'revision_declined') : refuse(lifecycleMessages.noOpenRevision);
  }
}

/** An event of each type with plain figures, to ask the lifecycle whether a stage allows that type. */
export function sampleEvent(type: LifecycleEventType): LifecycleEvent {
  switch (type) {
    case 'mark_lost':
      return { type, reason: 'no_response' };
    case 'propose_revision':
    case 'accept_revision':
      return { type, fromPence: 2, toPence: 1 };
    default:
      return { type };
  }
}

/** The events `stage` allows, for the screens that offer them as actions. */
export function allowedEvents(stage: ValuationStage): LifecycleEventType[] {
  return lifecycleEventTypes.filter((type) => nextStage(stage, sampleEvent(type)).ok);
}

/** Words for a stage staff cannot choose directly: each has its own way there. */
export const stageChoiceMessages = {
  offer_made: 'Send an offer to move this request to "Offer made".',
  offer_accepted: 'Only the seller can accept an offer, on their own page.',
  new: 'A request cannot go back to new.',
  lostNeedsReason: 'Choose why this request was lost.',
  collection_booked: 'Book the collection on the Collections screen, or the seller books it on their page.',
  collected: 'Record the handover on the handover screen: the mileage, the keys and the V5C.',
  completed: 'Record the payment on the handover screen: it completes the sale and sends the receipt.',
} as const;

/**
 * The staff event that takes a valuation from `from` to the stage staff chose in the detail page's
 * control (`PATCH /api/valuations/:id/status`, SPEC's call, kept), or a refusal. Choosing the stage
 * it already has is no event at all (null).
 */
export function staffEventFor(
  from: ValuationStage,
  to: ValuationStage,
  lostReason: LostReason | undefined,
): LifecycleEvent | null | { refusal: string } {
  if (from === to) return null;
  switch (to) {
    case 'contacted':
      return from === 'lost' ? { type: 'reopen' } : { type: 'contact' };
    case 'lost':
      return lostReason ? { type: 'mark_lost', reason: lostReason } : { refusal: stageChoiceMessages.lostNeedsReason };
    // Each has its own way there, which records what it needs (issue 36): a slot, a handover, a payment.
    case 'offer_made':
    case 'offer_accepted':
    case 'new':
    case 'collection_booked':
    case 'collected':
    case 'completed':
      return { refusal: stageChoiceMessages[to] };
  }
}

/**
 * The stages staff may choose from `from` in the detail page's control: those one staff event
 * reaches (lost with any reason). Offers and their acceptance have their own ways.
 */
export function staffStageChoices(from: ValuationStage): ValuationStage[] {
  return valuationStages.filter((to) => {
    const event = staffEventFor(from, to, 'no_response');
    return event !== null && !('refusal' in event) && nextStage(from, event).ok;
  });
}
