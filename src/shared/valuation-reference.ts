/**
 * The short reference a seller quotes for a valuation request (issue 31), "CB-7K3-9QX": the prefix
 * and six characters in two groups of three. It is shown on the success screen, in the messages
 * about the request and in the back office, where staff search by it.
 *
 * It names a request; it opens nothing. The valuation's UUID and the seller's upload token stay
 * the only keys (DESIGN 5), so a reference read out on the phone or written on a note is harmless.
 *
 * No zod here: the success screen imports this and the public pages' JavaScript budget is tight.
 */

/**
 * No 0/O, 1/I/L or 5/S, as in complaint references, so a reference read out on the phone or copied
 * by hand comes out right; and no U (as in Crockford's base 32), which leaves too few vowels to spell
 * anything rude and cannot be taken for V. 28^6 is about 482 million references.
 */
export const VALUATION_REFERENCE_ALPHABET = '2346789ABCDEFGHJKMNPQRTVWXYZ';
export const VALUATION_REFERENCE_PREFIX = 'CB';
/** Random characters after the prefix, shown in two groups of three. */
export const VALUATION_REFERENCE_CODE_LENGTH = 6;
/** "CB-7K3-9QX": the car_valuations.reference column's size. */
export const VALUATION_REFERENCE_LENGTH = 11;

const group = `[${VALUATION_REFERENCE_ALPHABET}]{3}`;
/** The stored and shown form; the car_valuations table checks it too. */
export const VALUATION_REFERENCE_PATTERN = new RegExp(`^${VALUATION_REFERENCE_PREFIX}-${group}-${group}$`);

/** "7K39QX" → "CB-7K3-9QX". */
export function formatValuationReference(code: string): string {
  return `${VALUATION_REFERENCE_PREFIX}-${code.slice(0, 3)}-${code.slice(3)}`;
}

/**
 * A reference as someone typed or read it out, in its stored form, or null when it cannot be one.
 * Case, spaces, dashes and other punctuation do not matter, nor does a missing "CB" (people drop
 * prefixes): "cb 7k3 9qx", "CB7K39QX" and "7K3-9QX" all give "CB-7K3-9QX". A U can only be a V
 * misread, the one of the pair references use. The other look-alikes left out (0, O, 1, I, L, 5,
 * S) are not guessed at: with both of a pair missing there is no right character to map them to,
 * so such text is not a reference.
 */
export function parseValuationReference(typed: string): string | null {
  const compact = typed
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/U/g, 'V');
  const withPrefix = VALUATION_REFERENCE_PREFIX.length + VALUATION_REFERENCE_CODE_LENGTH;
  const code =
    compact.length === withPrefix && compact.startsWith(VALUATION_REFERENCE_PREFIX)
      ? compact.slice(VALUATION_REFERENCE_PREFIX.length)
      : compact;
  if (code.length !== VALUATION_REFERENCE_CODE_LENGTH) return null;
  if (![...code].every((character) => VALUATION_REFERENCE_ALPHABET.includes(character))) return null;
  return formatValuationReference(code);
}
