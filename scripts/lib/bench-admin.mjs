// The bench's admin on a kept bench database (scripts/lib/bench-admin-valuations.mjs and
// bench-analytics.mjs): its name, its password kept beside the data, signing in, and a short-lived
// PostgreSQL client for checking what a bench database holds.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';

export const BENCH_ADMIN = 'bench-admin';

/**
 * Signs the bench admin in; returns the session cookie. `databaseHint` names where the kept data
 * lives (`bench_valuations_*`), for the message when the password no longer matches it.
 */
export async function signInBenchAdmin(baseUrl, password, databaseHint) {
  const response = await fetch(new URL('/api/auth/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: BENCH_ADMIN, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!response.ok || !cookie) {
    throw new Error(
      `the bench admin could not sign in (${response.status}); delete the bench data (bench/.data, ` +
        `or the ${databaseHint} database) so it is made afresh`,
    );
  }
  return cookie;
}

/**
 * The bench admin's password for this data: made with the data, then read back (the app creates
 * its first admin only in a database without users).
 */
export async function benchAdminPassword(file) {
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim()) return kept.trim();
  const password = `bench ${randomBytes(15).toString('base64url')}`;
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** Runs `work` with a connected client to `url`, closed afterwards. */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
