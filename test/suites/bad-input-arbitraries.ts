import fc from 'fast-check';

/**
 * fast-check arbitraries of invalid requests, built from the OpenAPI document's JSON Schemas
 * (issue 17, suite "Bad input"). Each case spoils a request in exactly one way that is wrong
 * whatever the rest of the request holds (a required field missing, a value of the wrong type,
 * a number out of the schema's range, a control character in a text field…), so the server must
 * refuse every one. A base payload, where the test has one, makes the rest of the request valid,
 * so the refusal must name the spoiled field; without one the rest is filled from the schema.
 *
 * The schemas are the ones zod produces: refinements (most lengths, e-mail and phone checks) do
 * not appear in them, so field-name rules add what every such field must refuse (see SEMANTIC).
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  maxItems?: number;
  default?: unknown;
};

export type Parameter = { in: 'path' | 'query' | string; name: string; required?: boolean; schema?: JsonSchema };

/** One invalid request: what was spoiled (`field`, '' for the body as a whole) and how. */
export type BadRequest = {
  kind: string;
  /** The field the refusal should name: a body property, a path or query parameter, or ''. */
  field: string;
  body?: unknown;
  /** A body sent as this exact text (JSON that JSON.stringify cannot write, or no JSON at all). */
  rawBody?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
};

/**
 * Longer than any text field of the API takes (the longest, a page path, takes 2,048), yet
 * well inside the 16 KB body limit, so the schema, not the body limit, must refuse it.
 */
export const LONG_TEXT = { min: 4_000, max: 10_000 };
/** The 100,000-character string: bigger than the body limit, refused before parsing. */
export const HUGE_TEXT_LENGTH = 100_000;

// C0 and C1 controls (not tab, line feed or carriage return, which multi-line fields take).
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000B', '\u001B', '\u007F', '\u0085', '\u009B'];
// Bidirectional embeddings, overrides and isolates ("Trojan Source"): they reorder what staff read.
const BIDI_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];

/** What no field of the API accepts, by the field's name (the JSON Schema cannot say). */
const SEMANTIC: { test: RegExp; kind: string; values: fc.Arbitrary<string> }[] = [
  {
    test: /^registration$/i,
    kind: 'malformed registration',
    values: fc.oneof(
      fc.constantFrom('AB12-CDE', 'AB12.CDE', 'AB12_CDE', 'ÄB12 CDE', 'AB12 CD€', "AB12'CDE", '<AB12CDE>', 'AB1 2C-D'),
      fc.stringMatching(/^[A-Z0-9]{21,30}$/),
    ),
  },
  {
    test: /postcode/i,
    kind: 'malformed postcode',
    values: fc.oneof(
      fc.constantFrom('LN11', 'LN11 0L', '12345', 'ABC DEF', 'QQ1 1AA', 'ZZ99 9ZZ', 'LN11 0LQQ', 'SW1A-1AA', 'N/A'),
      fc.stringMatching(/^[0-9]{1,8}$/),
      fc.stringMatching(/^[A-Za-z]{1,8}$/),
    ),
  },
  {
    test: /email/i,
    kind: 'malformed e-mail',
    values: fc.oneof(
      fc.constantFrom(
        'jo',
        'jo@',
        '@example.com',
        'jo@@example.com',
        'jo example@example.com',
        'jo@example',
        'jo@.com',
        'jo@example..com',
        'jo@exa mple.com',
        '"jo"@',
      ),
      fc.stringMatching(/^[a-z][a-z0-9.]{0,20}$/),
    ),
  },
  {
    test: /phone/i,
    kind: 'malformed phone',
    values: fc.oneof(
      fc.constantFrom('123', '0000', '07911', 'phone', '07911 12345a', '+44', '++447911123456', '0791112345678901234'),
      fc.stringMatching(/^[0-9]{1,5}$/),
      fc.stringMatching(/^[a-z]{1,12}$/),
    ),
  },
];

/** Passwords take any character a person can type (ASVS 6.2.x), so only the unstorable ones are wrong. */
const isPassword = (field: string) => /password/i.test(field);

// --- Reading JSON Schemas -------------------------------------------------------------------

/** The JSON types a schema allows ('integer' counts as 'number' too, for values). */
export function allowedTypes(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  const add = (s: JsonSchema) => {
    if (s.anyOf || s.oneOf) for (const inner of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) add(inner);
    if (s.type) for (const type of ([] as string[]).concat(s.type)) types.add(type);
    if (s.enum) for (const value of s.enum) types.add(value === null ? 'null' : typeof value);
    if (s.const !== undefined) types.add(s.const === null ? 'null' : typeof s.const);
  };
  add(schema);
  if (types.has('integer')) types.add('number');
  return types;
}

/** The non-null alternatives of a schema (`anyOf: [X, null]` is X). */
function variants(schema: JsonSchema): JsonSchema[] {
  const inner = schema.anyOf ?? schema.oneOf;
  return inner ? inner.flatMap(variants) : [schema];
}

function numberVariants(schema: JsonSchema): JsonSchema[] {
  return variants(schema).filter((s) => ([] as string[]).concat(s.type ?? []).some((t) => /integer|number/.test(t)));
}

function stringVariants(schema: JsonSchema): JsonSchema[] {
  return variants(schema).filter((s) => ([] as string[]).concat(s.type ?? []).includes('string'));
}

/** True when the value fits one of the schema's string variants (type, enum, pattern, lengths). */
function stringFits(schema: JsonSchema, value: string): boolean {
  return stringVariants(schema).some(
    (s) =>
      (!s.enum || s.enum.includes(value)) &&
      (!s.pattern || new RegExp(s.pattern, 'u').test(value) || new RegExp(s.pattern, 'iu').test(value)) &&
      (s.maxLength === undefined || value.length <= s.maxLength) &&
      (s.minLength === undefined || value.length >= s.minLength),
  );
}

/** True when the number fits one of the schema's number variants. */
function numberFits(schema: JsonSchema, value: number): boolean {
  return numberVariants(schema).some(
    (s) =>
      (!([] as string[]).concat(s.type ?? []).includes('integer') || Number.isInteger(value)) &&
      (s.minimum === undefined || value >= s.minimum) &&
      (s.maximum === undefined || value <= s.maximum),
  );
}

/** A value the schema accepts as far as JSON Schema can tell, to fill fields a base does not give. */
export function sampleValue(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  const [first] = variants(schema);
  if (!first) return null;
  if (first.const !== undefined) return first.const;
  if (first.enum) return first.enum[0];
  const type = ([] as string[]).concat(first.type ?? 'string')[0];
  if (type === 'object') {
    return Object.fromEntries((first.required ?? []).map((k) => [k, sampleValue(first.properties?.[k] ?? {})]));
  }
  if (type === 'array') return [];
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return first.minimum ?? 1;
  if (type === 'null') return null;
  return 'Sample';
}

// --- Wrong values per field -----------------------------------------------------------------

/**
 * Values of a JSON type the field does not allow. Numbers are not offered to text fields, nor
 * digit strings to number fields: a few fields take either on purpose (an engine size of 1598,
 * a price of "4250.50", multipart's "true"), so only types no field coerces are used.
 */
function wrongTypeValues(schema: JsonSchema): unknown[] {
  const allowed = allowedTypes(schema);
  const candidates: [string, unknown[]][] = [
    ['null', [null]],
    ['boolean', [true, false]],
    ['object', [{}, { value: 'x' }, { $gt: '' }]],
    ['array', [[], ['x'], [1, 2]]],
    ['number', allowed.has('string') ? [] : [0, 42, -1.5]],
    ['string', allowed.has('number') ? ['abc', 'NaN', 'Infinity', '-Infinity', '12abc', '1e400'] : ['abc', 'yes']],
  ];
  // A text field takes no boolean even as "true", and a boolean no text but "true"/"false".
  return candidates.filter(([type]) => !allowed.has(type)).flatMap(([, values]) => values);
}

/** Numbers outside the field's range, or fractions where it wants a whole number. */
function outOfRangeNumbers(schema: JsonSchema): number[] {
  if (numberVariants(schema).length === 0) return [];
  const edges = numberVariants(schema).flatMap((s) => [
    ...(s.minimum !== undefined ? [s.minimum - 1, s.minimum - 0.5, -1, -(2 ** 31) - 1, -1e308] : []),
    ...(s.maximum !== undefined ? [s.maximum + 1, 2 ** 31, 2 ** 53 + 1, 1e308] : []),
    ...(([] as string[]).concat(s.type ?? []).includes('integer') ? [1.5, (s.minimum ?? 0) + 0.25] : []),
  ]);
  return [...new Set(edges)].filter((n) => Number.isFinite(n) && !numberFits(schema, n));
}

/** `text` with `inserted` put inside it (never at the ends, which a trim might take away). */
const insideText = (text: string, inserted: string, at: number) => {
  const base = text.length >= 2 ? text : 'Sample text';
  const position = 1 + (at % (base.length - 1));
  return `${base.slice(0, position)}${inserted}${base.slice(position)}`;
};

type Spoiler = { kind: string; value: fc.Arbitrary<unknown> };

/** Every way to spoil one field, by what its schema and name say it must refuse. */
export function fieldSpoilers(field: string, schema: JsonSchema, baseValue: unknown): Spoiler[] {
  const spoilers: Spoiler[] = [];
  const wrongTypes = wrongTypeValues(schema);
  if (wrongTypes.length) spoilers.push({ kind: 'wrong type', value: fc.constantFrom(...wrongTypes) });
  const numbers = outOfRangeNumbers(schema);
  if (numbers.length) spoilers.push({ kind: 'number out of range', value: fc.constantFrom(...numbers) });
  if (stringVariants(schema).length) spoilers.push(...textSpoilers(field, schema, baseValue));
  return spoilers;
}

function textSpoilers(field: string, schema: JsonSchema, baseValue: unknown): Spoiler[] {
  const text = typeof baseValue === 'string' && baseValue.trim().length >= 2 ? baseValue : 'Sample text';
  const within = (characters: string[]) =>
    fc.tuple(fc.constantFrom(...characters), fc.nat()).map(([c, at]) => insideText(text, c, at));
  const spoilers: Spoiler[] = [
    { kind: 'lone surrogate', value: within(LONE_SURROGATES) },
    { kind: '100,000-character string', value: fc.constant('a'.repeat(HUGE_TEXT_LENGTH)) },
  ];
  if (!isPassword(field)) {
    spoilers.push(
      { kind: 'control character', value: within(CONTROL_CHARACTERS) },
      { kind: 'right-to-left override', value: within(BIDI_CONTROLS) },
    );
  } else {
    spoilers.push({ kind: 'control character', value: within(['\u0000']) });
  }
  const longest = Math.max(...stringVariants(schema).map((s) => s.maxLength ?? LONG_TEXT.min - 1));
  if (longest < LONG_TEXT.min) {
    spoilers.push({
      kind: 'too long',
      value: fc.integer({ min: Math.max(longest + 1, LONG_TEXT.min), max: LONG_TEXT.max }).map((n) => 'x'.repeat(n)),
    });
  }
  const unfitting = ['abc', 'Sample', '!', '<script>', '../', '$', 'NONE'].filter((v) => !stringFits(schema, v));
  const constrained = stringVariants(schema).every((s) => s.enum || s.pattern);
  if (constrained && unfitting.length)
    spoilers.push({ kind: 'not one of its values', value: fc.constantFrom(...unfitting) });
  for (const rule of SEMANTIC) {
    if (rule.test.test(field)) spoilers.push({ kind: rule.kind, value: rule.values });
  }
  return spoilers;
}

// --- Whole requests -------------------------------------------------------------------------

type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: Parameter[] };

/** The body schema's object variant that fits the base (a discriminated union's chosen branch). */
function objectSchemaFor(schema: JsonSchema, base: Record<string, unknown> | undefined): JsonSchema {
  const options = schema.oneOf ?? schema.anyOf;
  if (!options) return schema;
  const fits = (s: JsonSchema) =>
    Object.entries(s.properties ?? {}).every(([k, p]) => {
      const only = p.enum?.length === 1 ? p.enum[0] : p.const;
      return only === undefined || base?.[k] === only;
    });
  return options.find(fits) ?? options[0]!;
}

/**
 * The invalid bodies of one operation. `base` is a valid body for it when the test has one;
 * without one, fields are filled from the schema (the request is then wrong in more than one
 * way, but still in the way named).
 */
export function badBodies(bodySchema: JsonSchema, base?: Record<string, unknown>): fc.Arbitrary<BadRequest>[] {
  const schema = objectSchemaFor(bodySchema, base);
  const filled = base ?? (sampleValue(schema) as Record<string, unknown>);
  const properties = schema.properties ?? {};
  const with_ = (field: string, value: unknown) => ({ ...filled, [field]: value });
  const cases: fc.Arbitrary<BadRequest>[] = [];

  for (const field of schema.required ?? []) {
    const { [field]: _dropped, ...rest } = filled;
    cases.push(fc.constant({ kind: 'missing field', field, body: rest }));
  }
  if (schema.additionalProperties === false) {
    const unknown = fc.constantFrom('id', 'createdAt', 'role', 'isArchived', 'passwordHash', 'extra', 'constructor');
    cases.push(
      unknown
        .filter((key) => !(key in properties))
        .map((key) => ({ kind: 'unknown field', field: '', body: { ...filled, [key]: 'x' } })),
    );
  }
  for (const [field, propertySchema] of Object.entries(properties)) {
    for (const spoiler of fieldSpoilers(field, propertySchema, filled[field])) {
      cases.push(spoiler.value.map((value) => ({ kind: spoiler.kind, field, body: with_(field, value) })));
    }
  }
  cases.push(...wholeBodyCases(schema, filled));
  return cases;
}

/** Bodies wrong as a whole: not an object, not JSON, or JSON that only a careless parser takes. */
function wholeBodyCases(schema: JsonSchema, filled: Record<string, unknown>): fc.Arbitrary<BadRequest>[] {
  const text = JSON.stringify(filled);
  const numberField = Object.entries(schema.properties ?? {}).find(([, s]) => numberVariants(s).length)?.[0];
  const firstField = numberField ?? Object.keys(schema.properties ?? {})[0] ?? 'value';
  const replaced = (literal: string) => JSON.stringify({ ...filled, [firstField]: '§' }).replace('"§"', literal);
  return [
    fc.constantFrom<unknown>([], [filled], 'text', 42, true, null).map((body) => ({
      kind: 'body not an object',
      field: '',
      rawBody: JSON.stringify(body),
    })),
    fc.constantFrom('NaN', 'Infinity', '-Infinity', 'undefined', '0x10', '1e99999', "'single'").map((literal) => ({
      kind: 'not JSON (NaN and friends)',
      field: '',
      rawBody: replaced(literal),
    })),
    fc.constantFrom(text.slice(0, -1), `${text.slice(0, -1)},}`, `${text}x`, '', '{', '{"a" 1}').map((rawBody) => ({
      kind: 'malformed JSON',
      field: '',
      rawBody,
    })),
    fc.constant({
      kind: 'prototype pollution',
      field: '',
      rawBody: `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"__proto__":{"isAdmin":true}}`,
    }),
  ];
}

/** Values of path and query parameters their schemas refuse. */
export function badParameters(parameters: Parameter[], valid: Record<string, string>): fc.Arbitrary<BadRequest>[] {
  const cases: fc.Arbitrary<BadRequest>[] = [];
  const validQuery = Object.fromEntries(
    parameters.filter((p) => p.in === 'query' && valid[p.name] !== undefined).map((p) => [p.name, valid[p.name]!]),
  );
  for (const parameter of parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const values = badParameterValues(parameter.schema ?? {});
    if (!values) continue;
    cases.push(
      values.map((value) => {
        const params = {
          ...pathValues(parameters, valid),
          ...(parameter.in === 'path' ? { [parameter.name]: value } : {}),
        };
        const query = { ...validQuery, ...(parameter.in === 'query' ? { [parameter.name]: value } : {}) };
        return { kind: `bad ${parameter.in} parameter`, field: parameter.name, params, query };
      }),
    );
  }
  return cases;
}

function pathValues(parameters: Parameter[], valid: Record<string, string>): Record<string, string> {
  return Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, valid[p.name] ?? '1']));
}

/**
 * What a parameter's schema refuses, or undefined when it says nothing more than "a string"
 * (such parameters are checked in the handler, with answers of their own). Query strings carry
 * text, so a number parameter gets text that is not a number in range.
 */
function badParameterValues(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  const candidates = [
    'abc',
    '1.5',
    ' 1',
    '1e3',
    '0x10',
    '-',
    '١٢',
    '9'.repeat(11),
    'x'.repeat(200),
    'a\u0007b',
    'a\u202Eb',
  ];
  if (numberVariants(schema).length) {
    const outOfRange = outOfRangeNumbers(schema).map(String);
    return fc.constantFrom(...candidates.filter((c) => !Number.isInteger(Number(c))), ...outOfRange);
  }
  const constrained = stringVariants(schema).some(
    (s) => s.enum || s.pattern || s.maxLength !== undefined || s.format === 'uuid',
  );
  if (!constrained) return undefined;
  const refused = candidates.filter((c) => !stringFits(schema, c));
  return refused.length ? fc.constantFrom(...refused) : undefined;
}

/** The operation's JSON body schema, if it takes one. */
export function jsonBodySchema(operation: Operation): JsonSchema | undefined {
  return operation.requestBody?.content?.['application/json']?.schema;
}
