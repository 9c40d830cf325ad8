/**
 * The seller's documents (issue 35): the checklist before collection (V5C, licence, service history,
 * settlement letter, keys), the seller's uploads from their page and staff's checks.
 */
export { documentRoutes, DOCUMENT_CALLS_LIMIT, type DocumentRoutesDeps } from './documents-routes';
export { DOCUMENT_AREA, removeDocumentFiles, sellerDocuments } from './documents-service';
