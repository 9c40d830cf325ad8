import { statusLabel } from '../../components/status-badge';
import { valuationStatusValues, type ValuationStatusValue } from '~/shared/admin-valuations';
import type { ValuationEventView } from '~/shared/admin-valuation-detail';
import { lostReasonLabels, lostReasons, type LostReason } from '~/shared/valuation-lifecycle';
import { formatPounds } from '~/shared/valuation-offer';
import { isPhotoShot, photoShotGuide } from '~/shared/photo-shots';
import { carPanels, damageKindLabels, damageKinds, panelGuide } from '~/shared/car-diagram';
import { documentGuide, documentKinds } from '~/shared/document-checklist';
import { formatDay } from '~/shared/finance-settlement';

/**
 * The timeline's lines: what happened, in words, from each event's type and data. Types the
 * page does not know yet are still shown ("Other event: …"), so nothing on the record is hidden.
 */

export type EventTone = 'neutral' | 'brand' | 'success' | 'warning';
export type EventDescription = { title: string; detail?: string; tone: EventTone };

const methodWords: Record<string, string> = { email: 'by e-mail', sms: 'by text message', both: 'by e-mail and text' };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/** A document kind's name ("V5C logbook"), or undefined for one the page does not know. */
function documentName(value: unknown): string | undefined {
  const kind = documentKinds.find((k) => k === value);
  return kind ? documentGuide[kind].label : undefined;
}

function statusWord(value: unknown): string {
  return valuationStatusValues.includes(value as ValuationStatusValue)
    ? statusLabel(value as ValuationStatusValue)
    : (text(value) ?? 'unknown');
}

export function describeEvent(event: Pick<ValuationEventView, 'type' | 'data'>): EventDescription {
  const { data } = event;
  switch (event.type) {
    case 'created':
      return { title: 'Valuation request received', tone: 'brand' };
    case 'viewed':
      return { title: 'First viewed by staff', tone: 'neutral' };
    case 'offer_sent': {
      const pence = count(data.amountPence);
      const method = methodWords[String(data.sendMethod)];
      return {
        title: pence === undefined ? 'Offer sent' : `Offer of ${formatPounds(pence)} sent`,
        ...(method ? { detail: `Sent ${method}` } : {}),
        tone: 'success',
      };
    }
    case 'status_changed': {
      const reason = lostReasons.includes(data.lostReason as LostReason)
        ? lostReasonLabels[data.lostReason as LostReason]
        : undefined;
      return {
        title: `Status changed from ${statusWord(data.from)} to ${statusWord(data.to)}`,
        ...(reason ? { detail: `Why: ${reason}` } : {}),
        tone: data.to === 'lost' ? 'warning' : 'brand',
      };
    }
    case 'archived':
      return { title: 'Archived', tone: 'warning' };
    case 'restored':
      return { title: 'Restored to the active list', tone: 'brand' };
    case 'forwarded_to_dealer': {
      const dealer = [text(data.dealerName), text(data.dealerEmail) && `<${String(data.dealerEmail)}>`]
        .filter(Boolean)
        .join(' ');
      return {
        title: dealer ? `Forwarded to ${dealer}` : 'Forwarded to a dealer',
        detail:
          data.includeContactDetails === true
            ? "Report included the seller's contact details"
            : "Report without the seller's contact details",
        tone: 'success',
      };
    }
    case 'photos_added': {
      const added = count(data.added);
      const shot = isPhotoShot(data.shot) ? photoShotGuide[data.shot].label : undefined;
      if (shot)
        return { title: count(data.replaced) ? `Photo retaken: ${shot}` : `Photo added: ${shot}`, tone: 'neutral' };
      return {
        title: added === undefined ? 'Photos added' : `${added} ${added === 1 ? 'photo' : 'photos'} added`,
        tone: 'neutral',
      };
    }
    case 'damage_marked':
    case 'damage_marker_changed':
    case 'damage_marker_removed': {
      const what = damageKinds.find((kind) => kind === data.kind);
      const where = carPanels.find((panel) => panel === data.panel);
      const verb = {
        damage_marked: 'Damage marked',
        damage_marker_changed: 'Damage mark changed',
        damage_marker_removed: 'Damage mark removed',
      }[event.type];
      return {
        title: verb,
        ...(what && where ? { detail: `${damageKindLabels[what]}, ${panelGuide[where].label.toLowerCase()}` } : {}),
        tone: 'neutral',
      };
    }
    case 'photo_removed':
      return { title: 'A photo removed', tone: 'neutral' };
    case 'marketing_consent_withdrawn':
      return { title: 'Marketing consent withdrawn', detail: 'No marketing from now on', tone: 'warning' };
    case 'offer_accepted': {
      const pence = count(data.amountPence);
      return {
        title: pence === undefined ? 'Offer accepted' : `Offer of ${formatPounds(pence)} accepted`,
        detail: 'On the seller’s own page',
        tone: 'success',
      };
    }
    case 'offer_declined': {
      const pence = count(data.amountPence);
      const reason = text(data.reason);
      return {
        title: pence === undefined ? 'Offer declined' : `Offer of ${formatPounds(pence)} declined`,
        detail: reason ? `Reason: ${reason}` : 'No reason given',
        tone: 'warning',
      };
    }
    case 'fresh_offer_requested':
      return { title: 'Fresh offer asked for', detail: 'The offer ended before the seller answered', tone: 'warning' };
    case 'message_from_seller':
      return { title: 'Message from the seller', detail: 'See Messages with the seller', tone: 'brand' };
    case 'message_to_seller':
      return { title: 'Reply sent to the seller', detail: 'By e-mail, and on their page', tone: 'success' };
    case 'seller_link_resent':
      return {
        title: 'New link sent to the seller',
        detail: 'They asked for it again (“Lost your link?”)',
        tone: 'neutral',
      };
    case 'document_uploaded': {
      const name = documentName(data.kind);
      const verb = data.replaced === true ? 'Document sent again' : 'Document sent';
      const file = { 'application/pdf': 'a PDF', 'image/jpeg': 'a photo' }[String(data.mediaType)];
      return {
        title: name ? `${verb}: ${name}` : verb,
        ...(file ? { detail: `Sent as ${file}` } : {}),
        tone: 'brand',
      };
    }
    case 'document_verified': {
      const name = documentName(data.kind);
      return { title: name ? `Document checked: ${name}` : 'Document checked', tone: 'success' };
    }
    case 'document_rejected': {
      const name = documentName(data.kind);
      const reason = text(data.reason);
      return {
        title: `Document not accepted${name ? `: ${name}` : ''}${reason ? ` (${reason})` : ''}`,
        detail: 'The seller was e-mailed the reason',
        tone: 'warning',
      };
    }
    case 'documents_requested':
      return { title: 'Documents asked for', detail: 'The seller was e-mailed the list', tone: 'brand' };
    case 'keys_declared': {
      const keys = count(data.count);
      return { title: keys === undefined ? 'Keys stated' : `Keys stated: ${keys}`, tone: 'neutral' };
    }
    case 'documents_complete': {
      const keys = count(data.keys);
      const parts = [
        ...(Array.isArray(data.documents) ? data.documents.map(documentName) : []),
        keys === undefined ? undefined : `${keys} ${keys === 1 ? 'key' : 'keys'}`,
      ].filter((part): part is string => part !== undefined);
      const detail = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
      return { title: 'Documents complete', ...(detail ? { detail } : {}), tone: 'success' };
    }
    case 'finance_confirmed': {
      const pence = count(data.settlementPence);
      const until = text(data.validUntil);
      const parts = [
        text(data.lender),
        pence === undefined ? undefined : formatPounds(pence),
        until === undefined ? undefined : `valid until ${formatDay(until)}`,
      ].filter((part): part is string => part !== undefined);
      return {
        title: parts.length > 0 ? `Finance settlement confirmed: ${parts.join(', ')}` : 'Finance settlement confirmed',
        tone: 'success',
      };
    }
    case 'handover_recorded':
      return { title: 'Car collected: handed over as declared', detail: handoverDetail(data), tone: 'success' };
    case 'handover_refused':
      return {
        title: 'Not collected: the car was not as declared',
        ...(text(data.notes) ? { detail: `Driver’s note: ${text(data.notes)}` } : {}),
        tone: 'warning',
      };
    case 'payment_recorded':
      return { title: 'Paid by Faster Payments', detail: paymentDetail(data), tone: 'success' };
    case 'voucher_owed': {
      const due = text(data.dueDate);
      return {
        title: 'Launch voucher owed',
        ...(due ? { detail: `To send by ${formatDay(due)}` } : {}),
        tone: 'brand',
      };
    }
    case 'voucher_not_owed':
      return {
        title: 'No launch voucher',
        ...(text(data.text) ? { detail: text(data.text) } : {}),
        tone: 'neutral',
      };
    case 'voucher_sent':
      return { title: 'Launch voucher sent', tone: 'success' };
    case 'price_revision_proposed':
    case 'price_revision_accepted':
    case 'price_revision_declined':
    case 'price_revision_withdrawn':
    case 'price_revision_lapsed':
      return describeRevision(event.type, data);
    default:
      return { title: `Other event: ${event.type.replaceAll('_', ' ')}`, tone: 'neutral' };
  }
}

/**
 * A price revision's lines (issue 37): proposed, with what it takes off; the seller's answer (a
 * decline ends the sale, with their reason), or none in time (it lapsed); or staff taking it back.
 */
function describeRevision(
  type:
    | 'price_revision_proposed'
    | 'price_revision_accepted'
    | 'price_revision_declined'
    | 'price_revision_withdrawn'
    | 'price_revision_lapsed',
  data: Record<string, unknown>,
): EventDescription {
  const from = count(data.fromPence);
  const to = count(data.toPence);
  const prices = from !== undefined && to !== undefined ? `${formatPounds(to)} instead of ${formatPounds(from)}` : '';
  const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
  const lines = items
    .map((item) => {
      const pence = count(item.amountPence);
      return text(item.name) ? `${text(item.name)}${pence === undefined ? '' : ` ${formatPounds(pence)}`}` : undefined;
    })
    .filter((line): line is string => line !== undefined);
  switch (type) {
    case 'price_revision_proposed':
      return {
        title: prices ? `Revised price proposed: ${prices}` : 'Revised price proposed',
        ...(lines.length ? { detail: lines.join('; ') } : {}),
        tone: 'warning',
      };
    case 'price_revision_accepted':
      return {
        title: prices ? `Revised price accepted: ${prices}` : 'Revised price accepted',
        detail: 'On the seller’s own page; it is the price to pay',
        tone: 'success',
      };
    case 'price_revision_declined': {
      const reason = text(data.reason);
      return {
        title: prices ? `Revised price declined: ${prices}` : 'Revised price declined',
        detail: `We do not buy the car, at no cost to the seller. ${reason ? `Reason: ${reason}` : 'No reason given'}`,
        tone: 'warning',
      };
    }
    case 'price_revision_withdrawn':
      return {
        title: prices ? `Revised price withdrawn: ${prices}` : 'Revised price withdrawn',
        detail: 'The agreed price stands; the seller was e-mailed',
        tone: 'neutral',
      };
    case 'price_revision_lapsed':
      return {
        title: prices ? `Revised price lapsed: ${prices}` : 'Revised price lapsed',
        detail: 'The seller did not answer in time; the price they accepted stands',
        tone: 'neutral',
      };
  }
}

/** "45,210 miles, 2 keys, V5C handed over, the seller is the keeper". */
function handoverDetail(data: Record<string, unknown>): string {
  const mileage = count(data.mileage);
  const keys = count(data.keys);
  return [
    mileage === undefined ? undefined : `${mileage.toLocaleString('en-GB')} miles`,
    keys === undefined ? undefined : `${keys} ${keys === 1 ? 'key' : 'keys'}`,
    data.v5cHandedOver === true ? 'V5C handed over' : data.v5cHandedOver === false ? 'V5C not handed over' : undefined,
    data.sellerIsKeeper === false ? 'the seller is not the keeper on the V5C' : undefined,
    text(data.notes),
  ]
    .filter((part): part is string => part !== undefined)
    .join(', ');
}

/** "£8,750.32 to the lender (AGR 5512), £1,249.68 to the seller (CARBUY JO)". */
function paymentDetail(data: Record<string, unknown>): string {
  const payments = Array.isArray(data.payments) ? (data.payments as Record<string, unknown>[]) : [];
  return payments
    .map((payment) => {
      const pence = count(payment.amountPence);
      const payee = payment.payee === 'lender' ? 'the lender' : 'the seller';
      const reference = text(payment.reference);
      return `${pence === undefined ? 'A payment' : formatPounds(pence)} to ${payee}${reference ? ` (${reference})` : ''}`;
    })
    .join(', ');
}

/** Seller's own steps (the request, its photos, documents and keys) have no staff actor. */
const sellerEvents = new Set([
  'created',
  'photos_added',
  'photo_removed',
  'damage_marked',
  'damage_marker_changed',
  'damage_marker_removed',
  'document_uploaded',
  'keys_declared',
]);

/** Who did it: the admin's username, "Seller" for the seller's own steps, else "System". */
export function eventActor(
  event: Pick<ValuationEventView, 'type' | 'actor'> & { data?: ValuationEventView['data'] },
): string {
  if (event.actor) return event.actor;
  // What the seller did on their own page (answering an offer, a message, a stage it moved) says so.
  if (event.data?.by === 'seller') return 'Seller';
  return sellerEvents.has(event.type) ? 'Seller' : 'System';
}
