import { displayCallNumber, type CallLogItem } from '~/shared/calls';

/**
 * Who a call was with: the caller for an inbound call, the number dialled for an outbound one.
 * `name` is the seller's name when a valuation has their number, else the number itself.
 */
export function callParty(call: Pick<CallLogItem, 'direction' | 'fromNumber' | 'toNumber' | 'customerName'>): {
  name: string;
  /** The number (SPEC section 9: +44 shown with a leading 0); null when it is already the name. */
  number: string | null;
} {
  const number = displayCallNumber(call.direction === 'outbound' ? call.toNumber : call.fromNumber);
  const customerName = call.customerName?.trim();
  return customerName ? { name: customerName, number } : { name: number, number: null };
}

/** SPEC section 4: ringing calls can be answered; only a caller waiting in the queue rings in. */
export function canAnswer(call: Pick<CallLogItem, 'direction' | 'status'>): boolean {
  return call.direction === 'inbound' && call.status === 'ringing';
}

export type CallStatusLabel = { label: string; tone: 'green' | 'amber' | 'orange' | 'red' | 'blue' | 'neutral' };

/**
 * A status as staff read it, and its colour (SPEC section 4): completed green, no-answer amber,
 * busy orange, failed red, ringing blue; every other status neutral.
 */
export function callStatusLabel(status: string | null): CallStatusLabel {
  switch (status) {
    case 'completed':
      return { label: 'Completed', tone: 'green' };
    case 'no-answer':
      return { label: 'No answer', tone: 'amber' };
    case 'busy':
      return { label: 'Busy', tone: 'orange' };
    case 'failed':
      return { label: 'Failed', tone: 'red' };
    case 'ringing':
      return { label: 'Ringing', tone: 'blue' };
    case 'in-progress':
      return { label: 'In progress', tone: 'neutral' };
    case 'queued':
    case 'initiated':
      return { label: 'Connecting', tone: 'neutral' };
    case 'canceled':
      return { label: 'Cancelled', tone: 'neutral' };
    case null:
      return { label: 'Unknown', tone: 'neutral' };
    default:
      // A status Twilio adds later: its own word, readable.
      return { label: status.charAt(0).toUpperCase() + status.slice(1).replaceAll('-', ' '), tone: 'neutral' };
  }
}

/** "1 call", "3 calls". */
export function callCount(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'call' : 'calls'}`;
}

/** The page in the address (`?page=2`); anything else is the first. */
export function readPage(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}
