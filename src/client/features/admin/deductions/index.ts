/**
 * Evidenced price revisions in the back office (issue 37): the Deductions screen (its own route,
 * deductions-page.tsx) and, for the request page and the handover screen, the revision panel.
 */
export { PriceRevisionPanel } from './revisions/price-revision-panel';
