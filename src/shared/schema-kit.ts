import { z } from 'zod';

/**
 * Zod builders for what every request schema needs, so that no route can accept what PostgreSQL
 * cannot store (issue 8, item 4): text without NUL or other control characters and without lone
 * UTF-16 surrogates, integers within the column's type, and ids as the int4 identity columns hold
 * them. Schemas in src/shared build their fields from these; the server also refuses NUL and lone
 * surrogates anywhere in a request (src/server/http/request-safety.ts) as a safety net for routes
 * that forget.
 */

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
export const INT2_MIN = -32_768;
export const INT2_MAX = 32_767;

export const kitMessages = {
  unsafeCharacters: 'Remove the hidden or control characters from this text.',
  brokenCharacters: 'This text has a broken character (part of an emoji or symbol). Please type it again.',
  invalidId: `Not a valid id: ids are whole numbers from 1 to ${INT4_MAX}.`,
  wholeNumber: 'Enter a whole number.',
} as const;

// C0 controls and DEL..C1 controls. Tab, line feed and carriage return are let through only in
// multi-line text (single-line fields get them from paste, never on purpose). Also the
// bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): invisible, they
// reorder the text around them, so a name or a note could read differently to staff than it is
// ("Trojan Source"). Right-to-left letters themselves are fine.
// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** True when the string holds a control character a text field of that kind should not. */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);
}

/**
 * False for a string with a lone surrogate (half of an emoji): PostgreSQL cannot store it and
 * UTF-8 encoders silently replace it, so two different inputs would become the same text.
 */
export function isWellFormedText(value: string): boolean {
  // ES2024 (Node 20 has it; the project's TypeScript lib is older, hence the cast).
  return (value as string & { isWellFormed(): boolean }).isWellFormed();
}

/** What no column can hold: NUL (PostgreSQL refuses it in text) and lone surrogates. */
export function isStorable(value: string): boolean {
  return !value.includes('\u0000') && isWellFormedText(value);
}

type CharacterChecks = { multiline?: boolean };

/**
 * Adds the character rules to any string schema (after trim, before length rules), with one
 * message for control characters and one for broken characters.
 */
export function storableCharacters<S extends z.ZodType<string>>(schema: S, options: CharacterChecks = {}) {
  return schema
    .refine((v) => isWellFormedText(v), { message: kitMessages.brokenCharacters, abort: true })
    .refine((v) => !hasControlCharacters(v, options), { message: kitMessages.unsafeCharacters, abort: true });
}

type TextOptions = CharacterChecks & {
  /** Most characters allowed; messages are the form's. */
  max: number;
  tooLong: string;
  /** At least this many characters after trimming (1 for "required"). */
  min?: number;
  tooShort?: string;
  /** Checked when the value is not a string at all (missing, null, a number). */
  required?: string;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
};

/**
 * Required text: a string, trimmed, refused with the form's messages when too short or too long,
 * and refused when it holds control characters (tab and newline only in multi-line text) or
 * broken characters. Lengths count UTF-16 units, as the browser's `maxlength` does.
 */
export function text(options: TextOptions) {
  const base = z.string({ message: options.required ?? options.tooShort ?? options.tooLong });
  const trimmed = options.trim === false ? base : base.trim();
  let checked = storableCharacters(trimmed, options);
  if (options.min !== undefined && options.min > 0) {
    checked = checked.refine((v) => v.length >= options.min!, {
      message: options.tooShort ?? options.required ?? options.tooLong,
      abort: true,
    });
  }
  // The lengths, for the API document (issue 32): the refinements above are invisible to JSON Schema.
  const lengths = { maxLength: options.max, ...(options.min ? { minLength: options.min } : {}) };
  return checked.refine((v) => v.length <= options.max, { message: options.tooLong, abort: true }).meta(lengths);
}

/** Optional text: blank, null or absent means "not given" and becomes null. */
export function optionalText(options: Omit<TextOptions, 'min' | 'tooShort' | 'required'>) {
  return text({ ...options, min: 0 })
    .nullish()
    .transform((v) => (v ? v : null));
}

type IntOptions = { min: number; max: number; message?: string };

/**
 * A whole number in a JSON body, within the column's range (default int4). Out of range is the
 * same message as not a number, unless the form gives its own.
 */
/** The bounds, kept within int4, and the message for a value outside them. */
function intRange(options: Partial<IntOptions>): IntOptions & { message: string } {
  const min = Math.max(options.min ?? INT4_MIN, INT4_MIN);
  const max = Math.min(options.max ?? INT4_MAX, INT4_MAX);
  return { min, max, message: options.message ?? `Enter a whole number from ${min} to ${max}.` };
}

export function int(options: Partial<IntOptions> = {}) {
  const { min, max, message } = intRange(options);
  return z.number({ message }).int(message).min(min, message).max(max, message);
}

/** A whole number from a query string or a path: digits only (no "1e3", "0x10", " 1" or "1.0"). */
export function intFromString(options: Partial<IntOptions> = {}) {
  const { min, max, message } = intRange(options);
  return (
    z
      .string({ message })
      .regex(/^-?\d{1,10}$/, message)
      // The API document gives the rule the server applies: a whole number in the range, as a path or
      // query parameter writes it (issue 32), not the looser digits pattern that only guards Number().
      .meta({ type: 'integer', minimum: min, maximum: max, pattern: undefined })
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message))
  );
}

/** An int4 identity id in a path or query string, e.g. `/api/admin/users/:id`. */
export const idParam = intFromString({ min: 1, max: INT4_MAX, message: kitMessages.invalidId });

/** An int4 identity id in a JSON body. */
export const idField = int({ min: 1, max: INT4_MAX, message: kitMessages.invalidId });

/** `{ id }` path parameters, the common case. */
export const idParamsSchema = z.object({ id: idParam });

// --- Pagination ----------------------------------------------------------------------------

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Deep pages cost a scan of every row before them; nobody pages this far by hand. */
export const MAX_PAGE = 10_000;

export const paginationMessages = {
  page: `Page must be a whole number from 1 to ${MAX_PAGE}.`,
  pageSize: (max: number) => `Page size must be a whole number from 1 to ${max}.`,
} as const;

/**
 * `?page=2&pageSize=25` for lists (DESIGN 6: lists that grow are paginated in SQL). Both are
 * optional; a route may lower the largest page size. Use with `.extend()` for filters.
 */
export function paginationQuery(options: { defaultPageSize?: number; maxPageSize?: number } = {}) {
  const maxPageSize = Math.min(options.maxPageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const defaultPageSize = Math.min(options.defaultPageSize ?? DEFAULT_PAGE_SIZE, maxPageSize);
  return z.object({
    page: intFromString({ min: 1, max: MAX_PAGE, message: paginationMessages.page }).default(1),
    pageSize: intFromString({ min: 1, max: maxPageSize, message: paginationMessages.pageSize(maxPageSize) }).default(
      defaultPageSize,
    ),
  });
}

export const paginationQuerySchema = paginationQuery();
export type PaginationQuery = z.output<typeof paginationQuerySchema>;

/** The response of a paginated list: the page's items and what the pager needs. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pageCount: z.number().int(),
  });
}

export type Paginated<T> = { items: T[]; page: number; pageSize: number; total: number; pageCount: number };

/**
 * What the API document says of an e-mail field (issue 32). Our e-mail fields check in
 * refinements (trimmed first, one message for every fault), which JSON Schema cannot show, so the
 * rule is stated beside them: an address as zod's own check accepts it, and its length.
 */
export const emailInDocument = (maxLength: number) => ({
  format: 'email',
  pattern: z.regexes.email.source,
  minLength: 1,
  maxLength,
});

/**
 * A real calendar day written `YYYY-MM-DD` (2024-02-29 but not 2023-02-29 or 2026-02-30), with
 * one message for every fault. zod's own ISO date check, so the API document's pattern is the
 * exact rule the server applies (issue 32): a client generating dates from it gets real ones.
 */
export function calendarDate(message: string) {
  return z.string({ message }).check(z.iso.date({ message }));
}
