import { eq, sql } from 'drizzle-orm';
import type { LoginThrottle } from '~/server/auth/login-throttle';
import { tooManyAttemptsMessage, usernameLogTag } from '~/server/auth/login-throttle';
import type { HashCaller, PasswordHasher } from '~/server/auth/passwords';
import { weakPasswordReason } from '~/server/auth/password-policy';
import type { SessionStore } from '~/server/auth/sessions';
import type { Db } from '~/server/db/client';
import { users, type User } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { authMessages, type ChangePasswordInput, type LoginInput, type SessionUser } from '~/shared/auth-schemas';

export type AuthDeps = {
  db: Db;
  hasher: PasswordHasher;
  sessions: SessionStore;
  throttle: LoginThrottle;
  /** The configured trading name (SITE_TRADING_NAME), which new passwords must not be built from. */
  tradingName?: string | undefined;
};

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

function tooManyAttempts(retryAfterSeconds: number, username: string) {
  return new AppError('RATE_LIMITED', tooManyAttemptsMessage(retryAfterSeconds), {
    headers: { 'Retry-After': String(retryAfterSeconds) },
    // Never the name itself: what was typed may be a password typed in the wrong box.
    detail: `username-tag=${usernameLogTag(username)}`,
  });
}

/**
 * Checks the credentials and starts a new session. A wrong username and a wrong
 * password get the same answer after the same work (no user enumeration).
 * The throttle is consulted, and the attempt recorded, before any hashing: an attempt in flight
 * counts as a failure until its password proves right.
 */
export async function signIn(deps: AuthDeps, input: LoginInput, ip: string): Promise<{ user: User; token: string }> {
  const attempt = await deps.throttle.begin(input.username, ip);
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds, input.username);
  const user = await findUserByUsername(deps.db, input.username);
  const caller: HashCaller = { ip };
  const valid = user
    ? await deps.hasher.verify(input.password, user.passwordHash, caller)
    : await deps.hasher.verifyAgainstDummy(input.password, caller);
  if (valid) await deps.throttle.succeeded(attempt.attemptId);
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', authMessages.invalidCredentials);
  const token = await deps.sessions.create(user.id);
  return { user, token };
}

/**
 * Replaces the password after checking the current one, and ends the user's
 * other sessions. A wrong current password counts as a failed sign-in from
 * this address, and while the user is locked there the answer is 429 before
 * any hashing. The update and the ending of sessions happen in one transaction.
 */
export async function changePassword(
  deps: AuthDeps,
  session: { id: string; user: User },
  input: ChangePasswordInput,
  ip: string,
): Promise<User> {
  const { user } = session;
  const attempt = await deps.throttle.begin(user.username, ip);
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds, user.username);
  const caller: HashCaller = { ip, sessionId: session.id, userId: user.id };
  const currentIsRight = await deps.hasher.verify(input.currentPassword, user.passwordHash, caller);
  if (currentIsRight) await deps.throttle.succeeded(attempt.attemptId);
  if (!currentIsRight) throw fieldError('currentPassword', authMessages.currentPasswordWrong);
  if (input.newPassword === input.currentPassword)
    throw fieldError('newPassword', authMessages.newPasswordSameAsCurrent);
  const weak = await weakPasswordReason(input.newPassword, { username: user.username, tradingName: deps.tradingName });
  if (weak) throw fieldError('newPassword', weak);
  const passwordHash = await deps.hasher.hash(input.newPassword, caller);
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', authMessages.userNotFound);
    await deps.sessions.destroyAllForUser(user.id, session.id, tx);
    return updated;
  });
}

export function fieldError(path: string, message: string) {
  return new AppError('INVALID_INPUT', message, { issues: [{ path, message }] });
}
