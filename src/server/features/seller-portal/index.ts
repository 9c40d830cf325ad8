/**
 * The seller's side after submit (issue 34; DESIGN section 9): their private page `/your-valuation`,
 * opened by the links we send, where they answer our offer, ask for a fresh one and write to staff.
 */
export {
  sellerPortalRoutes,
  SELLER_CALLS_LIMIT,
  YOUR_VALUATION_ROUTE_ID,
  type SellerPortalRoutesDeps,
} from './seller-portal-routes';
export { sellerCookies, SELLER_COOKIE_PATHS } from './seller-cookie';
export { loadSellerView } from './seller-view';
