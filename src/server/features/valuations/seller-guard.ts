import type { FastifyRequest } from 'fastify';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/http/app-error';
import { createRateLimit } from '~/server/http/rate-limit';
import { sellerPortalMessages } from '~/shared/seller-portal-basics';
import { valuationForSecret } from './seller-secrets';

export type SellerGuardOptions = {
  db: Db;
  clock: () => Date;
  /** The seller's cookie (features/seller-portal): whose request the call is about. */
  sellerCookie: (request: FastifyRequest) => string | undefined;
  linkDaysAfterClose: number;
  /** The rate limit's own counter, its calls per client address and window, and its words. */
  bucket: string;
  calls: { limit: number; windowMs: number };
  tooMany: string;
};

/**
 * The check at the top of every call from the seller's page (damage marks, documents): the call is
 * counted per client address first (so guessing secrets counts too), then the seller's cookie must
 * open a request now; a wrong, stale or missing one answers as a request that does not exist (404).
 * Returns the request's id.
 */
export function createSellerGuard(options: SellerGuardOptions): (request: FastifyRequest) => Promise<string> {
  const calls = createRateLimit(options.db, options.clock, {
    bucket: options.bucket,
    ...options.calls,
    message: options.tooMany,
  });
  return async (request) => {
    await calls.take(request.ip);
    const access = await valuationForSecret(options.db, options.sellerCookie(request), {
      now: options.clock(),
      daysAfterClose: options.linkDaysAfterClose,
    });
    if (!access) throw new AppError('NOT_FOUND', sellerPortalMessages.notFound);
    return access.valuationId;
  };
}
