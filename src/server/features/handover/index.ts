/**
 * Collection day at the door (issue 36): the handover, the Faster Payments that pay for the car,
 * and the purchase receipt.
 */
export { handoverRoutes, RECEIPT_CALLS_LIMIT, type HandoverRoutesDeps } from './handover-routes';
export { receiptPathFor } from './handover-service';
