import { describe, expect, it } from 'vitest';
import { callCount, callParty, callStatusLabel, canAnswer, readPage } from './call-display';

describe('callParty', () => {
  it('names the caller of an inbound call, with their number written as everywhere else (07700 900123)', () => {
    expect(
      callParty({
        direction: 'inbound',
        fromNumber: '+447700900123',
        toNumber: '+441632960000',
        customerName: 'Jo Bloggs',
      }),
    ).toEqual({ name: 'Jo Bloggs', number: '07700 900123' });
  });

  it('uses the number dialled for an outbound call, and the number as the name when nobody is known', () => {
    expect(
      callParty({ direction: 'outbound', fromNumber: '+441632960000', toNumber: '+447700900456', customerName: null }),
    ).toEqual({ name: '07700 900456', number: null });
    expect(callParty({ direction: 'inbound', fromNumber: null, toNumber: null, customerName: '  ' })).toEqual({
      name: 'Unknown',
      number: null,
    });
  });
  it('writes other countries’ numbers internationally, and what is not a number as Twilio gave it', () => {
    const from = (fromNumber: string) =>
      callParty({ direction: 'inbound', fromNumber, toNumber: null, customerName: 'Jo Bloggs' }).number;
    expect(from('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(from('anonymous')).toBe('anonymous');
    expect(from('client:staff')).toBe('client:staff');
  });
});

describe('canAnswer', () => {
  it('is true only for an inbound call still ringing', () => {
    expect(canAnswer({ direction: 'inbound', status: 'ringing' })).toBe(true);
    expect(canAnswer({ direction: 'outbound', status: 'ringing' })).toBe(false);
    expect(canAnswer({ direction: 'inbound', status: 'in-progress' })).toBe(false);
  });
});

describe('callStatusLabel', () => {
  it('gives SPEC section 4 colours to the five statuses it names, neutral to the rest', () => {
    expect(callStatusLabel('completed')).toEqual({ label: 'Completed', tone: 'green' });
    expect(callStatusLabel('no-answer')).toEqual({ label: 'No answer', tone: 'amber' });
    expect(callStatusLabel('busy')).toEqual({ label: 'Busy', tone: 'orange' });
    expect(callStatusLabel('failed')).toEqual({ label: 'Failed', tone: 'red' });
    expect(callStatusLabel('ringing')).toEqual({ label: 'Ringing', tone: 'blue' });
    expect(callStatusLabel('in-progress').tone).toBe('neutral');
    expect(callStatusLabel('canceled')).toEqual({ label: 'Cancelled', tone: 'neutral' });
    expect(callStatusLabel('some-new-status')).toEqual({ label: 'Some new status', tone: 'neutral' });
    expect(callStatusLabel(null).label).toBe('Unknown');
  });
});

describe('callCount and readPage', () => {
  it('counts calls in words and reads the page from the address', () => {
    expect(callCount(1)).toBe('1 call');
    expect(callCount(1234)).toBe('1,234 calls');
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams('page=0'))).toBe(1);
    expect(readPage(new URLSearchParams('page=x'))).toBe(1);
    expect(readPage(new URLSearchParams(''))).toBe(1);
  });
});
