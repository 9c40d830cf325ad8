import { eq, sql } from 'drizzle-orm';
import type { LoginThrottle } from '~/server/auth/login-throttle';
import { tooManyAttemptsMessage } from '~/server/auth/login-throttle';
import type { PasswordHasher } from '~/server/auth/passwords';
import { weakPasswordReason } from '~/server/auth/password-policy';
import type { SessionStore } from '~/server/auth/sessions';
import type { Db } from '~/server/db/client';
import { users, type User } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { authMessages, type ChangePasswordInput, type LoginInput, type SessionUser } from '~/shared/auth-schemas';

export type AuthDeps = { db: Db; hasher: PasswordHasher; sessions: SessionStore; throttle: LoginThrottle };

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    username: user.username,
    isAdmin: user.isAdmin,
    firstName: user.firstName,
    lastName: user.lastName,
    mustChangePassword: user.mustChangePassword,
  };
}

export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return user;
}

/**
 * Checks the credentials and starts a new session. A wrong username and a wrong
 * password get the same answer after the same work (no user enumeration).
 * The throttle is consulted before any hashing.
 */
export async function signIn(deps: AuthDeps, input: LoginInput, ip: string): Promise<{ user: User; token: string }> {
  const verdict = await deps.throttle.check(input.username, ip);
  if (!verdict.allowed) {
    throw new AppError('RATE_LIMITED', tooManyAttemptsMessage(verdict.retryAfterSeconds), {
      headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
      detail: `username=${input.username.toLowerCase()}`,
    });
  }
  const user = await findUserByUsername(deps.db, input.username);
  const valid = user
    ? await deps.hasher.verify(input.password, user.passwordHash)
    : await deps.hasher.verifyAgainstDummy(input.password);
  await deps.throttle.record(input.username, ip, valid);
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', authMessages.invalidCredentials);
  const token = await deps.sessions.create(user.id);
  return { user, token };
}

/** Replaces the password after checking the current one, and ends the user's other sessions. */
export async function changePassword(
  deps: AuthDeps,
  session: { id: string; user: User },
  input: ChangePasswordInput,
): Promise<User> {
  const { user } = session;
  if (!(await deps.hasher.verify(input.currentPassword, user.passwordHash))) {
    throw fieldError('currentPassword', authMessages.currentPasswordWrong);
  }
  if (input.newPassword === input.currentPassword)
    throw fieldError('newPassword', authMessages.newPasswordSameAsCurrent);
  const weak = weakPasswordReason(input.newPassword, { username: user.username });
  if (weak) throw fieldError('newPassword', weak);
  const passwordHash = await deps.hasher.hash(input.newPassword);
  const [updated] = await deps.db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  await deps.sessions.destroyAllForUser(user.id, session.id);
  return updated!;
}

export function fieldError(path: string, message: string) {
  return new AppError('INVALID_INPUT', message, { issues: [{ path, message }] });
}
