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
  /** The seller's private page (issue 34): opened by a link with their secret, then by a cookie. */
  yourValuation: '/your-valuation',
  /** Where links in our messages point: exchanges `?k=<secret>` for the cookie, then redirects. */
  yourValuationOpen: '/your-valuation/open',
  /** "Lost your link?": an e-mail address and a registration, and the link goes to the address on file. */
  yourValuationLostLink: '/your-valuation/lost-link',
  /** The method behind the indicative price, and what can change a price (issue 34). */
  howWeValue: '/how-we-value',
  admin: '/admin',
  adminLogin: '/admin/login',
} as const;

/** Old addresses that some pages link to; answered with a permanent redirect. */
export const legacyRedirects: Record<string, string> = {
  '/privacy': paths.privacyPolicy,
  '/terms': paths.termsOfService,
};

/**
 * Public pages that belong to one person (the seller's page): rendered for each request with its
 * cookies, never kept or cached, never indexed, and sending no Referer from them.
 */
export function isPrivatePagePath(pathname: string): boolean {
  return pathname === paths.yourValuation;
}

/** The back office is rendered in the browser only and never indexed. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The query parameter that carries the seller's secret in our links; never logged (logger.ts). */
export const SELLER_SECRET_PARAM = 'k';

/** The link in a message to the seller: their page, opened with `secret`. */
export function sellerLinkUrl(publicBaseUrl: string, secret: string): string {
  return `${new URL(publicBaseUrl).origin}${paths.yourValuationOpen}?${SELLER_SECRET_PARAM}=${secret}`;
}

const sellerLinkSecret = new RegExp(`(${paths.yourValuationOpen}\\?${SELLER_SECRET_PARAM}=)[A-Za-z0-9_-]+`, 'g');
/** What stands in for the secret where staff read a message we sent (`…/open?k=hidden`). */
export const HIDDEN_SELLER_SECRET = 'hidden';

/**
 * A message as staff may read it: every link to a seller's page with its secret replaced. Staff
 * see what was sent, but cannot open the seller's page as the seller (and accept an offer in their
 * name); the outbox keeps the real text to send it, until message retention empties it.
 */
export function withoutSellerSecrets(body: string): string {
  return body.replace(sellerLinkSecret, `$1${HIDDEN_SELLER_SECRET}`);
}
