// `npm run fuzz:api` — a schema-driven fuzzing run against the API document (issue 32), repeatable on
// any commit, giving the figures in the issue's five categories.
//
// 1. starts the local fakes (SMTP, Twilio, DVLA, DVSA, Google) and the built app as a user runs it
//    (scripts/lib/start-app.mjs: fresh temporary DATA_DIR, PGlite), pointed at the fakes, with an
//    admin made from ADMIN_USERNAME/ADMIN_PASSWORD and TRUST_PROXY=1; every request names its own
//    client address in X-Forwarded-For (as the bench does), so the per-address rate limits of the
//    public writes do not turn the run into 429s;
// 2. signs the admin in (setting a new password first if the server asks for one), seeds a valuation
//    through the public form, and fetches /api/openapi.json;
// 3. the third-party tool: Portman 1.33.0 converts the document into a Postman collection (one
//    request per operation built from its schemas, plus fuzz variations: a required field left out,
//    a number or length just past its limit, in JSON bodies, query parameters and headers) and
//    Newman 6.2.2 sends it, once as the admin and once anonymously for the public operations. Each
//    "valid" request with a path parameter is also sent with seeded values in its path (the seeded
//    valuation's and message's ids, 1 for numbered records, a registration the fake DVLA knows), so
//    answers with real content (PDFs, HTML, attachments) are seen too. POST /api/auth/logout and
//    /api/auth/change-password are left out (they would end the session mid-run); DELETEs go last.
//    Both tools are installed on first use into node_modules/.cache/api-fuzz-tools
//    (scripts/lib/api-fuzz-tools.mjs), never into the project's dependencies;
// 4. the script's own checks, where the tool has none: every path in the document, asked (as the
//    admin and anonymously) with each of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS that the
//    document does not list for it;
// 5. sorts every answer into the five categories (scripts/lib/api-fuzz-checks.mjs), prints the
//    figures and the first examples of each, and writes bench/results/api-fuzz-<time>.json and
//    bench/results/api-fuzz-latest.json (not committed, like the bench's results).
//
// The categories, as counted here (a request may count in more than one):
//   1. valid refused: a request the tool built as valid by the document (or the seeded-value copy
//      of one) answered 400, 405, 415 or 422. 401, 403, 404, 409 and 429 are answers that depend on the
//      state of the data or the caller and are documented, so they do not count here;
//   2. invalid accepted: a fuzz variation (meant to be refused) answered 2xx; a variation that came
//      out the same as the valid request (Portman's variations from a `oneOf` branch the valid body
//      does not use) is not one, and is counted apart;
//   3. undocumented: any answer to a documented operation (the tool's, and the script's own set-up
//      requests) whose status the operation does not list (exact, `4XX` range or `default`), or whose
//      content type is not listed for that status (a body-less answer needs none);
//   4. wrong method answer: a method the document does not list for a path (HEAD counts as listed
//      wherever GET is) not answered 405 with an Allow header naming exactly the listed methods
//      (+HEAD where GET);
//   5. server error: any 5xx answer, from any request of the run.
//
// Flags: --report-only (always exit 0), --out <file> (the JSON report's path), --examples <n>
// (examples printed per category, default 20), --seed <n> (the seed of the values Portman makes up,
// default 1: the same seed on the same document gives the same requests).
// Exit codes: 0 every category at 0 (or --report-only); 1 a category above 0; 2 the run failed.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import {
  CATEGORIES,
  classify,
  concretePath,
  documentedMethods,
  HTTP_METHODS,
  isPublic,
  operationsOf,
  requestSignature,
} from './lib/api-fuzz-checks.mjs';
import { ensureFuzzTools, FUZZ_TOOLS, generateCollection, runCollection } from './lib/api-fuzz-tools.mjs';
import { startCluster } from './lib/cluster.mjs';
import { getFreePort, repoRoot, startApp } from './lib/start-app.mjs';
import { fakesEnv, startFakes } from './lib/start-fakes.mjs';

const { values: flags } = parseArgs({
  options: {
    'report-only': { type: 'boolean', default: false },
    out: { type: 'string' },
    examples: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    processes: { type: 'string', default: '1' },
  },
});
/** --processes N (N > 1): the run goes to N processes behind HAProxy on DATABASE_URL (scripts/lib/cluster.mjs). */
const processes = Number(flags.processes);

const ADMIN = 'fuzz-admin';
/** Operations the run leaves out, and why. */
const EXCLUDED = {
  'POST /api/auth/logout': 'would end the session the run uses',
  'POST /api/auth/change-password': 'would change the password and end the other sessions',
};
/** Each request names its own client (X-Forwarded-For), from here on: the set-up's, the tool's, the script's own. */
let clientSerial = 0;
const nextClient = () => clientAddress(++clientSerial);

/** A distinct client address per serial, as the bench makes them: 10.0.0.1, 10.0.0.2, … */
function clientAddress(serial) {
  const n = serial % 0xffffff || 1;
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

const log = (message) => console.log(`fuzz:api: ${message}`);

async function main() {
  const started = Date.now();
  const newman = await ensureFuzzTools(log);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-fuzz-'));
  const fakes = await startFakes();
  let app;
  try {
    const port = await getFreePort();
    const password = `fuzz ${randomBytes(15).toString('base64url')}`;
    const env = {
      ...fakesEnv(fakes, { twilio: true }),
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '1',
      ADMIN_USERNAME: ADMIN,
      ADMIN_PASSWORD: password,
      STAFF_NOTIFY_EMAIL: 'staff@carbuy.example',
      TWILIO_PHONE_NUMBER: fakes.twilio.fromNumber,
      STAFF_PHONE_NUMBER: '+447700900001',
    };
    if (processes > 1) {
      if (!process.env.DATABASE_URL) throw new Error('--processes needs DATABASE_URL: an empty PostgreSQL database');
      log(`starting ${processes} processes behind HAProxy on DATABASE_URL…`);
      // The run names each client in X-Forwarded-For, and HAProxy adds its own hop: two proxies.
      const cluster = await startCluster({ processes, port, env: { ...env, TRUST_PROXY: '2' } });
      app = { baseUrl: cluster.baseUrl, stop: cluster.stop };
    } else {
      log('starting the app (it builds first when the build is stale)…');
      app = await startApp({ env });
    }
    log(`app at ${app.baseUrl}`);
    const report = await fuzz({ baseUrl: app.baseUrl, password, newman, workDir });
    report.seconds = Math.round((Date.now() - started) / 1000);
    return await finish(report);
  } finally {
    await app?.stop();
    await fakes.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function fuzz({ baseUrl, password, newman, workDir }) {
  const records = [];
  const setup = setupClient(baseUrl, records);
  const cookie = await signIn(setup, password);
  const seeded = await seed(setup, cookie);
  const documentResponse = await setup.request('GET', '/api/openapi.json', { cookie });
  if (documentResponse.status !== 200) throw new Error(`GET /api/openapi.json answered ${documentResponse.status}`);
  const document = documentResponse.json;
  const operations = operationsOf(document);
  const documentFile = path.join(workDir, 'openapi.json');
  await writeFile(documentFile, JSON.stringify(document));

  log(`Portman ${FUZZ_TOOLS['@apideck/portman']}: converting ${operations.length} operations…`);
  const collection = await generateCollection({ documentFile, workDir, baseUrl, seed: Number(flags.seed) || 1 });
  const runs = [
    { source: 'tool (admin)', cookie, publicOnly: false },
    { source: 'tool (anonymous)', cookie: null, publicOnly: true },
  ];
  const toolRequests = {};
  for (const run of runs) {
    const prepared = prepareCollection(collection, document, { baseUrl, seeded, ...run });
    log(`Newman ${FUZZ_TOOLS.newman}: ${prepared.count} requests ${run.source}…`);
    toolRequests[run.source] = prepared.count;
    await runCollection(newman, prepared.collection, ({ item, request, response, error }) => {
      const meta = prepared.meta.get(item.id);
      records.push(toolRecord(run.source, meta, request, response, error));
    });
  }

  log('own checks: unsupported methods on every documented path…');
  const methodRequests = await checkMethods(baseUrl, document, cookie, records);
  const session = await setup.request('GET', '/api/auth/user', { cookie });
  if (session.status !== 200) log(`warning: the admin's session ended during the run (${session.status})`);

  const byPath = new Map(operations.map((o) => [`${o.method} ${o.path}`, o.operation]));
  const found = classify(records, {
    operationFor: (r) => byPath.get(`${r.method === 'HEAD' ? 'GET' : r.method} ${r.path}`),
    expectedAllowFor: (r) => documentedMethods(document, r.path),
  });
  const statuses = {};
  for (const r of records)
    statuses[r.error ? 'no answer' : r.status] = (statuses[r.error ? 'no answer' : r.status] ?? 0) + 1;
  const accepted = new Set(
    records
      .filter((r) => r.kind === 'valid' && r.status < 300 && r.status >= 200)
      .map((r) => `${r.source} ${r.method} ${r.path}`),
  );
  const exercised = new Set(records.filter((r) => r.source.startsWith('tool')).map((r) => `${r.method} ${r.path}`));
  return {
    commit: gitCommit(),
    date: new Date().toISOString(),
    tools: FUZZ_TOOLS,
    operations: operations.length,
    operationsExercised: operations.filter((o) => exercised.has(`${o.method} ${o.path}`)).length,
    paths: Object.keys(document.paths).length,
    cases: {
      tool: Object.values(toolRequests).reduce((a, b) => a + b, 0),
      toolValid: records.filter((r) => r.kind === 'valid').length,
      toolInvalid: records.filter((r) => r.kind === 'invalid').length,
      toolUnchanged: records.filter((r) => r.kind === 'unchanged').length,
      // Category 2 can only show where the valid request got through: elsewhere the variation is
      // refused for the valid request's reason too.
      toolInvalidWithAcceptedBase: records.filter(
        (r) => r.kind === 'invalid' && accepted.has(`${r.source} ${r.method} ${r.path}`),
      ).length,
      ownMethods: methodRequests,
      setup: records.filter((r) => r.kind === 'setup').length,
      total: records.length,
    },
    toolRequests,
    excluded: EXCLUDED,
    noAnswer: records.filter((r) => r.error).map((r) => `${r.method} ${r.url}: ${r.error}`),
    tooManyRequests: statuses[429] ?? 0,
    sessionEndedDuringRun: session.status !== 200,
    statuses,
    counts: Object.fromEntries(CATEGORIES.map(({ key }) => [key, found[key].length])),
    findings: found,
    requests: records.map((r) => ({
      source: r.source,
      kind: r.kind,
      name: r.name,
      method: r.method,
      url: r.url,
      status: r.status,
      contentType: r.contentType,
      allow: r.allow,
      message: r.message,
      error: r.error,
    })),
  };
}

/** Requests the script makes itself (sign-in, seeding, the document), recorded for categories 3 and 5. */
function setupClient(baseUrl, records) {
  return {
    async request(method, url, { cookie, body, template = url.split('?')[0] } = {}) {
      const headers = { origin: baseUrl, 'x-forwarded-for': nextClient() };
      if (cookie) headers.cookie = cookie;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(new URL(url, baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      const text = await response.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      records.push({
        source: 'setup',
        kind: 'setup',
        name: `set-up ${method} ${url}`,
        method,
        path: template,
        url,
        status: response.status,
        contentType: response.headers.get('content-type'),
        bodyBytes: Buffer.byteLength(text),
      });
      return { status: response.status, json, setCookie: response.headers.getSetCookie() };
    },
  };
}

const sessionCookie = (setCookie) =>
  setCookie
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('sid='))
    .join('; ');

/** Signs the admin in; sets a new password first when the server asks for one (mustChangePassword). */
async function signIn(client, password) {
  const login = await client.request('POST', '/api/auth/login', { body: { username: ADMIN, password } });
  let cookie = sessionCookie(login.setCookie);
  if (login.status !== 200 || !cookie) throw new Error(`the admin could not sign in (${login.status})`);
  if (login.json?.mustChangePassword) {
    const newPassword = `fuzz ${randomBytes(15).toString('base64url')}`;
    const changed = await client.request('POST', '/api/auth/change-password', {
      cookie,
      body: { currentPassword: password, newPassword },
    });
    if (changed.status !== 200) throw new Error(`the admin could not set a new password (${changed.status})`);
    cookie = sessionCookie(changed.setCookie) || cookie;
  }
  return cookie;
}

/**
 * One valuation through the public form (the tests' own valid body), so the seeded-value copies
 * find a real valuation, its e-mails and their PDFs. Resolves with the ids to put in paths.
 */
async function seed(client, cookie) {
  const { validValuation } = await tsImport('../test/helpers/valuation.ts', import.meta.url);
  const created = await client.request('POST', '/api/valuations', { body: validValuation() });
  if (created.status !== 201) log(`warning: the seed valuation was refused (${created.status})`);
  // Let the outbox send its e-mails, so the messages have content to show.
  let items = [];
  for (let i = 0; i < 40; i += 1) {
    items = (await client.request('GET', '/api/admin/messages', { cookie })).json?.items ?? [];
    if (items.length > 0 && items.every((m) => !['queued', 'sending'].includes(m.status))) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Preferably one with an attachment (the staff's copy carries a PDF), for the attachment route.
  let message = items[0];
  for (const item of items.slice(0, 5)) {
    const detail = await client.request('GET', `/api/admin/messages/${item.id}`, {
      cookie,
      template: '/api/admin/messages/{id}',
    });
    if (detail.json?.attachments?.length > 0) {
      message = item;
      break;
    }
  }
  return { valuations: created.json?.id, messages: message?.id };
}

/**
 * The value a seeded-value copy puts in a path parameter, or undefined to keep the tool's: the
 * seeded valuation's or message's id, 1 for the numbered records, a registration the fake DVLA
 * knows, a real postcode, the first attachment. Only a value the parameter's schema allows: the copy
 * must stay a request the document calls valid.
 */
function seededValue(seeded, operation, template, name) {
  const segments = template.split('/');
  const before = segments[segments.indexOf(`{${name}}`) - 1];
  const value =
    name === 'id'
      ? (seeded[before] ?? (before === 'users' ? undefined : '1'))
      : { registration: 'AA19AAA', postcode: 'SW1A 1AA', index: '0' }[name];
  const schema = operation?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
  const allowed =
    value !== undefined &&
    (!schema.pattern || new RegExp(schema.pattern).test(value)) &&
    (schema.format !== 'uuid' || /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(value)) &&
    (!schema.enum || schema.enum.includes(value)) &&
    value.length <= (schema.maxLength ?? Infinity);
  return allowed ? value : undefined;
}

/** Postman's `:id` path as the document's `{id}`, matched against the document's paths. */
function templateOf(item) {
  return `/${item.request.url.path.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`;
}

function flatten(items, into = []) {
  for (const item of items) {
    if (item.item) flatten(item.item, into);
    else into.push(item);
  }
  return into;
}

/**
 * The collection as this run sends it: without the excluded and (anonymously) non-public
 * operations, without Portman's own tests (the script judges every answer), with the session cookie
 * and our Origin (the CSRF check), seeded-id copies of the valid requests, DELETEs last, and a
 * pre-request script that gives every request its own client address.
 */
function prepareCollection(collection, document, { baseUrl, seeded, cookie, publicOnly }) {
  const meta = new Map();
  const items = [];
  const all = flatten(structuredClone(collection.item));
  // Each operation's valid request, to tell a variation that changed nothing from a real one.
  const validSignatures = new Set(
    all.filter((item) => !/\[fuzz\]/.test(item.name)).map((item) => requestSignature(item.request)),
  );
  for (const original of all) {
    const method = original.request.method.toUpperCase();
    const template = templateOf(original);
    const operation = document.paths[template]?.[method.toLowerCase()];
    if (EXCLUDED[`${method} ${template}`]) continue;
    if (publicOnly && !(operation && isPublic(document, operation))) continue;
    const fuzz = /\[fuzz\]/.test(original.name);
    const kind = !fuzz ? 'valid' : validSignatures.has(requestSignature(original.request)) ? 'unchanged' : 'invalid';
    const item = withHeaders(original, baseUrl, cookie);
    delete item.event;
    items.push(item);
    meta.set(item.id, { kind, method, path: template, name: item.name });
    // The admin's own user stays out of the seeded copies: a PATCH or DELETE there would end the run's session.
    const values = (item.request.url.variable ?? []).map((v) => [v, seededValue(seeded, operation, template, v.key)]);
    if (kind === 'valid' && values.some(([, value]) => value !== undefined)) {
      const copy = structuredClone(item);
      copy.id = `${item.id}-seeded`;
      copy.name = `${item.name} [seeded values]`;
      copy.request.url.variable = values.map(([v, value]) => ({ ...v, value: value ?? v.value }));
      items.push(copy);
      meta.set(copy.id, { kind, method, path: template, name: copy.name });
    }
  }
  items.sort((a, b) => Number(a.request.method === 'DELETE') - Number(b.request.method === 'DELETE'));
  const startAt = clientSerial;
  clientSerial += items.length + 1;
  return {
    count: items.length,
    meta,
    collection: {
      info: collection.info,
      variable: [{ key: 'baseUrl', value: baseUrl }],
      item: items,
      event: [
        {
          listen: 'prerequest',
          script: {
            type: 'text/javascript',
            exec: [
              `const n = Number(pm.globals.get('fuzzClient') || ${startAt}) + 1;`,
              `pm.globals.set('fuzzClient', n);`,
              `const k = n % 0xffffff || 1;`,
              `pm.request.headers.upsert({ key: 'X-Forwarded-For', value: '10.' + ((k >>> 16) & 255) + '.' + ((k >>> 8) & 255) + '.' + (k & 255) });`,
            ],
          },
        },
      ],
    },
  };
}

function withHeaders(item, baseUrl, cookie) {
  const headers = (item.request.header ?? []).filter((h) => !['cookie', 'origin'].includes(h.key.toLowerCase()));
  headers.push({ key: 'Origin', value: baseUrl });
  if (cookie) headers.push({ key: 'Cookie', value: cookie });
  item.request.header = headers;
  return item;
}

function toolRecord(source, meta, request, response, error) {
  const url = request.url.getPathWithQuery();
  const base = { source, kind: meta.kind, name: meta.name, method: meta.method, path: meta.path, url };
  if (error || !response) return { ...base, error: error?.message ?? 'no response' };
  const body = response.stream ?? Buffer.alloc(0);
  let message;
  if (response.code === 400 || response.code === 415 || response.code === 422) {
    try {
      message = JSON.parse(body.toString('utf8')).message?.slice(0, 160);
    } catch {
      message = undefined;
    }
  }
  return {
    ...base,
    status: response.code,
    contentType: response.headers.get('Content-Type') ?? null,
    allow: response.headers.get('Allow') ?? null,
    bodyBytes: body.length,
    message,
  };
}

/** Every path, every method the document does not list for it, as the admin and anonymously. */
async function checkMethods(baseUrl, document, cookie, records) {
  let count = 0;
  for (const path of Object.keys(document.paths)) {
    const listed = documentedMethods(document, path);
    for (const method of HTTP_METHODS.filter((m) => !listed.includes(m))) {
      for (const as of [cookie, null]) {
        const url = concretePath(path);
        const headers = { origin: baseUrl, 'x-forwarded-for': nextClient() };
        if (as) headers.cookie = as;
        const record = {
          source: as ? 'own (admin)' : 'own (anonymous)',
          kind: 'method',
          name: `unsupported ${method}`,
          method,
          path,
          url,
        };
        try {
          const response = await fetch(new URL(url, baseUrl), { method, headers, redirect: 'manual' });
          await response.arrayBuffer();
          records.push({
            ...record,
            status: response.status,
            contentType: response.headers.get('content-type'),
            allow: response.headers.get('allow'),
          });
        } catch (error) {
          records.push({ ...record, error: error.message });
        }
        count += 1;
      }
    }
  }
  return count;
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function finish(report) {
  const examples = Number(flags.examples) || 20;
  const lines = [
    '',
    `API fuzzing run on ${report.commit ?? 'an unknown commit'} (${report.seconds} s): Portman ${report.tools['@apideck/portman']} + Newman ${report.tools.newman}, and the script's own method checks`,
    `  ${report.operations} operations on ${report.paths} paths (${report.operationsExercised} exercised by the tool); ` +
      `${report.cases.tool} tool requests (${report.cases.toolValid} valid, ${report.cases.toolInvalid} fuzz variations, ` +
      `${report.cases.toolInvalidWithAcceptedBase} of them on operations whose valid request got a 2xx; ` +
      `${report.cases.toolUnchanged} more came out the same as the valid request and are not counted), ` +
      `${report.cases.ownMethods} unsupported-method requests, ${report.cases.setup} set-up requests`,
    `  left out: ${Object.entries(report.excluded)
      .map(([op, why]) => `${op} (${why})`)
      .join('; ')}`,
    `  statuses: ${Object.entries(report.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(', ')}; 429s: ${report.tooManyRequests}`,
    '',
  ];
  const width = Math.max(...CATEGORIES.map((c) => c.title.length));
  for (const { key, title } of CATEGORIES)
    lines.push(`  ${title.padEnd(width)}  ${String(report.counts[key]).padStart(5)}`);
  for (const { key, title } of CATEGORIES) {
    const list = report.findings[key];
    if (list.length === 0) continue;
    lines.push('', `${title} — ${list.length}${list.length > examples ? `, the first ${examples}` : ''}:`);
    for (const f of list.slice(0, examples))
      lines.push(`  ${f.method} ${f.url} → ${f.status}: ${f.reason}  [${f.source}]`);
  }
  if (report.noAnswer.length)
    lines.push(
      '',
      `no answer (${report.noAnswer.length}):`,
      ...report.noAnswer.slice(0, examples).map((l) => `  ${l}`),
    );
  if (report.sessionEndedDuringRun)
    lines.push('', "warning: the admin's session ended during the run, so later admin requests were anonymous");
  console.log(lines.join('\n'));

  const stamp = report.date.replace(/[:.]/g, '-');
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  const out = flags.out ? path.resolve(flags.out) : path.join(resultsDir, `api-fuzz-${stamp}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  await writeFile(out, json);
  if (!flags.out) await writeFile(path.join(resultsDir, 'api-fuzz-latest.json'), json);
  console.log(`\nreport: ${path.relative(process.cwd(), out)}`);
  const above = CATEGORIES.some(({ key }) => report.counts[key] > 0);
  return above && !flags['report-only'] ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`fuzz:api: the run failed: ${error.stack ?? error.message}`);
    process.exit(2);
  },
);
