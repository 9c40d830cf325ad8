import { sessionUserSchema, type SessionUser } from '~/shared/auth-schemas';

/**
 * SPEC's browser keys `adminAuthenticated` and `adminUser`. They are only a
 * cache of GET /api/auth/user, written on sign-in and cleared on sign-out, on a
 * 401, or when unreadable. Access is never decided from them: the server
 * decides, and the route guard asks the server.
 */
const FLAG_KEY = 'adminAuthenticated';
const USER_KEY = 'adminUser';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, policies)
  }
}

export function writeSessionCache(user: SessionUser) {
  try {
    storage()?.setItem(FLAG_KEY, 'true');
    storage()?.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Quota or privacy errors: the cache is optional.
  }
}

export function clearSessionCache() {
  try {
    storage()?.removeItem(FLAG_KEY);
    storage()?.removeItem(USER_KEY);
  } catch {
    // nothing to clear
  }
}

/** The cached user, or null; an unreadable cache is cleared. */
export function readSessionCache(): SessionUser | null {
  const store = storage();
  const raw = store?.getItem(USER_KEY);
  if (!store || raw === null || raw === undefined) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    if (parsed.success && store.getItem(FLAG_KEY) === 'true') return parsed.data;
  } catch {
    // not JSON
  }
  clearSessionCache();
  return null;
}
