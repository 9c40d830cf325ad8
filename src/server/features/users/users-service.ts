import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { PasswordHasher } from '~/server/auth/passwords';
import { weakPasswordReason } from '~/server/auth/password-policy';
import type { Db } from '~/server/db/client';
import { users, type User } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { fieldError } from '~/server/features/auth';
import {
  authMessages,
  type AdminUser,
  type createUserInputSchema,
  type updateUserInputSchema,
} from '~/shared/auth-schemas';
import type { z } from 'zod';

export type UsersDeps = {
  db: Db;
  hasher: PasswordHasher;
  /** The configured trading name (SITE_TRADING_NAME), which passwords must not be built from. */
  tradingName?: string | undefined;
};

export function toAdminUser(user: User): AdminUser {
  return {
    id: user.id,
    username: user.username,
    isAdmin: user.isAdmin,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Postgres' unique_violation; drizzle wraps the driver's error, so look at the cause too. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause);
}

export async function listUsers(db: Db): Promise<User[]> {
  // Admin accounts are a handful of staff: no paging needed.
  return db
    .select()
    .from(users)
    .orderBy(asc(sql`lower(${users.username})`));
}

/**
 * The password is the creating admin's choice, so it is only a first key: the new user must
 * replace it at first sign-in (ASVS 6.4.1), by the same flag and screen as a generated first
 * admin's (auth/first-admin.ts, auth/access.ts): every admin call is refused until they do.
 */
export async function createUser(deps: UsersDeps, input: z.output<typeof createUserInputSchema>): Promise<User> {
  const weak = await weakPasswordReason(input.password, { username: input.username, tradingName: deps.tradingName });
  if (weak) throw fieldError('password', weak);
  const passwordHash = await deps.hasher.hash(input.password);
  try {
    const [created] = await deps.db
      .insert(users)
      .values({
        username: input.username,
        passwordHash,
        isAdmin: input.isAdmin,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        mustChangePassword: true,
      })
      .returning();
    return created!;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', authMessages.usernameTaken, {
        issues: [{ path: 'username', message: authMessages.usernameTaken }],
      });
    }
    throw error;
  }
}

/**
 * Keeps at least one admin: the check and the change happen in one transaction
 * that locks the admin rows, so two staff demoting each other at once cannot
 * both succeed.
 */
async function assertAnotherAdminRemains(tx: Db, userId: number, message: string) {
  await tx.execute(sql`select id from ${users} where ${users.isAdmin} for update`);
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), ne(users.id, userId)));
  if (!others || others.n === 0) throw new AppError('CONFLICT', message);
}

export async function updateUser(
  db: Db,
  actorId: number,
  userId: number,
  input: z.output<typeof updateUserInputSchema>,
): Promise<User> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!existing) throw new AppError('NOT_FOUND', authMessages.userNotFound);
    if (input.isAdmin === false && existing.isAdmin) {
      if (userId === actorId) throw fieldError('isAdmin', authMessages.cannotRemoveOwnAdmin);
      await assertAnotherAdminRemains(tx, userId, authMessages.cannotRemoveLastAdmin);
    }
    const [updated] = await tx
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return updated!;
  });
}

/** Deleting a user also ends their sessions (the foreign key cascades). */
export async function deleteUser(db: Db, actorId: number, userId: number): Promise<void> {
  if (userId === actorId) throw new AppError('INVALID_INPUT', authMessages.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!existing) throw new AppError('NOT_FOUND', authMessages.userNotFound);
    if (existing.isAdmin) await assertAnotherAdminRemains(tx, userId, authMessages.cannotDeleteLastAdmin);
    await tx.delete(users).where(eq(users.id, userId));
  });
}
