/** The launch vouchers owed after completed sales (issue 36; SPEC section 1). */
export { voucherRoutes, type VoucherRoutesDeps } from './vouchers-routes';
export { oweVoucherFor, sellerVoucherOf } from './vouchers-service';
