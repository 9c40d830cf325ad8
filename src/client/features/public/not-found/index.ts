/** What other features may use of the not-found page: its content, for a page's own 404s. */
export { Component as NotFoundContent } from './not-found-page';
