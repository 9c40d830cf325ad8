/**
 * Recently purchased vehicles (issue 13): staff's list, form, edit and photos; the public list;
 * the server data of /recently-purchased. The home page's loader (features/home) uses `visible`.
 */
export { purchasedVehiclesRoutes, type PurchasedVehiclesRoutesDeps } from './purchased-vehicles-routes';
export { RECENTLY_PURCHASED_ROUTE_ID } from './purchased-vehicles-page-data';
export { createVisibleVehicles, type VisibleVehiclesSource } from './visible-vehicles';
