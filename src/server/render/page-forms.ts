import type { FastifyRequest } from 'fastify';

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
