import { dataRequestCountLabels, type DataRequestCounts, type DataRequestSearchResult } from '~/shared/data-requests';
import { formatPhone } from '~/shared/phone';

/** "2 valuation requests", "1 photo". */
export function countPhrase(sort: keyof DataRequestCounts, n: number): string {
  const label = dataRequestCountLabels[sort];
  return `${n.toLocaleString('en-GB')} ${n === 1 ? label.one : label.many}`;
}

/** Every sort with at least one record, as phrases, in the order of DataRequestCounts. */
export function countPhrases(counts: Partial<Record<string, number>>): string[] {
  return (Object.keys(dataRequestCountLabels) as (keyof DataRequestCounts)[])
    .filter((sort) => (counts[sort] ?? 0) > 0)
    .map((sort) => countPhrase(sort, counts[sort]!));
}

/** Records found in all, files aside (photos, attachments and links are parts of other records). */
export function recordTotal(counts: DataRequestCounts): number {
  return counts.valuations + counts.messages + counts.calls + counts.reviews + counts.complaints;
}

/** The identifier as staff typed and read it: an address as it is, a UK number as "07911 123456". */
export function displayIdentifier(identifier: DataRequestSearchResult['identifier']): string {
  return identifier.kind === 'phone' ? (formatPhone(identifier.value) ?? identifier.value) : identifier.value;
}

const templateLabels: Record<string, string> = {
  'valuation-received': 'Receipt for a valuation request',
  'new-valuation': 'New valuation alert to staff',
  'valuation-offer': 'Price offer',
  'dealer-forward': 'Vehicle report to a dealer',
  'message-test': 'Test message',
  'complaint-received': 'Complaint acknowledgement',
  'new-complaint': 'Complaint alert to staff',
};

/** What a message was, from the template that wrote it ("valuation-offer" → "Price offer"). */
export function templateLabel(name: string): string {
  const known = templateLabels[name];
  if (known) return known;
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Message';
}

/** Seconds as "1:35". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
