import { z } from 'zod';
import { formatPounds } from './offer-basics';

/** "1250", "1,250.50", "£1250" or a number → pence; undefined when it is not an amount of money. */
export function poundsToPence(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  const match = text === undefined ? null : /^£?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const pounds = Number(match[1]!.replaceAll(',', ''));
  const pence = Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(pounds) ? pounds * 100 + pence : undefined;
}

type PoundsFieldOptions = {
  /** Whether £0 is an answer (a settlement already paid off, nothing left for the seller). */
  allowZero: boolean;
  maxPence: number;
  messages: { required: string; invalid: string; tooHigh: string };
};

/**
 * An amount of money typed as people write it ("8,750.32", "£8750.32" or 8750.32), read with
 * `poundsToPence` and given to the route as integer pence, with the form's messages; the API
 * document carries the same rule (issue 32), as JSON Schema cannot parse pounds itself.
 */
export function poundsField({ allowZero, maxPence, messages }: PoundsFieldOptions) {
  return z
    .union([z.string(), z.number()], { message: messages.required })
    .refine((v) => String(v).trim() !== '', messages.required)
    .transform((v, ctx) => {
      const pence = poundsToPence(v);
      if (pence === undefined || (!allowZero && pence <= 0)) {
        ctx.addIssue({ code: 'custom', message: messages.invalid });
        return z.NEVER;
      }
      if (pence > maxPence) {
        ctx.addIssue({ code: 'custom', message: messages.tooHigh });
        return z.NEVER;
      }
      return pence;
    })
    .meta({
      anyOf: [
        { type: 'string', pattern: poundsPattern(maxPence / 100, allowZero) },
        {
          type: 'number',
          ...(allowZero ? { minimum: 0 } : { exclusiveMinimum: 0 }),
          maximum: maxPence / 100,
          multipleOf: 0.01,
        },
      ],
      description: `Pounds, ${allowZero ? 'from 0 to' : 'more than 0 and at most'} ${formatPounds(maxPence)}, to the penny: 1250, "1,250.50" or "£1250".`,
    });
}

/** Whole numbers from 1 to below `d` × 10^`k`, as digits: fewer digits than it, or a smaller first digit. */
function digitsBelow(d: number, k: number): string[] {
  return [
    ...(k > 0 ? [`[1-9][0-9]{0,${k - 1}}`] : []),
    ...(d > 1 ? [`[1-${d - 1}]${k > 0 ? `[0-9]{${k}}` : ''}`] : []),
  ];
}

/**
 * The amounts in pounds, up to `maxPounds`, that `poundsToPence` reads, as a pattern for the API
 * document: "1250", "1,250", "£1,250.50"; the maximum itself with no pence beyond ".00". A client
 * that reads the document then never sends a string over the limit that the server would refuse.
 * The maxima are round figures (£5,000, £1,000,000), which keeps the pattern short: one digit and
 * zeros, with commas only in the last group.
 */
export function poundsPattern(maxPounds: number, allowZero: boolean): string {
  const k = String(maxPounds).length - 1;
  const d = maxPounds / 10 ** k;
  if (!Number.isInteger(d) || k > 8) throw new Error(`poundsPattern needs a round maximum, not ${maxPounds}`);
  const plain = digitsBelow(d, k);
  const withComma = k >= 3 ? digitsBelow(d, k - 3).map((thousands) => `${thousands},[0-9]{3}`) : [];
  const below = [...(allowZero ? ['0'] : []), ...plain, ...withComma].join('|');
  // Without £0, pence alone still count: "0.50" is fifty pence.
  const penceOnly = allowZero ? [] : ['0\\.(?:0[1-9]|[1-9][0-9]?)'];
  const max = String(maxPounds);
  const maxWithCommas = max.replace(/\B(?=(\d{3})+$)/g, ',');
  const exact = [...new Set([max, maxWithCommas])].join('|');
  return `^£?(?:(?:${below})(?:\\.[0-9]{1,2})?|${[...penceOnly, `(?:${exact})(?:\\.00?)?`].join('|')})$`;
}
