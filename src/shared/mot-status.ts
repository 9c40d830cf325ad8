/**
 * A car's MOT status and where it comes from (issue 31). DVLA's record often holds none ("No
 * details held by DVLA", "No results returned") for a car whose MOT history, from DVSA, has a
 * pass. The status is then read from that history, in DVLA's words: "Valid" until the newest
 * pass's expiry date (a later failure does not end a certificate), "Not valid" after it. Every
 * place that shows an MOT status (the DVLA tab, the wizard's vehicle card, the dealer report) asks
 * here, and says when the status came from the history.
 */

/** DVLA's answers that mean it holds no MOT status for the car. */
const DVLA_HOLDS_NONE = new Set(['No details held by DVLA', 'No results returned']);

/** How a status read from the history is labelled wherever it is shown. */
export const FROM_MOT_HISTORY = 'from DVSA’s MOT history';

export type MotStatus = {
  /** DVLA's words: "Valid", "Not valid", or DVLA's own answer. */
  status: string;
  /** `YYYY-MM-DD`, when known. */
  expiryDate: string | null;
  /** True when read from DVSA's MOT history because DVLA holds no status. */
  fromHistory: boolean;
};

type DvlaMot = { motStatus?: string | null; motExpiryDate?: string | null };
type HistoryTest = { testResult: string; expiryDate: string | null };

/** The certificate of the newest pass: the latest expiry date of a passed test. */
function newestPassExpiry(tests: readonly HistoryTest[]): string | undefined {
  return tests
    .filter((test) => test.testResult.toUpperCase() === 'PASSED' && test.expiryDate)
    .map((test) => test.expiryDate!)
    .sort()
    .at(-1);
}

/**
 * DVLA's MOT status when it holds one; otherwise the history's, as of `today` (`YYYY-MM-DD`, the
 * UK date); otherwise DVLA's "holds none" answer; null when neither says anything.
 */
export function currentMotStatus(
  dvla: DvlaMot | null | undefined,
  tests: readonly HistoryTest[] | null | undefined,
  today: string,
): MotStatus | null {
  const dvlaStatus = dvla?.motStatus ?? null;
  const fromDvla = dvlaStatus && { status: dvlaStatus, expiryDate: dvla?.motExpiryDate ?? null, fromHistory: false };
  if (fromDvla && !DVLA_HOLDS_NONE.has(fromDvla.status)) return fromDvla;
  const expiryDate = newestPassExpiry(tests ?? []);
  if (expiryDate) return { status: expiryDate >= today ? 'Valid' : 'Not valid', expiryDate, fromHistory: true };
  return fromDvla || null;
}

/** "Valid", or "Valid, from DVSA’s MOT history" when that is where it came from. */
export const motStatusText = (mot: MotStatus) => (mot.fromHistory ? `${mot.status}, ${FROM_MOT_HISTORY}` : mot.status);
