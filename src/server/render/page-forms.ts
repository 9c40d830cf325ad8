import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '~/server/http/app-error';
import type { RateLimit } from '~/server/http/rate-limit';
import type { PlainFormState } from '~/shared/form-state';

/**
 * Public forms that work without JavaScript (issue 31). A form on a public page is a plain
 * `<form method="post">` to its page's own address, so it works from the first paint, whether its
 * script has come to life or not (with the script, the island sends the same fields as JSON to the
 * API instead). The feature that owns the form registers what to do with a post here; the page
 * routes (page-routes.ts) read the fields (application/x-www-form-urlencoded) and answer with
 * what the feature decided:
 *
 * - a redirect (303, POST/redirect/GET), so that reloading the next page never sends the form twice;
 * - or the page again with the form's state (what was typed, the messages), for the page's route
 *   to render: its loader is `pageFormStateLoader` (src/client/lib/page-data.ts).
 *
 * The post is protected like every other unsafe request: the CSRF check (Sec-Fetch-Site, Origin)
 * runs before the route, and the feature applies its own rate limit and honeypot.
 */

/** The form's fields as a browser posts them, each name once (a repeated name keeps its first value). */
export type FormFields = Record<string, string>;

export type PageFormOutcome = { type: 'redirect'; location: string } | { type: 'page'; status: number; state: unknown };

export type PageForm = {
  /** The page the form is on, which it posts to, e.g. `/contact`. */
  path: string;
  /** The id of that page's route (src/client/routes.tsx), whose loader hands the state to the page. */
  routeId: string;
  handle(fields: FormFields, request: FastifyRequest): Promise<PageFormOutcome>;
};

export type PageFormRegistry = {
  register(form: PageForm): void;
  list(): readonly PageForm[];
};

export function createPageFormRegistry(): PageFormRegistry {
  const forms = new Map<string, PageForm>();
  return {
    register(form) {
      if (forms.has(form.path)) throw new Error(`A page form is already registered for ${form.path}`);
      forms.set(form.path, form);
    },
    list: () => [...forms.values()],
  };
}

/** Enough for the longest form (a 4,000-character complaint, every character %-encoded) and no more. */
export const PAGE_FORM_BODY_LIMIT = 64 * 1024;

/** `a=1&b=2` as fields; a name given twice keeps its first value, as the page's form has each once. */
export function formFields(body: string): FormFields {
  // No prototype: a field named __proto__ or constructor is a field like any other.
  const fields = Object.create(null) as FormFields;
  for (const [name, value] of new URLSearchParams(body)) if (!Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}

/** The form's fields as typed, each a string (a missing one empty), in the order of `names`. */
export function formValues<F extends string>(fields: FormFields, names: readonly F[]): Record<F, string> {
  return Object.fromEntries(names.map((name) => [name, fields[name] ?? ''])) as Record<F, string>;
}

/** The first message for each of the form's fields, from a schema's issues. */
export function firstMessages<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  names: readonly F[],
): Partial<Record<F, string>> {
  const messages: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const name = names.find((field) => field === issue.path[0]);
    if (name && !messages[name]) messages[name] = issue.message;
  }
  return messages;
}

/**
 * The rate limit's refusal in words when this address has sent too many (this post counted, as
 * the API counts its own, bad ones included), else undefined: the form shows it.
 */
export async function overLimit(submissions: RateLimit, ip: string): Promise<string | undefined> {
  try {
    await submissions.take(ip);
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return error.message;
    throw error;
  }
}

/**
 * How a public form posted without JavaScript is handled (the complaint and review forms): the
 * API's rate limit, counted as the API counts it (bad posts included), then the API's own checks
 * on what was typed (with the honeypot, `website`); `accept` then acts on the checked form and
 * names the page to redirect to. When the limit or the checks refuse, the page again with what
 * was typed, each field's message and `failure` (or the limit's words).
 */
export async function handlePlainForm<F extends string, T>(options: {
  fields: FormFields;
  names: readonly F[];
  request: FastifyRequest;
  submissions: RateLimit;
  schema: z.ZodType<T>;
  failure: string;
  accept: (checked: T) => Promise<string>;
}): Promise<PageFormOutcome> {
  const { fields, names, request } = options;
  const values = formValues(fields, names);
  const formAgain = (status: number, state: Omit<PlainFormState<F>, 'values'>): PageFormOutcome => ({
    type: 'page',
    status,
    state: { values, ...state } satisfies PlainFormState<F>,
  });
  const limited = await overLimit(options.submissions, request.ip);
  if (limited) return formAgain(429, { errors: {}, failure: limited });
  const parsed = options.schema.safeParse({ ...values, website: fields.website ?? '' });
  if (!parsed.success) {
    return formAgain(400, { errors: firstMessages(parsed.error.issues, names), failure: options.failure });
  }
  return { type: 'redirect', location: await options.accept(parsed.data) };
}
