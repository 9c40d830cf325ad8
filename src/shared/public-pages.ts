import { paths } from './paths';

/**
 * The public pages search engines should know about (sitemap.xml), in the
 * order of SPEC section 2. Admin pages, redirects and the not-found page are
 * deliberately absent.
 */
export const indexablePublicPaths: string[] = [
  paths.home,
  paths.valuation,
  paths.about,
  paths.howWeValue,
  paths.contact,
  paths.reviews,
  paths.recentlyPurchased,
  paths.launchOfferTerms,
  paths.socialMediaAds,
  paths.privacyPolicy,
  paths.termsOfService,
  paths.cookiePolicy,
];
