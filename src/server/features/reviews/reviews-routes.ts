import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { createRateLimit } from '~/server/http/rate-limit';
import { noStoreByDefault } from '~/server/http/security-headers';
import type { PageDataRegistry } from '~/server/render/page-data';
import { handlePlainForm, type PageFormRegistry } from '~/server/render/page-forms';
import { apiErrorSchema } from '~/shared/api-error';
import {
  adminReviewListQuerySchema,
  adminReviewListSchema,
  adminReviewSchema,
  publicReviewListQuerySchema,
  publicReviewListSchema,
  REVIEW_FIELDS,
  reviewFormSchema,
  reviewMessages,
  reviewModerationSchema,
  reviewRejectionSchema,
  reviewSubmissionSchema,
  reviewSubmittedSchema,
} from '~/shared/reviews';
import { paths } from '~/shared/paths';
import { idParamsSchema } from '~/shared/schema-kit';
import { registerReviewPageData } from './reviews-page-data';
import type { ContentChanges } from '~/server/render/content-changes';
import type { PublishedReviewsSource } from './published-reviews';
import { createReview, listAdminReviews, moderateReview, type NewReview } from './reviews-service';

export type ReviewsRoutesDeps = {
  db: Db;
  clock: () => Date;
  /** The public pages' server data: the reviews page and the home page register their loaders. */
  pageData: PageDataRegistry;
  /** Submissions per client address and window; default REVIEW_SUBMIT_LIMIT. */
  submitLimit?: { limit: number; windowMs: number };
  /** The published list the public pages show (published-reviews.ts). */
  published: PublishedReviewsSource;
  /** Told of every moderation: it forgets the published list and the kept pages, here and elsewhere. */
  content: ContentChanges;
  /** Where the review form's page registers its post without JavaScript (render/page-forms.ts). */
  pageForms?: PageFormRegistry;
};

/** A person writes one review; a few retries fit, a bot's stream does not. */
export const REVIEW_SUBMIT_LIMIT = { limit: 5, windowMs: 60 * 60_000 };
export const REVIEW_RATE_LIMIT_MESSAGE =
  'Too many reviews from your connection. Please wait an hour and try again, or contact us.';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * Customer reviews (issue 12): the public list and form, and staff's moderation (admins only).
 * The public pages get the same list through their page-data loaders, not over HTTP.
 */
export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesDeps> = async (app, deps) => {
  const { published } = deps;
  registerReviewPageData(deps.pageData, published);
  // Staff's answers and the submission's are never kept; the public list says no-cache itself.
  noStoreByDefault(app);

  // The newest published reviews (a slice of them for the reviews page's carousel), with the count and average of all.
  app.get(
    '/api/reviews',
    {
      config: { access: 'public' },
      schema: {
        summary: 'List published reviews',
        description:
          'The newest published reviews, newest first, up to 200; `offset` and `limit` give a slice of them. ' +
          '`count` and `average` cover every published review.',
        querystring: publicReviewListQuerySchema,
        response: { 200: publicReviewListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { offset, limit } = request.query;
      const { version: _version, ...list } = await published.get(limit, offset);
      reply.header('Cache-Control', 'no-cache');
      return list;
    },
  );

  const submissions = createRateLimit(deps.db, deps.clock, {
    bucket: 'review-submit',
    ...(deps.submitLimit ?? REVIEW_SUBMIT_LIMIT),
    message: REVIEW_RATE_LIMIT_MESSAGE,
  });

  app.post(
    '/api/reviews',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Write a review',
        body: reviewSubmissionSchema,
        response: { 201: reviewSubmittedSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      // Counted before the body is checked, so bad requests count too.
      onRequest: async (request) => submissions.take(request.ip),
    },
    async (request, reply) => {
      await submitReview(request.body, request, deps);
      return reply.status(201).send({ ok: true });
    },
  );

  // The form on a page of its own, posted without JavaScript (issue 31): then `?sent`, or the form again.
  deps.pageForms?.register({
    path: paths.writeReview,
    routeId: WRITE_REVIEW_PAGE_ROUTE,
    handle: (fields, request) =>
      handlePlainForm({
        fields,
        names: REVIEW_FIELDS,
        request,
        submissions,
        schema: reviewFormSchema,
        failure: reviewMessages.submitFailedDetail,
        accept: async (review) => {
          await submitReview(review, request, deps);
          return `${paths.writeReview}?sent#main`;
        },
      }),
  });

  app.get(
    '/api/admin/reviews',
    {
      config: admin,
      schema: {
        summary: 'List reviews for moderation',
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewListSchema, ...errors },
      },
    },
    async (request) => listAdminReviews(deps.db, request.query),
  );

  for (const action of ['approve', 'reject'] as const) {
    app.patch(
      `/api/admin/reviews/:id/${action}`,
      {
        config: admin,
        schema: {
          summary: `${action === 'approve' ? 'Approve' : 'Reject'} a review`,
          params: idParamsSchema,
          body: action === 'approve' ? reviewModerationSchema : reviewRejectionSchema,
          response: { 200: adminReviewSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const actorUserId = requireAuth(request).user.id;
        const { id } = request.params;
        const adminNotes = request.body.adminNotes ?? null;
        const review = await moderateReview(deps.db, { id, actorUserId, now: deps.clock(), action, adminNotes });
        await deps.content.changed('reviews');
        request.log.info({ reviewId: id, by: actorUserId }, `review ${action === 'approve' ? 'approved' : 'rejected'}`);
        return review;
      },
    );
  }

  for (const action of ['publish', 'unpublish'] as const) {
    app.patch(
      `/api/admin/reviews/:id/${action}`,
      {
        config: admin,
        schema: {
          summary: `${action === 'publish' ? 'Publish' : 'Unpublish'} a review`,
          params: idParamsSchema,
          response: { 200: adminReviewSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const actorUserId = requireAuth(request).user.id;
        const { id } = request.params;
        const review = await moderateReview(deps.db, { id, actorUserId, now: deps.clock(), action });
        await deps.content.changed('reviews');
        request.log.info({ reviewId: id, by: actorUserId }, `review ${action}ed`);
        return review;
      },
    );
  }
};

/** The page of the review form for browsers without JavaScript (src/client/routes.tsx). */
const WRITE_REVIEW_PAGE_ROUTE = 'features/public/reviews/write-review-page';

/**
 * Stores a checked review, unless the honeypot caught a bot: it gets the same answer as a stored
 * review, so it learns nothing, and nothing is stored.
 */
async function submitReview(body: NewReview & { website?: string }, request: FastifyRequest, deps: ReviewsRoutesDeps) {
  const { website, ...review } = body;
  if (website && website.trim() !== '') {
    request.log.info('review honeypot filled; nothing stored');
    return;
  }
  const reviewId = await createReview(deps.db, review, deps.clock());
  request.log.info({ reviewId }, 'review submitted');
}
