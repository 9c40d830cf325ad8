/**
 * Evidence before the van leaves (issue 35): the seller's damage markers on the car diagram. The
 * guided photos live with the photos themselves (features/valuations/photos.ts).
 */
export { damageRoutes, DAMAGE_CALLS_LIMIT, type DamageRoutesDeps } from './damage-routes';
export { markersEditable } from './damage-markers';
