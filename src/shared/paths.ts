/** Every route path in one place (SPEC section 2). Links and tests import these. */
export const paths = {
  home: '/',
  howItWorks: '/#how-it-works',
  about: '/about',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  cookiePolicy: '/cookie-policy',
  valuation: '/valuation',
  recentlyPurchased: '/recently-purchased',
  launchOfferTerms: '/launch-offer-terms',
  socialMediaAds: '/social-media-ads',
  reviews: '/reviews',
  /** The review form on a page of its own, for browsers without JavaScript (issue 31). */
  writeReview: '/reviews/write',
  admin: '/admin',
  adminLogin: '/admin/login',
} as const;

/** Old addresses that some pages link to; answered with a permanent redirect. */
export const legacyRedirects: Record<string, string> = {
  '/privacy': paths.privacyPolicy,
  '/terms': paths.termsOfService,
};

/** The back office is rendered in the browser only and never indexed. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
