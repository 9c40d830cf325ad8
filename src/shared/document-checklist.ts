import type { ValuationStage } from './valuation-lifecycle';

/**
 * The seller's documents (issue 35): what we ask for before collection, in what words, and when a
 * request's papers are complete. Plain data and pure functions without zod, because the seller's
 * page island, the back office and the server all read them; the route schemas are in ./documents.ts.
 */

export const documentKinds = ['v5c', 'driving_licence', 'service_history', 'settlement_letter'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** Waiting for staff to look, accepted by staff, or refused with a reason the seller sees. */
export const documentStatuses = ['pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

export const documentStatusLabels: Record<DocumentStatus, string> = {
  pending: 'Waiting for our check',
  verified: 'Checked',
  rejected: 'Not accepted',
};

export const documentGuide: Record<DocumentKind, { label: string; hint: string }> = {
  v5c: {
    label: 'V5C logbook',
    hint: 'A photo or scan of the first page, with the registration, the keeper’s name and address and the document reference number (the 11 digits at the top right). Keep the logbook itself: you will hand it over on collection day.',
  },
  driving_licence: {
    label: 'Photo driving licence',
    hint: 'The front of your photocard licence, so we can check that you are the keeper named on the logbook.',
  },
  service_history: {
    label: 'Service history',
    hint: 'The stamped pages of the service book or your invoices, as one PDF or a photo. Optional, but it can support our offer.',
  },
  settlement_letter: {
    label: 'Finance settlement letter',
    hint: 'The letter or e-mail from your lender with the settlement figure and the date it is valid until, so we can pay them off on the day.',
  },
};

/** Keys the seller can hand over: we ask for a number, not a file. */
export const KEYS_MAX = 5;
export const keysLabel = 'Number of keys';
export const keysHint = 'Count every working key and fob, including spares. Missing keys are an extra cost for us.';

/** The seller's answers that decide which documents are needed. */
export type DocumentNeeds = { outstandingFinance: string | null; serviceHistory: string | null };

/**
 * The checklist for this request, in the order shown. The settlement letter is asked for only
 * when finance was declared; the service history is optional (shown unless the seller said there
 * are no records), so it is never what holds up "complete" unless one was sent and not yet checked.
 */
export function documentChecklist(needs: DocumentNeeds): { kind: DocumentKind; required: boolean }[] {
  const items: { kind: DocumentKind; required: boolean }[] = [
    { kind: 'v5c', required: true },
    { kind: 'driving_licence', required: true },
  ];
  if (needs.serviceHistory !== 'none') items.push({ kind: 'service_history', required: false });
  if (needs.outstandingFinance === 'yes') items.push({ kind: 'settlement_letter', required: true });
  return items;
}

/**
 * Complete: every required document checked, the keys counted, and nothing sent that staff have
 * not yet checked or have turned down (an optional document that was sent must be right too).
 */
export function documentsAreComplete(
  needs: DocumentNeeds,
  documents: readonly { kind: DocumentKind; status: DocumentStatus }[],
  keysCount: number | null,
): boolean {
  if (keysCount === null) return false;
  const statusOf = (kind: DocumentKind) => documents.find((d) => d.kind === kind)?.status;
  const checklist = documentChecklist(needs);
  return (
    checklist.every((item) => !item.required || statusOf(item.kind) === 'verified') &&
    documents.every((d) => d.status === 'verified' || !checklist.some((item) => item.kind === d.kind))
  );
}

/** Stages in which the checklist shows on its own: from the accepted offer until the car is collected. */
const DOCUMENT_STAGES: readonly ValuationStage[] = ['offer_accepted', 'collection_booked', 'collected'];

/** Whether the seller is asked for documents now: after acceptance, or earlier when staff asked. */
export function documentsAsked(stage: ValuationStage, requestedAt: Date | string | null): boolean {
  if (stage === 'completed' || stage === 'lost') return false;
  return DOCUMENT_STAGES.includes(stage) || requestedAt !== null;
}

export const documentMessages = {
  notAsked: 'We have not asked for your documents yet. We will once you accept an offer.',
  closed: 'This request is closed, so its documents can no longer be changed.',
  alreadyVerified: 'We have already checked this document. If it needs changing, please call us.',
  notNeeded: 'We do not need this document for your car.',
  documentNotFound: 'That document was not found.',
  oneFile: 'Please upload one file at a time.',
  noFile: 'Please choose a file to upload.',
  keysRange: `Please enter a number of keys from 1 to ${KEYS_MAX}.`,
  keysLocked: 'Your documents are complete. If the number of keys has changed, please call us.',
  reasonRequired: 'Please say why the document cannot be accepted.',
  reasonTooLong: 'Please keep the reason to 500 characters.',
  notPending: 'This document has already been checked.',
  notOpen: 'Documents can only be asked for while the request is open.',
  tooMany: 'Too many document requests from your connection. Please wait a few minutes and try again.',
} as const;

/** Reasons staff pick most often when turning a document down; they can write their own. */
export const commonRejectionReasons = [
  'The photo is blurred or too dark to read.',
  'Part of the document is cut off.',
  'The name does not match the keeper on the logbook.',
  'This is not the document we asked for.',
  'The settlement letter has expired.',
] as const;
