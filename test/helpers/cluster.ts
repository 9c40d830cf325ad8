import { existsSync } from 'node:fs';
import pg from 'pg';
import { HAPROXY, startCluster } from '../../scripts/lib/cluster.mjs';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { createTestDatabase, type TestDatabase } from './database';
import { validValuation } from './valuation';

/**
 * Two (or more) built app processes on a fresh PostgreSQL database behind HAProxy, as `npm run
 * cluster` runs them (issue 38), with a local SMTP server for their e-mail. Needs TEST_DATABASE_URL
 * and Debian's haproxy; CI installs it and sets CLUSTER_REQUIRED=1, so there a missing HAProxy fails
 * instead of skipping.
 */
export const clusterTestsCanRun =
  Boolean(process.env.TEST_DATABASE_URL) && (existsSync(HAPROXY) || process.env.CLUSTER_REQUIRED === '1');

export type TestCluster = Awaited<ReturnType<typeof startCluster>> & {
  databaseUrl: string;
  sink: SmtpSink;
  /** A query on the cluster's database. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
};

export async function startTestCluster(env: Record<string, string> = {}, processes = 2): Promise<TestCluster> {
  const database: TestDatabase = await createTestDatabase('postgres', { migrate: false });
  await database.database.close();
  const sink = await startSmtpSink();
  const client = new pg.Client({ connectionString: database.databaseUrl });
  try {
    const cluster = await startCluster({
      processes,
      restart: false,
      pinnable: true,
      env: {
        DATABASE_URL: database.databaseUrl!,
        SMTP_URL: sink.url,
        MAIL_FROM: 'CarBuy Direct <hello@carbuy.example>',
        STAFF_NOTIFY_EMAIL: 'staff@carbuy.example',
        // The tests name each client in X-Forwarded-For, and HAProxy adds its own hop.
        TRUST_PROXY: '2',
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
    await client.connect();
    return {
      ...cluster,
      databaseUrl: database.databaseUrl!,
      sink,
      query: async (text, values) => (await client.query(text, values)).rows,
      async close() {
        await cluster.stop();
        await client.end();
        await sink.close();
        await database.cleanup();
      },
    };
  } catch (error) {
    await sink.close();
    await database.cleanup();
    throw error;
  }
}

/** A distinct valuation per serial: its own registration, e-mail address and client address. */
export function sellerRequest(serial: number) {
  return {
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(serial >>> 16) & 255}.${(serial >>> 8) & 255}.${serial & 255}`,
      'idempotency-key': `cluster-test-${serial}`,
    },
    body: {
      ...validValuation(),
      registration: `CL${serial.toString(36).toUpperCase().padStart(5, '0')}`,
      email: `seller${serial}@example.com`,
    },
  };
}
