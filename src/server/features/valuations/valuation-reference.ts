import { randomInt } from 'node:crypto';
import {
  formatValuationReference,
  VALUATION_REFERENCE_ALPHABET,
  VALUATION_REFERENCE_CODE_LENGTH,
} from '~/shared/valuation-reference';

/**
 * Draws the short reference a valuation is given when it is stored (issue 31; the format is in
 * src/shared/valuation-reference.ts). Random, from a cryptographic source, so references say
 * nothing about how many requests there are or when one came in; unique by the column's unique
 * constraint, so every insert draws again when the one drawn is taken.
 */

/**
 * Draws per insert before giving up. A clash is rare (at a million rows, 1 draw in 480 is taken);
 * several in a row means something else is wrong.
 */
export const VALUATION_REFERENCE_ATTEMPTS = 5;

/** "CB-7K3-9QX". */
export function newValuationReference(): string {
  let code = '';
  for (let i = 0; i < VALUATION_REFERENCE_CODE_LENGTH; i += 1) {
    code += VALUATION_REFERENCE_ALPHABET[randomInt(VALUATION_REFERENCE_ALPHABET.length)];
  }
  return formatValuationReference(code);
}

export type ReferenceDraw = () => string;

/**
 * Runs `insert` with a fresh reference until it stores a row: `insert` resolves to undefined when
 * the reference drawn is taken (ON CONFLICT DO NOTHING), and is then tried with another.
 */
export async function withFreshReference<Row>(
  insert: (reference: string) => Promise<Row | undefined>,
  draw: ReferenceDraw = newValuationReference,
): Promise<Row> {
  for (let attempt = 0; attempt < VALUATION_REFERENCE_ATTEMPTS; attempt += 1) {
    const inserted = await insert(draw());
    if (inserted) return inserted;
  }
  throw new Error(`No free valuation reference after ${VALUATION_REFERENCE_ATTEMPTS} attempts`);
}

/**
 * Gives `count` rows made in bulk a fresh reference each. `insert(rows, references)` stores the
 * rows at those indexes with those references (ON CONFLICT DO NOTHING) and resolves to the
 * references it stored; rows whose reference was taken go again with new ones. References are
 * distinct within a call, so a stored reference names exactly one row.
 */
export async function withFreshReferences(
  count: number,
  insert: (rows: number[], references: string[]) => Promise<string[]>,
  draw: ReferenceDraw = newValuationReference,
): Promise<void> {
  let rows = Array.from({ length: count }, (_, row) => row);
  for (let attempt = 0; attempt < VALUATION_REFERENCE_ATTEMPTS && rows.length > 0; attempt += 1) {
    const references = distinctReferences(rows.length, draw);
    const stored = new Set(await insert(rows, references));
    rows = rows.filter((_, i) => !stored.has(references[i]!));
  }
  if (rows.length > 0) throw new Error(`No free valuation reference for ${rows.length} rows`);
}

/** At 100,000 draws about 10 pairs repeat (28^6 is not so large): those are drawn again here. */
function distinctReferences(count: number, draw: ReferenceDraw): string[] {
  const drawn = new Set<string>();
  for (let tries = 0; drawn.size < count; tries += 1) {
    if (tries >= count * VALUATION_REFERENCE_ATTEMPTS) throw new Error('The reference draw keeps repeating itself');
    drawn.add(draw());
  }
  return [...drawn];
}
