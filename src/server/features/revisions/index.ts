/**
 * Evidenced price revisions (issue 37): the deductions table staff keep and `/how-we-value`
 * publishes, and the revisions staff propose at inspection, which the seller accepts or declines on
 * their page. The agreed price they change is read through the valuations feature's `agreedPrice`.
 */
export { deductionsRoutes, HOW_WE_VALUE_ROUTE_ID, type DeductionsRoutesDeps } from './deductions-routes';
export { revisionsRoutes, REVISION_CALLS_LIMIT, type RevisionsRoutesDeps } from './revisions-routes';
export {
  acceptRevision,
  closeLapsedRevisions,
  declineRevision,
  REVISION_LAPSES_EVERY_MS,
  sellerRevisionOf,
  type RevisionDeps,
} from './revisions-service';
