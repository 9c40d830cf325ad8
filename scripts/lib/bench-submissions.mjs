// Issue 38: valuation submissions at scale, against 1 and then 2 app processes on the PostgreSQL
// server, each behind HAProxy (scripts/lib/cluster.mjs), in one run of `npm run bench`.
//
// Each run gets a fresh database and cluster. Every request is a new seller (registration, e-mail,
// client address in X-Forwarded-For, Idempotency-Key), sent over `connections` keep-alive
// connections for `durationSec`. Afterwards the run waits for the outbox to send every e-mail to
// the local SMTP server and counts:
//   lost        answered 2xx but no valuation in the database, or a valuation whose e-mail never came
//   duplicated  a registration stored twice, or the same e-mail (recipient, subject, text) received twice
// Figures are medians of `runs` runs per process count (this machine is noisy).

import autocannon from 'autocannon';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { startCluster } from './cluster.mjs';

const DRAIN_LIMIT_MS = 300_000;

/**
 * @param {object} options
 * @param {string} options.databaseUrl a PostgreSQL server (databases bench_submissions_* are made and dropped there)
 * @param {Record<string,string>} options.appEnv the fakes' settings for the app
 * @param {string} options.smtpControlUrl the local fakes' control URL (scripts/lib/start-fakes.mjs)
 * @param {(serial: number) => object} options.valuationBody a valid, distinct valuation per serial
 */
export async function benchSubmissions(options) {
  const { processCounts = [1, 2], runs = 3, connections = 50, log = () => {}, signal } = options;
  const rows = [];
  let serial = 1_000_000;
  for (const processes of processCounts) {
    const measured = [];
    for (let run = 1; run <= runs; run += 1) {
      signal?.throwIfAborted();
      log(`submissions: ${processes} process(es), run ${run} of ${runs}…`);
      measured.push(await oneRun({ durationSec: 10, ...options, connections, processes, first: serial }));
      serial += 1_000_000; // each run's sellers are its own
    }
    rows.push(summarise(processes, connections, measured));
  }
  return rows;
}

async function oneRun({
  databaseUrl,
  appEnv,
  smtpControlUrl,
  valuationBody,
  processes,
  durationSec,
  connections,
  first,
}) {
  const database = `bench_submissions_${process.pid}_${first}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  await fetch(`${smtpControlUrl}/smtp/messages`, { method: 'DELETE' });
  const cluster = await startCluster({
    processes,
    // The bench names each client in X-Forwarded-For, and HAProxy adds its own hop: two proxies.
    env: {
      ...appEnv,
      STAFF_NOTIFY_EMAIL: 'staff@carbuy.example',
      DATABASE_URL: url.href,
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    },
  });
  try {
    const acknowledged = new Set();
    const statuses = {};
    let next = first;
    const result = await new Promise((resolve, reject) => {
      autocannon(
        {
          url: cluster.baseUrl,
          connections,
          duration: durationSec,
          timeout: 30,
          requests: [
            {
              method: 'POST',
              path: '/api/valuations',
              setupRequest(request, context) {
                const serial = (next += 1);
                context.serial = serial;
                return {
                  ...request,
                  headers: {
                    'content-type': 'application/json',
                    'x-forwarded-for': clientAddress(serial),
                    'idempotency-key': `bench-submission-${serial}`,
                  },
                  body: JSON.stringify(valuationBody(serial)),
                };
              },
              onResponse(status, _body, context) {
                statuses[status] = (statuses[status] ?? 0) + 1;
                if (status >= 200 && status < 300) acknowledged.add(context.serial);
              },
            },
          ],
        },
        (error, value) => (error ? reject(error) : resolve(value)),
      );
    });
    // Requests still in flight when the load stopped are answered after it (to nobody): count once
    // they have all been stored. Each valuation queues the seller's receipt and one e-mail to staff.
    let stored = await countStored(url.href, 2);
    for (;;) {
      await sleep(1_000);
      const again = await countStored(url.href, 2);
      if (again.valuations === stored.valuations) break;
      stored = again;
    }
    const mail = await waitForEmails(smtpControlUrl, stored.messages);
    const lostValuations = [...acknowledged].filter((serial) => !stored.serials.has(serial)).length;
    return {
      requestsPerSec: result.requests.average,
      p99Ms: result.latency.p99,
      acknowledged: acknowledged.size,
      statuses,
      errors: result.errors + result.timeouts,
      valuations: stored.valuations,
      lost: lostValuations + stored.wrongMessageCount + mail.missing,
      duplicated: stored.duplicated + mail.duplicated,
      emails: mail.received,
      emailsDrainedAfterSec: mail.waitedSec,
    };
  } finally {
    await cluster.stop();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

/**
 * The valuations stored, by the serial in their registration; how many registrations appear twice;
 * the messages they queued, and how many valuations queued other than `messagesEach`.
 */
async function countStored(databaseUrl, messagesEach) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select registration, count(*)::int as n from car_valuations group by registration',
    );
    const { rows: messages } = await client.query(
      `select v.id, count(m.id)::int as n from car_valuations v
       left join outbound_messages m on m.valuation_id = v.id group by v.id`,
    );
    return {
      valuations: rows.reduce((sum, row) => sum + row.n, 0),
      duplicated: rows.filter((row) => row.n > 1).length,
      serials: new Set(rows.map((row) => serialOf(row.registration))),
      messages: messages.reduce((sum, row) => sum + row.n, 0),
      wrongMessageCount: messages.filter((row) => row.n !== messagesEach).length,
    };
  } finally {
    await client.end();
  }
}

/** Waits until `expected` e-mails have arrived (or the limit passes), then counts missing and repeated ones. */
async function waitForEmails(smtpControlUrl, expected) {
  const started = Date.now();
  while (Date.now() - started < DRAIN_LIMIT_MS) {
    const { received } = await (await fetch(`${smtpControlUrl}/smtp/count`)).json();
    if (received >= expected) break;
    await sleep(1_000);
  }
  const waitedSec = Math.round((Date.now() - started) / 100) / 10;
  const received = await (await fetch(`${smtpControlUrl}/smtp/messages`)).json();
  const distinct = new Set(received.map((mail) => `${mail.to}\n${mail.subject}\n${mail.text}`));
  return {
    received: received.length,
    missing: Math.max(0, expected - distinct.size),
    // The same e-mail twice, or an e-mail no valuation queued.
    duplicated: received.length - distinct.size + Math.max(0, distinct.size - expected),
    waitedSec,
  };
}

/** The bench's registrations are BN + the serial in base 36 (scripts/bench.mjs valuationBody). */
function serialOf(registration) {
  return Number.parseInt(registration.replace(/^BN/, ''), 36);
}

function clientAddress(serial) {
  const n = serial % 0xffffff || 1;
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function summarise(processes, connections, measured) {
  const requestsPerSec = median(measured.map((run) => run.requestsPerSec));
  return {
    name: `POST /api/valuations, ${processes} process${processes > 1 ? 'es' : ''} behind HAProxy (${connections} conn.)`,
    processes,
    requestsPerSec,
    requestsPerSecPerProcess: requestsPerSec / processes,
    p99Ms: median(measured.map((run) => run.p99Ms)),
    lost: measured.reduce((sum, run) => sum + run.lost, 0),
    duplicated: measured.reduce((sum, run) => sum + run.duplicated, 0),
    runs: measured,
  };
}

/** The rows as a table for the console, drawn by the bench's `renderGrid` (as its other sections are). */
export function renderSubmissions(rows, renderGrid) {
  const header = ['', 'req/s', 'req/s per process', 'p99 ms', 'answered 2xx', 'lost', 'duplicated'];
  const lines = rows.map((row) => [
    row.name,
    Math.round(row.requestsPerSec),
    Math.round(row.requestsPerSecPerProcess),
    Math.round(row.p99Ms),
    row.runs.reduce((sum, run) => sum + run.acknowledged, 0),
    row.lost,
    row.duplicated,
  ]);
  return renderGrid(header, lines);
}
