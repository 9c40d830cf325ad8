/**
 * The finance settlement (issue 36): when the seller declared finance, staff confirm the lender, the
 * settlement figure and the letter's last day; the equity against our offer and the warnings for
 * collection day follow.
 */
export { financeRoutes, type FinanceRoutesDeps } from './finance-routes';
export { financeFor, confirmFinance } from './finance-service';
