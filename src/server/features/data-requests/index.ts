/**
 * Data requests (issue 18): staff find everything held about a person by e-mail address or phone
 * number, export it as a ZIP (UK GDPR Art 15) or erase it (Art 17), with an audit trail of counts.
 */
export { dataRequestsRoutes, type DataRequestsRoutesDeps } from './data-requests-routes';
