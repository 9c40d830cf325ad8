/** The home page's server data: reviews and purchased vehicles together (one loader per route). */
export { HOME_PAGE_ROUTE_ID, registerHomePageData, type HomePageData } from './home-page-data';
