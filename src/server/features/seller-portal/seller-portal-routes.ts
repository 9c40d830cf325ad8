import type { DistanceBand } from '~/shared/distance';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/http/app-error';
import { createRateLimit } from '~/server/http/rate-limit';
import type { PageDataRegistry } from '~/server/render/page-data';
import { apiErrorSchema } from '~/shared/api-error';
import { paths, SELLER_SECRET_PARAM } from '~/shared/paths';
import {
  acceptOfferSchema,
  declineOfferSchema,
  freshOfferSchema,
  sellerActionAnswerSchema,
  sellerMessageSchema,
  sellerViewSchema,
} from '~/shared/seller-portal';
import { sellerPageNotices, sellerPortalMessages as m, type SellerPageNotice } from '~/shared/seller-portal-basics';
import type { Outbox } from '../messages';
import { acceptRevision, declineRevision } from '../revisions';
import { valuationForSecret } from '../valuations';
import { declineRevisionSchema } from '~/shared/price-revision-schemas';
import { requireAuth } from '~/server/auth/access';
import { valuationIdParamsSchema } from '~/shared/admin-valuations';
import { handlePlainForm, type PageFormRegistry } from '~/server/render/page-forms';
import { LOST_LINK_FIELDS, lostLinkSchema } from '~/shared/seller-portal';
import {
  acceptOffer,
  declineOffer,
  postSellerMessage,
  replyToSeller,
  requestFreshOffer,
  resendSellerLink,
} from './seller-actions';
import { sellerCookies } from './seller-cookie';
import { loadSellerView } from './seller-view';

export type SellerPortalRoutesDeps = {
  db: Db;
  outbox: Outbox;
  clock: () => Date;
  staffNotifyEmails: readonly string[];
  pageData: PageDataRegistry;
  secureCookies: boolean;
  /** SELLER_LINK_DAYS_AFTER_CLOSE. */
  linkDaysAfterClose: number;
  /** Calls per client address and window; tests lower it. */
  callsLimit?: { limit: number; windowMs: number };
  /** "Lost your link?" asks per client address, and e-mails per recipient; tests lower them. */
  lostLinkLimits?: {
    perAddress: { limit: number; windowMs: number };
    perRecipient: { limit: number; windowMs: number };
  };
  /** The plain form of "Lost your link?" posts here without JavaScript. */
  pageForms?: PageFormRegistry;
  /** The seller's distance band (collection day's earliest slot, issue 36); unknown without it. */
  bandOf?: (postcode: string) => Promise<DistanceBand | null>;
};

/**
 * "Lost your link?": a person asks a few times at most; more from one connection is someone trying
 * addresses (refused, 429), and more than a few e-mails a day to one address would make us a
 * nuisance to its owner (held back quietly: the answer stays the same).
 */
export const LOST_LINK_LIMITS = {
  perAddress: { limit: 10, windowMs: 60 * 60_000 },
  perRecipient: { limit: 3, windowMs: 24 * 60 * 60_000 },
};

/** The seller page's route id (its module's path under src/client), whose loader is registered here. */
export const YOUR_VALUATION_ROUTE_ID = 'features/public/your-valuation/your-valuation-page';
export const LOST_LINK_ROUTE_ID = 'features/public/your-valuation/lost-link-page';

/** Generous for a person; a cap on guessing secrets and on the alerts a page can make us send. */
export const SELLER_CALLS_LIMIT = { limit: 120, windowMs: 10 * 60_000 };

const notFound = () => new AppError('NOT_FOUND', m.notFound);
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const actionAnswer = { 200: sellerActionAnswerSchema, 409: apiErrorSchema, ...errors };

/**
 * The seller's own page and its calls (issue 34; DESIGN section 9). Access is `public` for the
 * app's access control, because the seller has no account: their secret is the check, done first in
 * every handler. A link we send (`/your-valuation/open?k=<secret>`) exchanges it for an HttpOnly
 * cookie scoped to the seller's paths and redirects to `/your-valuation`, so the secret never stays
 * in the address bar, the history or a Referer. A wrong, stale or missing secret answers exactly as
 * a request that does not exist (404, the same words).
 */
export const sellerPortalRoutes: FastifyPluginAsyncZod<SellerPortalRoutesDeps> = async (app, deps) => {
  const cookies = sellerCookies(deps.secureCookies);
  const actionDeps = { db: deps.db, outbox: deps.outbox, staffNotifyEmails: deps.staffNotifyEmails };
  const calls = createRateLimit(deps.db, deps.clock, {
    bucket: 'seller-portal',
    ...(deps.callsLimit ?? SELLER_CALLS_LIMIT),
    message: m.tooMany,
  });

  /** The valuation the seller's cookie opens now, or 404. */
  async function sellerValuation(request: FastifyRequest): Promise<string> {
    await calls.take(request.ip);
    const access = await valuationForSecret(deps.db, cookies.read(request), {
      now: deps.clock(),
      daysAfterClose: deps.linkDaysAfterClose,
    });
    if (!access) throw notFound();
    return access.valuationId;
  }

  deps.pageData.register(YOUR_VALUATION_ROUTE_ID, async ({ cookies: pageCookies, clock, url }) => {
    const now = clock();
    const access = await valuationForSecret(deps.db, pageCookies?.[cookies.name], {
      now,
      daysAfterClose: deps.linkDaysAfterClose,
    });
    const view = access && (await loadSellerView(deps.db, access.valuationId, now, deps.bandOf));
    if (!view) throw notFound();
    // Never kept: the page is the seller's alone (the page routes do not keep private pages anyway).
    return { data: { ...view, notice: noticeFrom(url) }, version: now.getTime() };
  });

  /**
   * The page's forms posted without JavaScript (or before its islands woke): each names its
   * `action`; the answer is the page again at an address saying what happened (POST/redirect/GET).
   */
  deps.pageForms?.register({
    path: paths.yourValuation,
    routeId: YOUR_VALUATION_ROUTE_ID,
    async handle(fields, request) {
      const valuationId = await sellerValuation(request);
      const now = deps.clock();
      const offerId = fields.offerId ?? '';
      const again = (query: string) => ({ type: 'redirect' as const, location: `${paths.yourValuation}?${query}` });
      try {
        switch (fields.action) {
          case 'accept':
            if (!acceptOfferSchema.safeParse({ offerId }).success) return again('problem=invalid');
            await acceptOffer(actionDeps, {
              valuationId,
              offerId,
              now,
              clientAddress: request.ip,
              userAgent: request.headers['user-agent'],
            });
            return again('done=accepted');
          case 'decline': {
            const parsed = declineOfferSchema.safeParse({ offerId, reason: fields.reason });
            if (!parsed.success) return again('problem=invalid');
            await declineOffer(actionDeps, { valuationId, offerId, reason: parsed.data.reason, now });
            return again('done=declined');
          }
          case 'fresh':
            if (!freshOfferSchema.safeParse({ offerId }).success) return again('problem=invalid');
            await requestFreshOffer(actionDeps, { valuationId, offerId, now });
            return again('done=fresh');
          // The revised price (issue 37): a refusal (lapsed, withdrawn, answered) shows where things now stand.
          case 'revision-accept':
          case 'revision-decline': {
            const accepting = fields.action === 'revision-accept';
            const parsed = declineRevisionSchema.safeParse({
              revisionId: fields.revisionId ?? '',
              reason: accepting ? null : fields.reason,
            });
            if (!parsed.success) return again('problem=invalid');
            const { revisionId, reason } = parsed.data;
            try {
              if (accepting) {
                const answer = { valuationId, revisionId, now, clientAddress: request.ip };
                await acceptRevision(actionDeps, { ...answer, userAgent: request.headers['user-agent'] });
              } else {
                await declineRevision(actionDeps, { valuationId, revisionId, reason, now });
              }
            } catch (error) {
              if (error instanceof AppError && error.code === 'CONFLICT') return again('problem=revision-closed');
              throw error;
            }
            return again(accepting ? 'done=revision-accepted' : 'done=revision-declined');
          }
          case 'message': {
            const parsed = sellerMessageSchema.safeParse({ body: fields.body ?? '' });
            if (!parsed.success) {
              const tooLong = (fields.body ?? '').trim().length > 0;
              return again(`problem=${tooLong ? 'message-long' : 'message-empty'}#messages`);
            }
            await postSellerMessage(actionDeps, { valuationId, body: parsed.data.body, now });
            return again('done=message#messages');
          }
          default:
            return again('problem=invalid');
        }
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT') return again(`problem=${conflictCode(error)}`);
        throw error;
      }
    },
  });

  const lostLinkLimits = deps.lostLinkLimits ?? LOST_LINK_LIMITS;
  const lostLinkAsks = createRateLimit(deps.db, deps.clock, {
    bucket: 'seller-lost-link',
    ...lostLinkLimits.perAddress,
    message: m.tooMany,
  });
  const lostLinkMails = createRateLimit(deps.db, deps.clock, {
    bucket: 'seller-lost-link-recipient',
    ...lostLinkLimits.perRecipient,
  });
  /** Whether this recipient may get another link today (the count is kept by a hash of the address). */
  const mayEmail = async (email: string) =>
    lostLinkMails.take(createHash('sha256').update(email).digest('hex')).then(
      () => true,
      () => false,
    );
  async function lostLink(
    request: FastifyRequest,
    ask: { email: string; registration: string; website?: string | undefined },
  ) {
    // A filled honeypot is a bot: the same answer, nothing sent.
    if (ask.website) return;
    const sentFor = await resendSellerLink(actionDeps, {
      email: ask.email,
      registration: ask.registration,
      now: deps.clock(),
      daysAfterClose: deps.linkDaysAfterClose,
      mayEmail,
    });
    request.log.info({ matched: sentFor !== null, valuationId: sentFor ?? undefined }, 'seller asked for a new link');
  }

  const noStore = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');

  app.get(
    paths.yourValuationOpen,
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ [SELLER_SECRET_PARAM]: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      noStore(reply).header('X-Robots-Tag', 'noindex, nofollow');
      await calls.take(request.ip);
      const secret = request.query[SELLER_SECRET_PARAM];
      const access = await valuationForSecret(deps.db, secret, {
        now: deps.clock(),
        daysAfterClose: deps.linkDaysAfterClose,
      });
      // A secret that opens nothing clears any cookie held, so the page says what it says to a stranger.
      if (access && secret) cookies.set(reply, secret);
      else cookies.clear(reply);
      return reply.redirect(paths.yourValuation, 303);
    },
  );

  app.get(
    '/api/your-valuation',
    {
      config: { access: 'public' },
      schema: { summary: 'The seller’s view of their request', response: { 200: sellerViewSchema, ...errors } },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request);
      noStore(reply);
      const view = await loadSellerView(deps.db, valuationId, deps.clock(), deps.bandOf);
      if (!view) throw notFound();
      return view;
    },
  );

  app.post(
    '/api/your-valuation/offer/accept',
    {
      config: { access: 'public' },
      schema: { summary: 'Accept the offer (seller)', body: acceptOfferSchema, response: actionAnswer },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request);
      noStore(reply);
      await acceptOffer(actionDeps, {
        valuationId,
        offerId: request.body.offerId,
        now: deps.clock(),
        clientAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      request.log.info({ valuationId, offerId: request.body.offerId }, 'offer accepted by the seller');
      return { message: m.accepted };
    },
  );

  app.post(
    '/api/your-valuation/offer/decline',
    {
      config: { access: 'public' },
      schema: { summary: 'Decline the offer (seller)', body: declineOfferSchema, response: actionAnswer },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request);
      noStore(reply);
      const { offerId, reason } = request.body;
      await declineOffer(actionDeps, { valuationId, offerId, reason, now: deps.clock() });
      request.log.info({ valuationId, offerId }, 'offer declined by the seller');
      return { message: m.declined };
    },
  );

  app.post(
    '/api/your-valuation/offer/fresh',
    {
      config: { access: 'public' },
      schema: { summary: 'Ask for a fresh offer (seller)', body: freshOfferSchema, response: actionAnswer },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request);
      noStore(reply);
      await requestFreshOffer(actionDeps, { valuationId, offerId: request.body.offerId, now: deps.clock() });
      request.log.info({ valuationId }, 'fresh offer asked for by the seller');
      return { message: m.freshOfferAsked };
    },
  );

  app.post(
    '/api/your-valuation/messages',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Send a message to staff (seller)',
        body: sellerMessageSchema,
        response: { 201: sellerActionAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request);
      noStore(reply);
      await postSellerMessage(actionDeps, { valuationId, body: request.body.body, now: deps.clock() });
      request.log.info({ valuationId }, 'message from the seller');
      return reply.status(201).send({ message: m.messageSent });
    },
  );

  app.post(
    '/api/your-valuation/lost-link',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Send the seller a new link to their page',
        description: 'The same answer whether or not the details match a request.',
        body: lostLinkSchema,
        response: { 200: sellerActionAnswerSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      // Counted before the body is checked, so bad requests count too.
      onRequest: async (request) => lostLinkAsks.take(request.ip),
    },
    async (request, reply) => {
      noStore(reply);
      await lostLink(request, request.body);
      return { message: m.lostLinkSent };
    },
  );

  deps.pageForms?.register({
    path: paths.yourValuationLostLink,
    routeId: LOST_LINK_ROUTE_ID,
    handle: (fields, request) =>
      handlePlainForm({
        fields,
        names: LOST_LINK_FIELDS,
        request,
        submissions: lostLinkAsks,
        schema: lostLinkSchema,
        failure: m.lostLinkFailed,
        async accept(ask) {
          await lostLink(request, ask);
          return `${paths.yourValuationLostLink}?sent=1`;
        },
      }),
  });

  app.post(
    '/api/valuations/:id/messages',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Answer the seller (staff)',
        params: valuationIdParamsSchema,
        body: sellerMessageSchema,
        response: { 201: sellerActionAnswerSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const staffUserId = requireAuth(request).user.id;
      await replyToSeller(actionDeps, { valuationId: id, body: request.body.body, staffUserId, now: deps.clock() });
      request.log.info({ valuationId: id, by: staffUserId }, 'reply sent to the seller');
      return reply.status(201).send({ message: REPLY_SENT });
    },
  );
};

/** Which words a refused answer gets on the page (the refusal's own, by its kind). */
function conflictCode(error: AppError): keyof typeof sellerPageNotices.problem {
  if (error.message === m.freshOfferNotNeeded) return 'still-open';
  if (error.message === m.offerNotOpen) return 'not-open';
  return 'ended';
}

/** `?done=` or `?problem=` as the page's notice; anything else, none. */
function noticeFrom(url: URL): SellerPageNotice | null {
  const done = url.searchParams.get('done');
  if (done && Object.hasOwn(sellerPageNotices.done, done)) {
    return { kind: 'done', text: sellerPageNotices.done[done as keyof typeof sellerPageNotices.done] };
  }
  const problem = url.searchParams.get('problem');
  if (problem && Object.hasOwn(sellerPageNotices.problem, problem)) {
    return { kind: 'problem', text: sellerPageNotices.problem[problem as keyof typeof sellerPageNotices.problem] };
  }
  return null;
}

/** What staff see once their answer is on its way. */
const REPLY_SENT = 'Reply sent to the seller by e-mail, and shown on their page.';
