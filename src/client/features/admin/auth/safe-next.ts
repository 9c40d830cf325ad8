import { isAdminPath } from '~/shared/paths';
import { adminPaths } from '../admin-paths';

const PROBE_ORIGIN = 'https://probe.invalid';

/**
 * Where to go after signing in: the `next` address if it is a back-office page
 * on this site (never another site, never the sign-in page), else the dashboard.
 */
export function safeAdminPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return adminPaths.dashboard;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return adminPaths.dashboard;
  }
  if (url.origin !== PROBE_ORIGIN || !isAdminPath(url.pathname) || url.pathname === adminPaths.login) {
    return adminPaths.dashboard;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in address that brings the visitor back to `pathname + search` afterwards. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const here = `${location.pathname}${location.search}`;
  if (here === adminPaths.dashboard || !isAdminPath(location.pathname)) return adminPaths.login;
  return `${adminPaths.login}?${new URLSearchParams({ next: here })}`;
}
