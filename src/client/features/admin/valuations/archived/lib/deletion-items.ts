import type { ValuationDeletionSummary } from '~/shared/admin-valuations';

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** What goes whatever the counts: the request itself. */
const SELLERS_ANSWERS = 'The seller’s details and answers';

/** The kinds of record that go with a valuation, while the counts are not known. */
const KINDS = [
  SELLERS_ANSWERS,
  'Its photos',
  'Its documents (logbook, licence, service history, finance letter)',
  'Its timeline',
  'Its offers',
  'The e-mails and text messages about it, in Messages',
  'The files sent with them (dealer reports)',
];

/** "2 e-mails and 1 text message"; empty when there are none. */
function messagesPhrase({ emails, textMessages }: ValuationDeletionSummary): string {
  return [
    emails ? counted(emails, 'e-mail', 'e-mails') : '',
    textMessages ? counted(textMessages, 'text message', 'text messages') : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

/**
 * Everything deleting a valuation takes with it, in words, for the confirmation (issue 31: the
 * dialog named only "its photos and history", not the messages). Counted once the server has
 * said (what there is none of is left out); by kind until then, or when it could not say.
 */
export function deletionItems(summary: ValuationDeletionSummary | undefined): string[] {
  if (!summary) return KINDS;
  const messages = messagesPhrase(summary);
  return [
    SELLERS_ANSWERS,
    summary.photos ? counted(summary.photos, 'photo', 'photos') : '',
    summary.documents ? counted(summary.documents, 'document', 'documents') : '',
    summary.timelineEvents ? counted(summary.timelineEvents, 'timeline event', 'timeline events') : '',
    summary.offers ? counted(summary.offers, 'offer', 'offers') : '',
    messages ? `${messages} about it, in Messages` : '',
    summary.attachments ? `${counted(summary.attachments, 'file', 'files')} sent with them (dealer reports)` : '',
  ].filter(Boolean);
}
