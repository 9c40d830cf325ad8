import { createContext, useContext } from 'react';
import type { SessionUser } from '~/shared/auth-schemas';

const AdminUserContext = createContext<SessionUser | null>(null);

export const AdminUserProvider = AdminUserContext.Provider;

/** The signed-in admin. Only inside the guarded area, where the server has confirmed the user. */
export function useAdminUser(): SessionUser {
  const user = useContext(AdminUserContext);
  if (!user) throw new Error('useAdminUser must be used inside the guarded admin layout');
  return user;
}

/** "First Last", or the username when no name is recorded. */
export function displayName(user: { username: string; firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

/** One or two letters for an avatar. */
export function initials(user: { username: string; firstName: string | null; lastName: string | null }): string {
  const fromNames = [user.firstName, user.lastName]
    .filter((n): n is string => Boolean(n))
    .map((n) => [...n][0])
    .join('');
  return (fromNames || [...user.username].slice(0, 2).join('')).toUpperCase();
}
