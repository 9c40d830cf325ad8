import { describe, expect, it } from 'vitest';
import { deliveryLabel, deliveryRefetchInterval } from './delivery';
import { parseDetailTab } from './detail-tabs';
import { defectLook, sortDefects } from './mot-defects';

describe('MOT defects', () => {
  it('marks dangerous defects over their type and orders worst first', () => {
    expect(defectLook({ type: 'MAJOR', dangerous: true }).label).toBe('Dangerous');
    expect(defectLook({ type: 'USER ENTERED', dangerous: false }).label).toBe('User entered');
    const sorted = sortDefects([
      { type: 'ADVISORY', dangerous: false },
      { type: 'MINOR', dangerous: false },
      { type: 'MAJOR', dangerous: false },
      { type: 'DANGEROUS', dangerous: true },
    ]);
    expect(sorted.map((d) => d.type)).toEqual(['DANGEROUS', 'MAJOR', 'MINOR', 'ADVISORY']);
  });
});

describe('page state helpers', () => {
  it('reads the tab from the address, Vehicle when unknown', () => {
    expect(parseDetailTab('dvla')).toBe('dvla');
    expect(parseDetailTab('nonsense')).toBe('vehicle');
    expect(parseDetailTab(null)).toBe('vehicle');
  });

  it('asks again only while a message is on its way', () => {
    expect(deliveryRefetchInterval([{ messages: [{ id: 'a', channel: 'email', status: 'queued' }] }])).toBe(2000);
    expect(deliveryRefetchInterval([{ messages: [{ id: 'a', channel: 'email', status: 'sent' }] }])).toBe(false);
    expect(deliveryRefetchInterval(undefined)).toBe(false);
    expect(deliveryLabel('held')).toBe('Held: sending not set up');
  });
});
