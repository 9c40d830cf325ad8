import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionCookieName, type Access } from '~/server/auth/access';
import { DEFAULT_TRADING_NAME } from '~/server/features/site/site-config';
import { apiErrorSchema } from '~/shared/api-error';
import { renderApiReference, type ApiDocument } from './openapi-reference';

/** The name of the session cookie's security scheme in the document. */
export const SESSION_SCHEME = 'sessionCookie';

/**
 * Groups of operations, by the start of their path, in the order the reference
 * page lists them. A path no group names gets one from its first segment after
 * /api (and /api/admin), so a new feature is grouped without editing this list.
 */
const TAGS: { name: string; description: string; prefixes: string[] }[] = [
  {
    name: 'Signing in',
    description: 'Sign in and out, the current user, changing a password.',
    prefixes: ['/api/auth/'],
  },
  {
    name: 'Admin users',
    description: 'The accounts of the staff who use the back office.',
    prefixes: ['/api/admin/users'],
  },
  {
    name: 'Messages',
    description: 'The outbox of e-mails and text messages: reading, retrying and sending a test message.',
    prefixes: ['/api/admin/messages'],
  },
  { name: 'Health', description: 'Whether the server and its database are up.', prefixes: ['/api/health'] },
  {
    name: 'API document',
    description: 'This document and its reference page.',
    prefixes: ['/api/openapi.json', '/api/reference'],
  },
  {
    name: 'Valuations',
    description: "Sellers' valuation requests and their photos, and staff's work on them: lists, offers, dealers.",
    prefixes: ['/api/valuations', '/api/admin/valuations'],
  },
  {
    name: 'Vehicle data',
    description: "A vehicle's details and MOT history by registration, from the DVLA and the DVSA.",
    prefixes: ['/api/vehicle/', '/api/dvla-info/'],
  },
  { name: 'Distance', description: 'How far a postcode is from the business, by road.', prefixes: ['/api/distance/'] },
  {
    name: 'Reviews',
    description: "Customers' reviews: the public list, the form and moderation.",
    prefixes: ['/api/reviews', '/api/admin/reviews'],
  },
  {
    name: 'Complaints',
    description: 'The complaints form and the handling of complaints.',
    prefixes: ['/api/complaints', '/api/admin/complaints'],
  },
  {
    name: 'Data requests',
    description: 'Subject access and erasure: finding, exporting and erasing the data held about a person.',
    prefixes: ['/api/admin/data-requests'],
  },
  {
    name: 'Purchased vehicles',
    description: 'The cars the business has bought, shown on the public site, and their photos.',
    prefixes: ['/api/purchased-vehicles', '/api/admin/purchased-vehicles'],
  },
  {
    name: 'Analytics',
    description: 'Page views as the site counts them, and reports on them.',
    prefixes: ['/api/analytics/'],
  },
  {
    // Before the webhooks: /api/twilio/test is staff's set-up check, not a request from Twilio.
    name: 'Calls',
    description: "Phone calls: the call log, making and answering calls, recordings and the voice messages' audio.",
    prefixes: ['/api/twilio/test', '/api/calls', '/api/audio/'],
  },
  {
    name: 'Twilio webhooks',
    description: "Twilio's requests about calls, form-encoded and signed with `X-Twilio-Signature`; they answer TwiML.",
    prefixes: ['/api/twilio/'],
  },
];

export function tagFor(url: string): string {
  const known = TAGS.find((tag) => tag.prefixes.some((prefix) => url.startsWith(prefix)));
  if (known) return known.name;
  const segment = url.replace(/^\/api\/(admin\/)?/, '').split('/')[0] || 'Other';
  return segment.charAt(0).toUpperCase() + segment.slice(1);
}

const ACCESS_DESCRIPTION: Record<Access, string> = {
  public: 'Anyone may call this.',
  signedIn: 'Needs a signed-in session (any member of staff).',
  admin: 'Needs a signed-in admin.',
};

export type OpenApiOptions = {
  /** The brand (SITE_TRADING_NAME; the default when unset): the document's title is "<trading name> API". */
  tradingName: string | undefined;
  /** The app's version (package.json). */
  version: string;
  /** Whether the session cookie is the https one (`__Host-sid`) or plain `sid`. */
  secureCookies: boolean;
};

/**
 * The OpenAPI 3.1 document of the JSON API, built by @fastify/swagger from the
 * routes' zod schemas, and the two admin-only routes that show it:
 * `GET /api/openapi.json` (the document) and `GET /api/reference` (a plain HTML
 * page rendered from it on the server, no script, styles only in attributes,
 * so it works under the site's CSP).
 *
 * Register it before any route: @fastify/swagger collects routes in an onRoute
 * hook, so it sees only routes registered after it. Register it after access
 * control, whose onRoute hook fills in each route's `config.access`. Only /api
 * routes are in the document; pages and files are hidden.
 */
export async function registerOpenApi(app: FastifyInstance, given: OpenApiOptions): Promise<void> {
  const options = { ...given, tradingName: given.tradingName ?? DEFAULT_TRADING_NAME };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.tradingName} API`,
        version: options.version,
        description:
          'The JSON API behind the website and the back office. Errors answer a JSON body with `message` ' +
          '(safe to show), and may add `code`, `issues` (one message per field) and `requestId`.',
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(options.secureCookies),
            description:
              'The session cookie set by POST /api/auth/login (HttpOnly, SameSite=Lax). ' +
              'Cross-site requests that change data are refused whatever the cookie.',
          },
        },
      },
      tags: uniqueTags(),
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });

  await app.register(documentRoutes, options);
}

function uniqueTags() {
  return TAGS.map(({ name, description }) => ({ name, description }));
}

/**
 * An operation's id, from its method and path when the route declares none: `GET /api/admin/users/:id`
 * is `getAdminUsersById`. Stable while the route is, and unique because Fastify allows one route per
 * method and path.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words]
    .map((word, i) => (i ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join('');
}

/**
 * Route schema keys that only the document reads. `documentedBody`: the body of a route that parses
 * its own (a multipart upload, streamed in the handler so the limits apply while it arrives), which
 * Fastify must not validate as `body`; it is documented as the request body under `consumes`.
 */
export type DocumentOnlySchema = { documentedBody?: z.ZodType };

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/**
 * The refusals the shared mechanisms give on any route, so each route's schema need not repeat them:
 * the error handler's 400 (a malformed request or address) and 503 (overloaded, or the database out of
 * reach, with Retry-After); Fastify's 413 and 415 for a body too large or of a type the route does not
 * parse, on the methods that carry one; 414 for a path parameter past its length; access control's
 * 401 and 403 (signed out, not an admin) on the routes that are not public; and the cross-site check's
 * 403 on every change; the Host check's 421 (a Host this server does not serve); 405 with Allow on a
 * path with parameters, when the path is another operation's (`DELETE /api/valuations/active`); and
 * the 500 of an unexpected failure, which names it by `requestId` and never shows its detail.
 * A route's own declaration of a status wins.
 */
export function sharedRefusals(method: string, url: string, access: Access): Record<number, unknown> {
  const refusals: Record<number, unknown> = {
    400: errorAnswer('The request is malformed or breaks a rule stated in its schema; `issues` names the fields.'),
    421: errorAnswer('The Host header names a site this server does not serve.'),
    500: errorAnswer('Something went wrong on our side; `requestId` names it in our log.'),
    503: errorAnswer('Busy, or the database is briefly out of reach: try again after Retry-After seconds.'),
  };
  const unsafe = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
  if (unsafe) {
    refusals[413] = errorAnswer('The body is larger than this operation takes.');
    refusals[415] = errorAnswer('The body is of a content type this operation does not take.');
  }
  if (url.includes('/:')) {
    refusals[405] = errorAnswer('The path is another operation’s, which does not take this method: see Allow.');
    refusals[414] = errorAnswer('A path parameter is too long.');
  }
  if (access !== 'public') refusals[401] = errorAnswer('Not signed in, or the session has ended.');
  if (access !== 'public' || unsafe) {
    refusals[403] = errorAnswer('Not allowed: an admin-only operation, or a change requested from another site.');
  }
  return refusals;
}

/** zod schemas to JSON Schema (fastify-type-provider-zod), plus our grouping, access and ids; non-/api routes hidden. */
const transformRoute: typeof jsonSchemaTransform = (input) => {
  const { url, route } = input;
  if (!url.startsWith('/api/')) return { schema: { hide: true } as FastifySchema, url };
  const access = route.config?.access ?? 'public';
  const { documentedBody, ...given } = (input.schema ?? {}) as FastifySchema & DocumentOnlySchema;
  const response = { ...sharedRefusals(String(route.method), url, access), ...(given.response as object) };
  const withBody = documentedBody ? { ...given, body: documentedBody } : given;
  const transformed = jsonSchemaTransform({ ...input, schema: { ...withBody, response } });
  const schema: FastifySchema & Record<string, unknown> = {
    ...transformed.schema,
    operationId: given.operationId ?? operationIdFor(String(route.method), url),
    tags: [tagFor(url)],
    description: [ACCESS_DESCRIPTION[access], given.description].filter(Boolean).join(' '),
    'x-access': access,
    // Public operations say so, rather than leaving a reader to wonder about a global default.
    security: access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }],
  };
  return { schema, url: transformed.url };
};

/** The document, with every tag an operation uses declared (one no entry in TAGS names gets a plain description). */
const transformDocument: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    tags?: { name: string; description?: string }[];
    paths?: Record<string, Record<string, { tags?: string[] }>>;
  };
  const declared = new Set((document.tags ?? []).map((tag) => tag.name));
  const used = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item).flatMap((op) => op.tags ?? []),
  );
  const undeclared = [...new Set(used)].filter((name) => !declared.has(name));
  return {
    ...(document as ReturnType<typeof jsonSchemaTransformObject>),
    tags: [...(document.tags ?? []), ...undeclared.map((name) => ({ name, description: `The ${name} operations.` }))],
  };
};

const documentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

const documentRoutes: FastifyPluginAsyncZod<{ tradingName: string }> = async (app, options) => {
  app.get(
    '/api/openapi.json',
    {
      config: { access: 'admin' },
      schema: { summary: 'Get this API document', response: { 200: documentSchema, ...errors } },
    },
    async () => document(app),
  );

  app.get(
    '/api/reference',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Read the API reference page',
        response: {
          200: { description: 'The reference page', content: { 'text/html': { schema: z.string() } } },
          ...errors,
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(renderApiReference(document(app), { tradingName: options.tradingName })),
  );
};

function document(app: FastifyInstance): ApiDocument {
  return app.swagger() as unknown as ApiDocument;
}
