/**
 * A whole number with its thousands grouped as en-GB writes them: 999999 is "999,999".
 *
 * For numbers in messages made when a module loads. In a browser, the first
 * `toLocaleString('en-GB')` loads the locale's number-formatting data: about 13 ms of a slow
 * phone's main thread, at the moment the valuation wizard comes to life.
 */
export function groupDigits(wholeNumber: number): string {
  return String(wholeNumber).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
