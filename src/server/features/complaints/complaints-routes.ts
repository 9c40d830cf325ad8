import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import {
  claimIdempotencyKey,
  idempotencyHeadersSchema,
  idempotencyKeyHeader,
  saveIdempotentAnswer,
} from '~/server/http/idempotency';
import { createRateLimit, type RateLimit } from '~/server/http/rate-limit';
import { noStoreByDefault } from '~/server/http/security-headers';
import {
  handlePlainForm,
  type FormFields,
  type PageFormOutcome,
  type PageFormRegistry,
} from '~/server/render/page-forms';
import { apiErrorSchema } from '~/shared/api-error';
import {
  COMPLAINT_FIELDS,
  complaintSentPath,
  adminComplaintListQuerySchema,
  adminComplaintListSchema,
  adminComplaintSchema,
  complaintCreatedSchema,
  complaintIdParamsSchema,
  complaintMessages,
  complaintResolutionSchema,
  complaintSubmissionSchema,
  type ComplaintCreated,
} from '~/shared/complaints';
import { paths } from '~/shared/paths';
import { idempotencyMessages } from '~/shared/valuation-fields';
import type { Outbox } from '../messages';
import { createComplaint, listAdminComplaints, newComplaintReference, resolveComplaint } from './complaints-service';

export type ComplaintsRoutesDeps = {
  db: Db;
  outbox: Outbox;
  clock: () => Date;
  /** STAFF_NOTIFY_EMAIL (config.staffNotifyEmails): each gets the "new complaint" e-mail. */
  staffNotifyEmails: readonly string[];
  /** Submissions per client address and window; default COMPLAINT_SUBMIT_LIMIT. */
  submitLimit?: { limit: number; windowMs: number };
  /** Where the contact page's form registers its post without JavaScript (render/page-forms.ts). */
  pageForms?: PageFormRegistry;
};

/** As for reviews: a person sends one complaint, perhaps a retry or two; a bot's stream does not fit. */
export const COMPLAINT_SUBMIT_LIMIT = { limit: 5, windowMs: 60 * 60_000 };
export const COMPLAINTS_SCOPE = 'POST /api/complaints';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/** Data-protection complaints (issue 18): the contact page's form, and staff's list and resolution. */
export const complaintsRoutes: FastifyPluginAsyncZod<ComplaintsRoutesDeps> = async (app, deps) => {
  // Every answer holds personal data or a reference to it: no cache keeps any.
  noStoreByDefault(app);

  const submissions = createRateLimit(deps.db, deps.clock, {
    bucket: 'complaint-submit',
    ...(deps.submitLimit ?? COMPLAINT_SUBMIT_LIMIT),
    message: complaintMessages.rateLimited,
  });

  app.post(
    '/api/complaints',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Make a complaint',
        headers: idempotencyHeadersSchema,
        body: complaintSubmissionSchema,
        response: {
          201: complaintCreatedSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      // Counted before the body is checked, so bad requests count too.
      onRequest: async (request) => submissions.take(request.ip),
    },
    async (request, reply) => {
      const { website, ...complaint } = request.body;
      if (honeypotFilled(website, request)) return reply.status(201).send({ reference: newComplaintReference() });
      const key = idempotencyKeyHeader(request.headers['idempotency-key']);
      let createdId: string | undefined;
      const answer = await deps.db.transaction(async (tx): Promise<Answer> => {
        const claim = key && { scope: COMPLAINTS_SCOPE, key, request: request.body, now: deps.clock() };
        if (claim) {
          const outcome = await claimIdempotencyKey(tx, claim);
          if (outcome.kind === 'replay') return outcome.answer as Answer;
          if (outcome.kind === 'mismatch') return refusal(422, complaintMessages.keyReused);
          if (outcome.kind === 'in-progress') return refusal(409, idempotencyMessages.inProgress);
        }
        const { id, reference } = await createComplaint(tx, deps, complaint);
        createdId = id;
        const created: Answer = { status: 201, body: { reference } };
        if (claim) await saveIdempotentAnswer(tx, claim, created);
        return created;
      });
      if (createdId) request.log.info({ complaintId: createdId }, 'data-protection complaint stored');
      return reply.status(answer.status).send(answer.body);
    },
  );

  deps.pageForms?.register({
    path: paths.contact,
    routeId: CONTACT_PAGE_ROUTE,
    handle: (fields, request) => complaintFormPost(fields, request, { ...deps, submissions }),
  });

  app.get(
    '/api/admin/complaints',
    {
      config: admin,
      schema: {
        summary: 'List complaints',
        querystring: adminComplaintListQuerySchema,
        response: { 200: adminComplaintListSchema, ...errors },
      },
    },
    async (request) => listAdminComplaints(deps.db, request.query),
  );

  app.patch(
    '/api/admin/complaints/:id/resolve',
    {
      config: admin,
      schema: {
        summary: 'Resolve a complaint',
        params: complaintIdParamsSchema,
        body: complaintResolutionSchema,
        response: { 200: adminComplaintSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const actorUserId = requireAuth(request).user.id;
      const { id } = request.params;
      const complaint = await resolveComplaint(deps.db, {
        id,
        resolutionNote: request.body.resolutionNote,
        actorUserId,
        now: deps.clock(),
      });
      request.log.info({ complaintId: id, by: actorUserId }, 'data-protection complaint resolved');
      return complaint;
    },
  );
};

/** What the form's route answers, and what a replay of the same request answers again. */
type Answer = { status: 201; body: ComplaintCreated } | { status: 409 | 422; body: { message: string } };

function refusal(status: 409 | 422, message: string): Answer {
  return { status, body: { message } };
}

/**
 * The honeypot: a bot filled in the field people never see. It gets the same answer as a stored
 * complaint (a reference nobody holds), so it learns nothing; nothing is stored or sent.
 */
function honeypotFilled(website: string | undefined, request: FastifyRequest): boolean {
  if (!website || website.trim() === '') return false;
  request.log.info('complaint honeypot filled; nothing stored');
  return true;
}

/** The contact page's route (src/client/routes.tsx), which shows the form's state after a plain post. */
const CONTACT_PAGE_ROUTE = 'features/public/contact/contact-page';

/**
 * The contact page's form posted without JavaScript (issue 31): the same rate limit, checks and
 * honeypot as `POST /api/complaints`, then the confirmation page (POST/redirect/GET), or the form
 * again with what was typed and the messages. No Idempotency-Key: the redirect is what keeps a
 * reload from sending it twice.
 */
function complaintFormPost(
  fields: FormFields,
  request: FastifyRequest,
  deps: ComplaintsRoutesDeps & { submissions: RateLimit },
): Promise<PageFormOutcome> {
  return handlePlainForm({
    fields,
    names: COMPLAINT_FIELDS,
    request,
    submissions: deps.submissions,
    schema: complaintSubmissionSchema,
    failure: complaintMessages.submitFailedDetail,
    async accept({ website, ...complaint }) {
      if (honeypotFilled(website, request)) return complaintSentPath(newComplaintReference());
      const { id, reference } = await deps.db.transaction((tx) => createComplaint(tx, deps, complaint));
      request.log.info({ complaintId: id }, 'data-protection complaint stored (form posted without JavaScript)');
      return complaintSentPath(reference);
    },
  });
}
