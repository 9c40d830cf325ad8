import { describe, expect, it } from 'vitest';
import { phoneMessages } from './phone';
import { registrationMessages } from './registration';
import {
  conditionStepSchema,
  contactStepSchema,
  financeStepSchema,
  normalisePostcode,
  valuationMessages as m,
  valuationRequestSchema,
  valuationStepSchemas,
  vehicleStepSchema,
} from './valuation';
import { validValuation } from '../../test/helpers/valuation';

/** The messages a parse gives, by field path. */
function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const messages: Record<string, string> = {};
  // The form shows the first message of each field.
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('valuation request schema', () => {
  it('accepts a complete request and normalises it', () => {
    const parsed = valuationRequestSchema.parse({
      ...validValuation(),
      status: 'completed',
      id: 'x',
      isArchived: true,
    });
    expect(parsed).toMatchObject({
      registration: 'AB12CDE',
      postcode: 'LN11 0LQ',
      email: 'jo@example.com',
      mechanicalDetails: null,
      fuelType: null,
      markedForExport: null,
    });
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('isArchived');
  });

  it.each([
    ['registration', undefined, registrationMessages.required],
    ['registration', '  ', registrationMessages.required],
    ['mileage', undefined, m.mileageRequired],
    ['mileage', null, m.mileageRequired],
    ['mileage', 0, m.mileageTooLow],
    ['mileage', -5, m.mileageTooLow],
    ['mileage', 4500.5, m.mileageNotWhole],
    ['mileage', Number.NaN, m.mileageNotNumber],
    ['mileage', '12000', m.mileageNotNumber],
    ['mileage', 1_000_000, m.mileageTooHigh],
    ['overallCondition', undefined, m.conditionRequired],
    ['overallCondition', 'excellent', m.conditionRequired],
    ['scuffedWheels', undefined, m.scuffedWheelsRequired],
    ['scuffedWheels', 5, m.scuffedWheelsRequired],
    ['tyresNeedReplacing', -2, m.tyresRequired],
    ['cambeltChanged', undefined, m.cambeltRequired],
    ['cambeltDate', 'x'.repeat(101), m.cambeltDateTooLong],
    ['serviceHistory', 'some', m.serviceHistoryRequired],
    ['mechanicalIssues', undefined, m.mechanicalIssuesRequired],
    ['mechanicalDetails', 'x'.repeat(2001), m.mechanicalDetailsTooLong],
    ['outstandingFinance', undefined, m.financeRequired],
    ['firstName', '', m.firstNameRequired],
    ['firstName', 'x'.repeat(101), m.firstNameTooLong],
    ['lastName', undefined, m.lastNameRequired],
    ['lastName', 'x'.repeat(101), m.lastNameTooLong],
    ['postcode', '', m.postcodeRequired],
    ['postcode', 'LN11', m.postcodeInvalid],
    ['postcode', 'QQ1 1QQ', m.postcodeInvalid],
    ['email', '', m.emailRequired],
    ['email', 'jo@', m.emailInvalid],
    ['phone', '', phoneMessages.required],
    ['phone', '12345', phoneMessages.invalid],
    ['contactPreference', [], m.contactPreferenceRequired],
    ['contactPreference', ['fax'], m.contactPreferenceRequired],
    ['contactPreference', undefined, m.contactPreferenceRequired],
    ['agreeToContact', false, m.consentRequired],
    ['agreeToContact', undefined, m.consentRequired],
    ['year', 1800, m.vehicleYear],
    ['make', 'x'.repeat(101), 'Make must be at most 100 characters'],
    ['motExpiryDate', '01/02/2026', m.vehicleDate],
    ['co2Emissions', -1, m.co2],
    ['markedForExport', 'no', m.markedForExport],
  ])('%s = %j: "%s"', (field, value, message) => {
    const result = valuationRequestSchema.safeParse({ ...validValuation(), [field]: value });
    expect(messagesOf(result)).toEqual({ [field]: message });
  });

  it('requires mechanicalDetails only when mechanicalIssues is yes', () => {
    const yes = { ...validValuation(), mechanicalIssues: 'yes' as const };
    expect(messagesOf(valuationRequestSchema.safeParse(yes))).toEqual({
      mechanicalDetails: m.mechanicalDetailsRequired,
    });
    expect(valuationRequestSchema.safeParse({ ...yes, mechanicalDetails: 'Clutch slips' }).success).toBe(true);
    expect(valuationRequestSchema.safeParse({ ...validValuation(), mechanicalDetails: undefined }).success).toBe(true);
  });

  it('shows the conditional error together with the other errors', () => {
    const result = valuationRequestSchema.safeParse({
      ...validValuation(),
      mechanicalIssues: 'yes',
      serviceHistory: '',
    });
    expect(messagesOf(result)).toEqual({
      serviceHistory: m.serviceHistoryRequired,
      mechanicalDetails: m.mechanicalDetailsRequired,
    });
  });

  it('takes the lookup engine size as a number or text, and cambeltDate as free text', () => {
    expect(valuationRequestSchema.parse({ ...validValuation(), engineSize: 1598 }).engineSize).toBe('1598');
    expect(valuationRequestSchema.parse({ ...validValuation(), engineSize: '1.6L' }).engineSize).toBe('1.6L');
    expect(valuationRequestSchema.parse(validValuation()).cambeltDate).toBe('March 2022');
  });

  it('drops repeated contact preferences', () => {
    const parsed = valuationRequestSchema.parse({
      ...validValuation(),
      contactPreference: ['text', 'text', 'whatsapp'],
    });
    expect(parsed.contactPreference).toEqual(['text', 'whatsapp']);
  });
});

describe('valuation steps', () => {
  it('checks each step on its own, with every error of the step at once', () => {
    expect(messagesOf(vehicleStepSchema.safeParse({}))).toEqual({
      registration: registrationMessages.required,
      mileage: m.mileageRequired,
    });
    expect(messagesOf(conditionStepSchema.safeParse({ mechanicalIssues: 'yes' }))).toEqual({
      overallCondition: m.conditionRequired,
      scuffedWheels: m.scuffedWheelsRequired,
      tyresNeedReplacing: m.tyresRequired,
      cambeltChanged: m.cambeltRequired,
      serviceHistory: m.serviceHistoryRequired,
      mechanicalDetails: m.mechanicalDetailsRequired,
    });
    expect(messagesOf(financeStepSchema.safeParse({}))).toEqual({ outstandingFinance: m.financeRequired });
    expect(Object.keys(messagesOf(contactStepSchema.safeParse({})))).toEqual([
      'firstName',
      'lastName',
      'postcode',
      'email',
      'phone',
      'contactPreference',
      'agreeToContact',
    ]);
  });

  it('passes every step of a complete request', () => {
    for (const step of valuationStepSchemas) expect(step.safeParse(validValuation()).success).toBe(true);
  });
});

describe('normalisePostcode', () => {
  it.each([
    ['ln110lq', 'LN11 0LQ'],
    [' sw1a  1aa ', 'SW1A 1AA'],
    ['M1 1AE', 'M1 1AE'],
    ['gir0aa', 'GIR 0AA'],
  ])('%j -> %j', (raw, expected) => expect(normalisePostcode(raw)).toBe(expected));

  it.each(['LN11', '12345', 'LN11 0LQX', 'Q1 1AA'])('refuses %j', (raw) =>
    expect(normalisePostcode(raw)).toBeUndefined(),
  );
});
