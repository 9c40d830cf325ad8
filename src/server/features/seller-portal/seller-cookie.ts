import type { FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '~/shared/paths';

/**
 * The seller's cookie (DESIGN section 9): their secret, HttpOnly and SameSite=Lax, sent only to the
 * seller's own paths (the page and its calls), never to the rest of the site or the back office.
 * A cookie has one path, so it is set once for each; both are cleared together.
 */

/** The paths the seller's cookie is sent to. */
export const SELLER_COOKIE_PATHS = [paths.yourValuation, '/api/your-valuation'] as const;

/** How long the browser keeps it: the links work at most this long after a request closes anyway. */
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export type SellerCookies = {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, secret: string): void;
  clear(reply: FastifyReply): void;
};

export function sellerCookies(secure: boolean): SellerCookies {
  // `__Secure-`: only ever set and sent over https (`__Host-` would need path /).
  const name = secure ? '__Secure-seller' : 'seller';
  const options = (path: string) => ({ path, httpOnly: true, sameSite: 'lax' as const, secure });
  return {
    name,
    read: (request) => request.cookies[name],
    set(reply, secret) {
      for (const path of SELLER_COOKIE_PATHS)
        reply.setCookie(name, secret, { ...options(path), maxAge: MAX_AGE_SECONDS });
    },
    clear(reply) {
      for (const path of SELLER_COOKIE_PATHS) reply.clearCookie(name, options(path));
    },
  };
}
