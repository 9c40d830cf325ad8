/**
 * Applies the committed SQL migrations in <project root>/drizzle with drizzle's own migrators.
 * Any failure rejects: start-up must stop rather than serve on a half-migrated schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { findProjectRoot } from '~/server/project-root';
import type { Database } from './client';

export type RunMigrationsOptions = {
  /** Defaults to the `drizzle` folder beside the project's package.json. */
  migrationsFolder?: string;
};

/**
 * Any fixed 64-bit number works as long as every process of this app uses the same one;
 * this is the first 8 bytes of sha-256("carbuy-direct:migrations") read as a signed integer.
 */
const MIGRATION_LOCK_KEY = '-3508447056439299815';

export async function runMigrations(database: Database, options: RunMigrationsOptions = {}): Promise<void> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (database.engine === 'pglite') {
    // One process owns a PGlite directory (see the lock in client.ts), so nothing can race.
    await migratePglite(drizzlePglite({ client: database.client }), { migrationsFolder });
    return;
  }
  await migratePostgres(database.client, migrationsFolder);
}

/**
 * Several app processes may start together against one server. drizzle reads "what was applied
 * last" before its transaction, so two racing migrators could both apply the same file; a session
 * advisory lock held on the migrating connection makes them take turns, and the later one then
 * finds nothing left to do.
 */
async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder });
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    connection.release();
  } catch (error) {
    // Destroy the connection rather than return it to the pool: that also drops the lock.
    connection.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** `<project root>/drizzle`, found from this file whether it runs from src/ (tsx, vitest) or dist/. */
export function defaultMigrationsFolder(startFile: string = fileURLToPath(import.meta.url)): string {
  const folder = path.join(findProjectRoot(path.dirname(startFile)), 'drizzle');
  if (!fs.existsSync(path.join(folder, 'meta', '_journal.json'))) {
    throw new Error(`No migrations found in ${folder} (expected drizzle/meta/_journal.json).`);
  }
  return folder;
}
