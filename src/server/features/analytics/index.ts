/**
 * Visitor analytics (issue 15): cookieless first-party counting of public page views, daily
 * rollups, and staff's reports. README "Visitor analytics" explains it for operators.
 */
export { analyticsRoutes, countPageView, type AnalyticsRoutesDeps } from './analytics-routes';
export { createVisitRecorder, type VisitRecorder } from './visit-recorder';
export { deleteExpiredVisitRecords } from './visit-retention';
export { geoLiteLookup, type GeoLookup } from './geo-lookup';
export { hasVisits, seedDemoVisits } from './demo-visits';
export { truncateAddress } from './visit-privacy';
