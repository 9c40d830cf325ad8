/**
 * Valuation requests (issue 10): the seller submits one (`POST /api/valuations`); it is stored with
 * its timeline, and the seller's receipt and the staff alert are queued through the outbox.
 */
export { valuationsRoutes, VALUATION_SUBMIT_LIMIT, type ValuationsRoutesDeps } from './valuations-routes';
export { createValuation, hashUploadToken } from './valuations-service';
export { deleteExpiredIdempotencyKeys } from '~/server/http/idempotency';
