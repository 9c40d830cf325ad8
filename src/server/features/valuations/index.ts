/**
 * Valuation requests (issue 10): the seller submits one (`POST /api/valuations`); it is stored with
 * its timeline, and the seller's receipt and the staff alert are queued through the outbox. Then,
 * with the upload token, the seller adds, lists and removes photos (photos-routes.ts, photos.ts).
 */
export { valuationsRoutes, VALUATION_SUBMIT_LIMIT, type ValuationsRoutesDeps } from './valuations-routes';
export { createValuation } from './valuations-service';
export {
  hashSellerSecret,
  issueSellerSecret,
  closedSince,
  linkStillWorks,
  valuationForSecret,
  SELLER_LINK_DAYS_AFTER_CLOSE,
  type SellerAccess,
} from './seller-secrets';
export { createSellerGuard, type SellerGuardOptions } from './seller-guard';
export { newValuationReference } from './valuation-reference';
export { deleteExpiredIdempotencyKeys } from '~/server/http/idempotency';
export { parsePhotoEntry, photoIds, PHOTO_AREA, type PhotoEntry } from './photos';
export { adminValuationsRoutes, type AdminValuationsRoutesDeps } from './admin-valuations-routes';
export { dealerForwardRoutes, type DealerForwardRoutesDeps } from './dealer-forward-routes';
export { createDealerReports, type DealerReports } from './dealer-report';
export { UK_TIME_ZONE } from './uk-time-zone';
export { createDailyTallies, TALLIED_DAYS, type DailyTallies, type DayTally } from './daily-tallies';
export { deleteValuationRows, removeValuationFiles, type ValuationFiles } from './valuation-deletion';
export { agreedPrice, agreedPrices, moveValuation, type AgreedPrice, type LifecycleActor } from './lifecycle';
export { effectiveOfferStatus } from './offers';
export { recordFirstAnswer } from './first-answer';
export { damageMarkersOf } from './damage-marker-rows';
export {
  awaitingFirstAnswer,
  listItemOf,
  listRowById,
  staffName,
  valuationListWhere,
  type ListContext,
} from './admin-valuations-service';
export { boardRoutes, type BoardRoutesDeps } from './board-routes';
