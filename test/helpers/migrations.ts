import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { Database } from '~/server/db/client';
import { defaultMigrationsFolder, runMigrations } from '~/server/db/migrate';
import { createTestDatabase, type TestDatabase, type TestEngine } from './database';

/** For tests of one migration on a database that already holds rows. */

type Journal = { entries: { tag: string }[] };

/** A copy of the migrations folder that stops just before the one under test. */
export function migrationsBefore(tag: string): string {
  const source = defaultMigrationsFolder();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-migrations-before-'));
  fs.cpSync(source, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`No migration ${tag} in ${source}`);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/**
 * For a describe block testing the migration `tag` on `engine`: `open()` gives a database migrated
 * up to just before it (to fill with rows as they were), cleaned up after each test; run
 * `runMigrations(database)` to apply it and the rest.
 */
export function databaseBeforeMigration(engine: TestEngine, tag: string): { open(): Promise<Database> } {
  let t: TestDatabase | undefined;
  let folder: string | undefined;
  afterEach(async () => {
    await t?.cleanup();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    t = undefined;
    folder = undefined;
  });
  return {
    async open() {
      t = await createTestDatabase(engine, { migrate: false });
      folder = migrationsBefore(tag);
      await runMigrations(t.database, { migrationsFolder: folder });
      return t.database;
    },
  };
}
