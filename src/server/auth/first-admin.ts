import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { weakPasswordReason } from './password-policy';
import type { PasswordHasher } from './passwords';

/**
 * Makes sure a fresh installation can be signed in to, without any default
 * password (ASVS 6.3.2). When the database has no user at all:
 * - with ADMIN_USERNAME / ADMIN_PASSWORD, that admin is created;
 * - otherwise an admin "admin" gets a random password, which must be changed
 *   at first sign-in (ASVS 6.4.1). It is written to DATA_DIR/first-admin-password.txt,
 *   readable only by the server's user, and shown on standard error when that is
 *   a terminal; never on standard output or in the log, which reach log storage.
 *   The log says where to find it. The file is removed at the first start after
 *   the password has been replaced.
 */
export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

export async function ensureFirstAdmin(options: {
  db: Db;
  hasher: PasswordHasher;
  firstAdmin: { username: string; password: string } | undefined;
  log: FastifyBaseLogger;
  /** DATA_DIR: where a generated password's file goes (needed unless firstAdmin is given). */
  dataDir?: string;
  /** Shows the password to a person; by default on standard error, only when it is a terminal. */
  announce?: (text: string) => void;
  /** The configured trading name (SITE_TRADING_NAME), which ADMIN_PASSWORD must not be built from. */
  tradingName?: string | undefined;
}): Promise<void> {
  const { db, hasher, firstAdmin, log } = options;
  const dataDir = options.dataDir;
  const file = dataDir === undefined ? undefined : path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
  const [existing] = await db.select({ n: count() }).from(users);
  if (existing && existing.n > 0) {
    if (file) await removeStalePasswordFile(db, file, log);
    return;
  }

  if (firstAdmin) {
    const weak = await weakPasswordReason(firstAdmin.password, {
      username: firstAdmin.username,
      tradingName: options.tradingName,
    });
    if (weak) throw new Error(`ADMIN_PASSWORD: ${weak}`);
    await insertAdmin(
      db,
      { username: firstAdmin.username, passwordHash: await hasher.hash(firstAdmin.password) },
      false,
    );
    log.info({ username: firstAdmin.username }, 'First admin created from ADMIN_USERNAME and ADMIN_PASSWORD');
    return;
  }

  if (dataDir === undefined || file === undefined)
    throw new Error('ensureFirstAdmin: dataDir is needed to store a generated password');
  const password = randomBytes(15).toString('base64url'); // 20 characters, 120 random bits
  const created = await insertAdmin(db, { username: 'admin', passwordHash: await hasher.hash(password) }, true);
  if (!created) return;
  const text = [
    '',
    '='.repeat(72),
    '  FIRST ADMIN ACCOUNT CREATED',
    '',
    '  Username: admin',
    `  Password: ${password}`,
    '',
    '  Sign in at /admin/login and you will be asked to replace this password',
    `  (${FIRST_ADMIN_PASSWORD_FILE} in DATA_DIR is deleted at the next start after`,
    '  that). To set your own instead, stop the server and run',
    '  `npm run admin:create`, or start with ADMIN_USERNAME and ADMIN_PASSWORD on',
    '  an empty database.',
    '='.repeat(72),
    '',
    '',
  ].join('\n');
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await rm(file, { force: true }); // a new file gets mode 0600 whatever the umask; an old one might not
    await writeFile(file, text, { mode: 0o600, flag: 'wx' });
    log.warn({ file }, `First admin "admin" created with a generated password: it is in ${file}`);
  } catch (error) {
    log.error(
      { err: error, file },
      'First admin "admin" created, but its generated password could not be written: set one with `npm run admin:create`',
    );
  }
  const announce = options.announce ?? (process.stderr.isTTY ? (t: string) => process.stderr.write(t) : undefined);
  announce?.(text);
}

/** Once the generated password has been replaced (or that admin is gone), its file only misleads. */
async function removeStalePasswordFile(db: Db, file: string, log: FastifyBaseLogger) {
  const [waiting] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.username, 'admin'), eq(users.mustChangePassword, true)));
  if (waiting && waiting.n > 0) return;
  try {
    await rm(file);
    log.info({ file }, 'Removed the first admin password file: that password has been replaced');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn({ err: error, file }, 'Could not remove the file');
  }
}

/** False when another process created the first admin at the same moment. */
async function insertAdmin(db: Db, values: { username: string; passwordHash: string }, mustChangePassword: boolean) {
  const rows = await db
    .insert(users)
    .values({ ...values, isAdmin: true, mustChangePassword })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.length > 0;
}
