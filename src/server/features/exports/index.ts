/**
 * The back office's CSV downloads (issue 37): the dashboard's or the archive's filtered list, and
 * the completed purchases, streamed in constant memory with formula-like cells neutralised.
 */
export { exportsRoutes, type ExportsRoutesDeps } from './exports-routes';
