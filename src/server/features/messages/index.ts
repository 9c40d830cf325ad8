/**
 * Outbound e-mail and text messages (issue 9). Features queue messages with the Outbox, inside
 * their own transaction; the worker sends them; the back office lists them at /admin/messages.
 */
export {
  createOutbox,
  OUTBOX_CHANNEL,
  PUBLIC_FORM_CAP_REASON,
  PUBLIC_FORM_MESSAGES_PER_RECIPIENT,
  type NewAttachment,
  type Outbox,
  type EmailTemplate,
  type SmsTemplate,
} from './outbox';
export { createOutboxWorker, type OutboxWorker, type WorkerTransports } from './worker';
export { messagesRoutes } from './messages-routes';
export { alertStaff } from './staff-alerts';
export { describeTransports, transportsFor } from './transports';
export { valuationReceived, type ValuationReceivedData } from './templates/valuation-received';
export { newValuation, type NewValuationData } from './templates/new-valuation';
export { valuationOffer, type ValuationOfferData } from './templates/valuation-offer';
export { dealerForward, dealerForwardSubject, type DealerForwardData } from './templates/dealer-forward';
export { complaintReceived, type ComplaintReceivedData } from './templates/complaint-received';
export { newComplaint, type NewComplaintData } from './templates/new-complaint';
export {
  carOf,
  collectionBooked,
  collectionCancelled,
  collectionReminder,
  documentRejected,
  documentsRequested,
  offerAccepted,
  sellerActivity,
  sellerLink,
  type SellerLinkData,
  staffReply,
  type OfferAcceptedData,
  type SellerActivityData,
  type SellerActivityKind,
  type StaffReplyData,
} from './templates/seller-side';
export {
  carNotBought,
  purchaseReceipt,
  voucherSent,
  type CarNotBoughtData,
  type PurchaseReceiptData,
  type VoucherSentData,
} from './templates/collection-day';
export { ukDateTime } from './templates/layout';
export {
  promiseBreached,
  promiseWarning,
  requestAssigned,
  type PipelineAlertData,
  type RequestAssignedData,
} from './templates/staff-pipeline';
export {
  priceRevisionAccepted,
  priceRevisionDeclined,
  priceRevisionProposed,
  priceRevisionWithdrawn,
  type PriceRevisionAnsweredData,
  type PriceRevisionProposedData,
  type RevisionLine,
} from './templates/price-revision';
