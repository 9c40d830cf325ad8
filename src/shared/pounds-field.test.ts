import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DEDUCTION_MAX_PENCE } from './deductions';
import { poundsField, poundsPattern } from './pounds-field';
import { OFFER_MAX_PENCE } from './valuation-offer';

const messages = { required: 'required', invalid: 'invalid', tooHigh: 'too high' };

/** Every way a person writes an amount of whole pounds: plain, with commas, with £, with pence. */
function writings(pounds: number): string[] {
  const plain = String(pounds);
  const commas = plain.replace(/\B(?=(\d{3})+$)/g, ',');
  return [plain, commas, `£${commas}`, `${plain}.5`, `${plain}.0`, `${commas}.00`, `£${plain}.01`, `${plain}.99`];
}

/** The document's string pattern for the field, as a client reading the API document would apply it. */
function documentPattern(field: z.ZodType): RegExp {
  const schema = z.toJSONSchema(field, { io: 'input' }) as { anyOf: { type: string; pattern?: string }[] };
  return new RegExp(schema.anyOf.find((branch) => branch.type === 'string')!.pattern!);
}

describe('an amount of money in the API document', () => {
  for (const [name, maxPence, allowZero] of [
    ['a deduction (at most £5,000)', DEDUCTION_MAX_PENCE, false],
    ['an offer (at most £1,000,000)', OFFER_MAX_PENCE, false],
    ['a settlement (£0 allowed)', OFFER_MAX_PENCE, true],
  ] as const) {
    it(`${name}: the document's pattern allows a string exactly when the server takes it`, () => {
      const field = poundsField({ allowZero, maxPence, messages });
      const pattern = documentPattern(field);
      const max = maxPence / 100;
      const around = (n: number) => [n - 1, n, n + 1];
      const pounds = new Set([0, 1, 9, 10, 99, 100, 999, 1000, 1001, 4999, 5000, 5001, 9999, 10_000, 99_999]);
      for (const n of [...around(max), ...around(max / 10), 999_999, 1_000_000, 1_000_001, 1_234_567]) pounds.add(n);
      for (const amount of [...pounds].filter((n) => n >= 0)) {
        for (const written of writings(amount)) {
          const taken = field.safeParse(written).success;
          expect(pattern.test(written), `${written}: the server ${taken ? 'takes' : 'refuses'} it`).toBe(taken);
        }
      }
      for (const odd of ['', ' ', '1e3', '0x10', '-5', '1,00', '1.234', '12,34,567', '£', 'five']) {
        expect(pattern.test(odd), odd).toBe(false);
        expect(field.safeParse(odd).success, odd).toBe(false);
      }
      // The server also reads "01" as £1; the document offers no leading zero, which only narrows it.
      expect(pattern.test('01')).toBe(false);
    });
  }

  it('refuses a maximum that is not one digit and zeros, rather than give a wrong pattern', () => {
    expect(() => poundsPattern(4_500, false)).toThrow(/round maximum/);
    expect(poundsPattern(5_000, false)).toContain('5,000');
  });
});
