import { describe, expect, it } from 'vitest';
import { deliveryLabel, deliveryRefetchInterval } from './delivery';
import { parseDetailTab } from './detail-tabs';
import { choiceLabel, contactPreferencesLabel, countLabel, titleCase, vehicleName } from './labels';
import { defectLook, sortDefects } from './mot-defects';

describe('labels for the seller answers', () => {
  it('shows option labels for stored values, and older spellings tidied', () => {
    expect(choiceLabel('overallCondition', 'great')).toBe('Great Condition');
    expect(choiceLabel('cambeltChanged', 'not_sure')).toBe('Not sure / does not have cambelt');
    expect(choiceLabel('serviceHistory', 'none')).toBe('No Service records');
    expect(choiceLabel('overallCondition', 'great condition')).toBe('Great condition');
    expect(choiceLabel('outstandingFinance', null)).toBe('Not answered');
  });

  it('counts wheels and tyres, with -1 as "Not sure"', () => {
    expect(countLabel(-1, 'wheel')).toBe('Not sure');
    expect(countLabel(0, 'tyre')).toBe('No tyres');
    expect(countLabel(1, 'wheel')).toBe('1 wheel');
    expect(countLabel(4, 'tyre')).toBe('4 tyres');
    expect(countLabel(null, 'tyre')).toBe('Not answered');
  });

  it('lists contact preferences and names the vehicle', () => {
    expect(contactPreferencesLabel(['call', 'whatsapp'])).toBe('Call, WhatsApp');
    expect(contactPreferencesLabel([])).toBe('None chosen');
    expect(titleCase('MODEL 3')).toBe('Model 3');
    expect(vehicleName({ make: 'FORD', model: 'FOCUS' })).toBe('Ford Focus');
    expect(vehicleName({ make: null, model: null })).toBe('Vehicle details pending');
  });
});

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
