import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { weakPasswordReason } from './password-policy';
import type { PasswordHasher } from './passwords';

/**
 * Makes sure a fresh installation can be signed in to, without any default
 * password (ASVS 6.3.2). When the database has no user at all:
 * - with ADMIN_USERNAME / ADMIN_PASSWORD, that admin is created;
 * - otherwise an admin "admin" gets a random password, printed once on the
 *   console, which must be changed at first sign-in (ASVS 6.4.1).
 */
export async function ensureFirstAdmin(options: {
  db: Db;
  hasher: PasswordHasher;
  firstAdmin: { username: string; password: string } | undefined;
  log: FastifyBaseLogger;
  announce?: (text: string) => void;
  /** The configured trading name (SITE_TRADING_NAME), which ADMIN_PASSWORD must not be built from. */
  tradingName?: string | undefined;
}): Promise<void> {
  const { db, hasher, firstAdmin, log } = options;
  const [existing] = await db.select({ n: count() }).from(users);
  if (existing && existing.n > 0) return;

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

  const password = randomBytes(15).toString('base64url'); // 20 characters, 120 random bits
  const created = await insertAdmin(db, { username: 'admin', passwordHash: await hasher.hash(password) }, true);
  if (!created) return;
  log.warn('First admin "admin" created with a generated password (printed on the console, once)');
  (options.announce ?? ((text) => process.stdout.write(text)))(
    [
      '',
      '='.repeat(72),
      '  FIRST ADMIN ACCOUNT CREATED',
      '',
      '  Username: admin',
      `  Password: ${password}`,
      '',
      '  This password is shown only this once. Sign in at /admin/login and you',
      '  will be asked to replace it. To set your own instead, stop the server and',
      '  run `npm run admin:create`, or start with ADMIN_USERNAME and ADMIN_PASSWORD',
      '  on an empty database.',
      '='.repeat(72),
      '',
      '',
    ].join('\n'),
  );
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
