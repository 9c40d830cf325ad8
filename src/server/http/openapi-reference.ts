import { escapeHtml } from '~/shared/escape-html';
import { staticPage } from '../render/static-page';

/** The parts of a JSON Schema (draft 2020-12, as zod writes it) the page shows. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

type Content = Record<string, { schema?: JsonSchema }>;

export type ApiOperation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  'x-access'?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
};

export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, ApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const ACCESS_LABEL: Record<string, string> = {
  public: 'Anyone',
  signedIn: 'Signed-in staff',
  admin: 'Admins only',
};

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'No content',
  '400': 'Invalid input',
  '401': 'Not signed in',
  '403': 'Not allowed',
  '404': 'Not found',
  '409': 'Conflict',
  '413': 'Too large',
  '415': 'Wrong content type',
  '429': 'Too many requests',
  '502': 'Provider error',
  '503': 'Unavailable',
};

const style = {
  code: 'font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:0.875rem',
  muted: 'color:#475569',
  section: 'margin:24px 0 0;border:1px solid #cbd5e1;border-radius:8px;background:#ffffff;padding:16px 20px',
  h4: 'margin:16px 0 4px;font-size:1rem;color:#0b2a4a',
  list: 'margin:4px 0 0;padding-left:20px',
  pill: 'display:inline-block;min-width:4rem;border-radius:6px;padding:2px 8px;text-align:center;font-weight:700;color:#ffffff',
};

const METHOD_COLOUR: Record<string, string> = {
  get: '#1d4ed8',
  post: '#15803d',
  put: '#b45309',
  patch: '#b45309',
  delete: '#b91c1c',
};

const code = (text: string) => `<code style="${style.code}">${escapeHtml(text)}</code>`;

/**
 * The API reference page for admins: every operation of the document, grouped
 * by tag, with its method, path, who may call it, its parameters, request body
 * and responses. Plain HTML rendered on the server: no script, no stylesheet
 * (styles are attributes, which the CSP's `style-src-attr` allows), nothing
 * from outside the site.
 */
export function renderApiReference(document: ApiDocument, options: { tradingName: string }): string {
  const operations = listOperations(document);
  const tagOrder = [...(document.tags ?? []).map((tag) => tag.name)];
  for (const operation of operations) if (!tagOrder.includes(operation.tag)) tagOrder.push(operation.tag);
  const groups = tagOrder
    .map((name) => ({
      name,
      description: document.tags?.find((tag) => tag.name === name)?.description,
      operations: operations.filter((operation) => operation.tag === name),
    }))
    .filter((group) => group.operations.length > 0);
  const commonError = mostCommonErrorSchema(operations);
  const schemas = document.components?.schemas ?? {};
  const title = escapeHtml(document.info.title);

  const contents = groups
    .map((group) => `<li><a href="#${anchor(group.name)}">${escapeHtml(group.name)}</a></li>`)
    .join('');
  const body = groups
    .map(
      (
        group,
      ) => `<h2 id="${anchor(group.name)}" style="margin:40px 0 0;font-size:1.5rem;color:#0b2a4a">${escapeHtml(group.name)}</h2>
${group.description ? `<p style="margin:4px 0 0;${style.muted}">${escapeHtml(group.description)}</p>` : ''}
${group.operations.map((operation) => renderOperation(operation, schemas, commonError)).join('\n')}`,
    )
    .join('\n');

  return staticPage({
    title: 'API reference',
    brand: options.tradingName,
    homeHref: '/admin',
    mainStyle: 'max-width:56rem;margin:0 auto;padding:32px 24px 64px',
    main: `      <h1 style="margin:0;font-size:2rem;line-height:1.2;color:#0b2a4a">${title}: reference</h1>
      <p style="margin:8px 0 0;${style.muted}">Version ${escapeHtml(document.info.version)}, OpenAPI ${escapeHtml(document.openapi)}. The same document as JSON: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
      <p style="margin:16px 0 0">Calls that need a session send the cookie set by ${code('POST /api/auth/login')}. Request and response bodies are JSON.${
        commonError
          ? ` Unless shown otherwise, an error answers this body: ${renderSchema(commonError.schema, schemas)}`
          : ''
      }</p>
      <nav aria-label="Groups" style="margin:24px 0 0"><ul style="${style.list}">${contents}</ul></nav>
${body}`,
  });
}

type ListedOperation = ApiOperation & { method: string; path: string; tag: string };

function listOperations(document: ApiDocument): ListedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      ...item[method]!,
      method,
      path,
      tag: item[method]!.tags?.[0] ?? 'Other',
    })),
  );
}

/** The error body most responses share, so the page shows it once instead of under every status. */
function mostCommonErrorSchema(operations: ListedOperation[]) {
  const counts = new Map<string, { schema: JsonSchema; count: number }>();
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const schema = jsonSchemaOf(response.content);
      if (Number(status) < 400 || !schema) continue;
      const key = JSON.stringify(schema);
      const entry = counts.get(key) ?? { schema, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1].count - a[1].count);
  return best ? { key: best[0], schema: best[1].schema } : null;
}

function jsonSchemaOf(content: Content | undefined): JsonSchema | undefined {
  if (!content) return undefined;
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
}

function anchor(name: string) {
  return `group-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function renderOperation(
  operation: ListedOperation,
  schemas: Record<string, JsonSchema>,
  commonError: { key: string } | null,
): string {
  const access = operation['x-access'] ?? (operation.security?.length ? 'signedIn' : 'public');
  const parameters = operation.parameters ?? [];
  const body = jsonSchemaOf(operation.requestBody?.content);
  const responses = Object.entries(operation.responses ?? {});
  const colour = METHOD_COLOUR[operation.method] ?? '#334155';

  const parameterList = parameters.length
    ? `<h4 style="${style.h4}">Parameters</h4><ul style="${style.list}">${parameters
        .map(
          (parameter) =>
            `<li>${code(parameter.name)} <span style="${style.muted}">(${escapeHtml(parameter.in === 'path' ? 'in the path' : parameter.in === 'query' ? 'in the query string' : parameter.in)}, ${parameter.required ? 'required' : 'optional'})</span>: ${renderSchema(parameter.schema ?? {}, schemas)}${parameter.description ? ` ${escapeHtml(parameter.description)}` : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  const requestBody = body
    ? `<h4 style="${style.h4}">Request body</h4>${renderSchema(body, schemas)}`
    : `<h4 style="${style.h4}">Request body</h4><p style="margin:0;${style.muted}">None.</p>`;
  const responseList = `<h4 style="${style.h4}">Responses</h4><ul style="${style.list}">${responses
    .map(([status, response]) => {
      const schema = jsonSchemaOf(response.content);
      const label = `${code(status)} ${escapeHtml(STATUS_TEXT[status] ?? response.description ?? '')}`;
      if (!schema) return `<li>${label}: no body.</li>`;
      if (Number(status) >= 400 && commonError && JSON.stringify(schema) === commonError.key) {
        return `<li>${label}: the error body.</li>`;
      }
      return `<li>${label}: ${renderSchema(schema, schemas)}</li>`;
    })
    .join('')}</ul>`;

  return `<section style="${style.section}" aria-label="${escapeHtml(`${operation.method.toUpperCase()} ${operation.path}`)}">
  <h3 style="margin:0;font-size:1.125rem;overflow-wrap:anywhere"><span style="${style.pill};background:${colour}">${operation.method.toUpperCase()}</span> ${code(operation.path)}</h3>
  <p style="margin:8px 0 0"><strong>Who may call it:</strong> ${escapeHtml(ACCESS_LABEL[access] ?? access)}.${operation.summary ? ` ${escapeHtml(operation.summary)}` : ''}</p>
  ${parameterList}
  ${requestBody}
  ${responseList}
</section>`;
}

/** A JSON Schema in plain words: scalars inline, objects as a list of their fields. */
export function renderSchema(schema: JsonSchema, schemas: Record<string, JsonSchema>, depth = 0): string {
  if (depth > 8) return 'see the JSON document';
  const describe = (inner: JsonSchema) => renderSchema(inner, schemas, depth + 1);
  const note = schema.description ? ` <span style="${style.muted}">${escapeHtml(schema.description)}</span>` : '';

  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = schemas[name];
    return target ? `${code(name)}: ${describe(target)}` : code(name);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const nullable = alternatives.some((alternative) => alternative.type === 'null');
    const rest = alternatives.filter((alternative) => alternative.type !== 'null');
    return `${rest.map(describe).join(' or ')}${nullable ? ' or null' : ''}${note}`;
  }
  if (schema.allOf) return `${schema.allOf.map(describe).join(' and ')}${note}`;
  if (schema.const !== undefined) return `${code(JSON.stringify(schema.const))}${note}`;
  if (schema.enum) return `one of ${schema.enum.map((value) => code(JSON.stringify(value))).join(', ')}${note}`;

  if (Array.isArray(schema.type)) {
    return `${schema.type.map((type) => renderSchema({ ...schema, type, description: undefined }, schemas, depth + 1)).join(' or ')}${note}`;
  }
  const type = schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) {
        const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
        return `an object${values ? ` whose values are ${describe(values)}` : ''}${note}`;
      }
      const required = new Set(schema.required ?? []);
      return `an object${note}<ul style="${style.list}">${properties
        .map(
          ([name, property]) =>
            `<li>${code(name)} <span style="${style.muted}">(${required.has(name) ? 'required' : 'optional'})</span>: ${describe(property)}</li>`,
        )
        .join('')}</ul>`;
    }
    case 'array': {
      const size = range(schema.minItems, schema.maxItems, 'items');
      return `a list${size}${schema.items ? `, each item ${describe(schema.items)}` : ''}${note}`;
    }
    case 'string': {
      const details = [
        range(schema.minLength, schema.maxLength, 'characters').trim(),
        schema.format ? `format ${code(schema.format)}` : '',
        // A format says it better than the long pattern zod adds to it (uuid, date-time).
        schema.pattern && !schema.format ? `matching ${code(schema.pattern)}` : '',
      ].filter(Boolean);
      return `text${details.length ? ` (${details.join(', ')})` : ''}${note}`;
    }
    case 'integer':
    case 'number': {
      const bounds = [
        // zod bounds every integer by the safe range: not worth saying.
        schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER ? `at least ${schema.minimum}` : '',
        schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? `at most ${schema.maximum}` : '',
      ].filter(Boolean);
      return `${type === 'integer' ? 'a whole number' : 'a number'}${bounds.length ? ` (${bounds.join(', ')})` : ''}${note}`;
    }
    case 'boolean':
      return `true or false${note}`;
    case 'null':
      return `null${note}`;
    case undefined:
      return `anything${note}`;
    default:
      return `${escapeHtml(type)}${note}`;
  }
}

function range(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined) return min === max ? ` ${min} ${unit}` : ` ${min} to ${max} ${unit}`;
  if (min !== undefined) return ` at least ${min} ${unit}`;
  if (max !== undefined) return ` at most ${max} ${unit}`;
  return '';
}
