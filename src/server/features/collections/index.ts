/**
 * Collection day (issue 36): working days and UK times, each day's collection slots and their
 * capacity, and the seller's (or staff's) booking of one, with its calendar file and reminder.
 */
export { collectionRoutes, COLLECTION_CALLS_LIMIT, type CollectionRoutesDeps } from './collections-routes';
export { sellerCollection } from './seller-collection';
export { cancelBookingWithin, currentBooking } from './bookings';
export { collectionsAdminRoutes, type CollectionsAdminRoutesDeps } from './collections-admin-routes';
export { documentsState } from './collections-admin';
export { addWorkingDays, ukDateAt } from './working-days';
