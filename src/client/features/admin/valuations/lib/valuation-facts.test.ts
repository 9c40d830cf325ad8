import { describe, expect, it } from 'vitest';
import {
  choiceLabel,
  conditionLabel,
  contactPreferencesLabel,
  countLabel,
  financeLabel,
  formatMileage,
  titleCase,
  vehicleName,
} from './valuation-facts';

describe('vehicleName', () => {
  it('writes make and model, the make as a name rather than in capitals', () => {
    expect(vehicleName({ make: 'FORD', model: 'Focus' })).toBe('Ford Focus');
    expect(vehicleName({ make: 'LAND ROVER', model: 'Defender' })).toBe('Land Rover Defender');
  });

  it('keeps short makes as they are written', () => {
    expect(vehicleName({ make: 'BMW', model: '320d' })).toBe('BMW 320d');
    expect(vehicleName({ make: 'FORD', model: 'FOCUS' })).toBe('Ford Focus');
    expect(titleCase('MODEL 3')).toBe('Model 3');
  });

  it('says the details are pending when the vehicle was not identified', () => {
    expect(vehicleName({ make: null, model: null })).toBe('Vehicle details pending');
    expect(vehicleName({ make: 'FORD', model: null })).toBe('Ford');
  });
});

describe('formatMileage', () => {
  it('groups thousands', () => {
    expect(formatMileage(45000)).toBe('45,000 miles');
    expect(formatMileage(1)).toBe('1 mile');
    expect(formatMileage(0)).toBe('0 miles');
  });
});

describe('answers', () => {
  it('shows the wizard’s condition labels', () => {
    expect(conditionLabel('great')).toBe('Great Condition');
    expect(conditionLabel('poor')).toBe('Poor Condition');
    expect(conditionLabel(null)).toBe('Not given');
  });

  it('writes -1 wheels or tyres as "Not sure"', () => {
    expect(countLabel(-1)).toBe('Not sure');
    expect(countLabel(0)).toBe('0');
    expect(countLabel(4)).toBe('4');
    expect(countLabel(null)).toBe('Not given');
  });

  it('writes wheels and tyres in words where there is room', () => {
    expect(countLabel(-1, 'wheel')).toBe('Not sure');
    expect(countLabel(0, 'tyre')).toBe('No tyres');
    expect(countLabel(1, 'wheel')).toBe('1 wheel');
    expect(countLabel(4, 'tyre')).toBe('4 tyres');
  });

  it('shows option labels for stored values, and older spellings tidied', () => {
    expect(choiceLabel('cambeltChanged', 'not_sure')).toBe('Not sure / does not have cambelt');
    expect(choiceLabel('serviceHistory', 'none')).toBe('No Service records');
    expect(choiceLabel('overallCondition', 'great condition')).toBe('Great condition');
    expect(contactPreferencesLabel(['call', 'whatsapp'])).toBe('Call, WhatsApp');
    expect(contactPreferencesLabel([])).toBe('None chosen');
  });

  it('writes finance as Yes or No', () => {
    expect(financeLabel('yes')).toBe('Yes');
    expect(financeLabel('no')).toBe('No');
    expect(financeLabel(null)).toBe('Not given');
  });
});
