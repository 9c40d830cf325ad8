import { eq, sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { weakPasswordReason } from '~/server/auth/password-policy';
import { createPasswordHasher } from '~/server/auth/passwords';
import { openDatabase } from '~/server/db/client';
import { runMigrations } from '~/server/db/migrate';
import { sessions, users } from '~/server/db/schema';
import { configOrExit } from '~/server/server';
import { authMessages, createUserInputSchema, usernameSchema } from '~/shared/auth-schemas';
import { promptHidden, promptLine, readAllStdin } from './prompt';

/**
 * `npm run admin:create -- [--username NAME] [--password-stdin]`
 *
 * Creates an admin, or resets an existing user's password and makes them an
 * admin (ending their sessions). The password is typed without echo, twice, or
 * read from standard input with --password-stdin (for scripts).
 */
const usage = 'Usage: npm run admin:create -- [--username NAME] [--password-stdin]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function askPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return (await readAllStdin()).replace(/\r?\n$/, '');
  if (!process.stdin.isTTY) fail('No terminal to type a password in: pass it on standard input with --password-stdin.');
  const first = await promptHidden('New password: ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) fail(authMessages.passwordsDontMatch);
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return console.log(usage);
  const rawUsername = values.username ?? (process.stdin.isTTY ? await promptLine('Username: ') : undefined);
  if (!rawUsername) fail(`Give a username. ${usage}`);
  const username = usernameSchema.safeParse(rawUsername);
  if (!username.success) fail(username.error.issues[0]!.message);

  const password = await askPassword(values['password-stdin']);
  const checked = createUserInputSchema.shape.password.safeParse(password);
  if (!checked.success) fail(checked.error.issues[0]!.message);
  const config = configOrExit();
  const weak = await weakPasswordReason(password, {
    username: username.data,
    tradingName: config.site.SITE_TRADING_NAME,
  });
  if (weak) fail(weak);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const passwordHash = await createPasswordHasher().hash(password);
    const { db } = database;
    const [existing] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.data.toLowerCase()));
    if (existing) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, isAdmin: true, mustChangePassword: false, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
        await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      });
      console.log(`Password reset for "${existing.username}", who is now an admin. Their sessions were ended.`);
    } else {
      await db.insert(users).values({ username: username.data, passwordHash, isAdmin: true });
      console.log(`Admin "${username.data}" created. Sign in at ${config.publicBaseUrl}/admin/login`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) =>
  fail(`Could not create the admin: ${error instanceof Error ? error.message : String(error)}`),
);
