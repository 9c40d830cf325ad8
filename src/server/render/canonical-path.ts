/**
 * One spelling per page (issue 32, finding 4). Without it `//x123/%2e%2e` was the home page,
 * rendered, compressed and kept under its own key, so anyone could push the real pages out of the
 * page cache with made-up spellings. Page requests are checked here before anything is rendered:
 *
 * - a spelling a link or a person may produce (`/about/`, `//about`, `/%61bout`) is sent to the
 *   one address of its page with a permanent redirect, its query kept;
 * - a spelling no link produces (dot segments, encoded slashes, backslashes, broken escapes) is
 *   refused: it is someone trying paths, and a 404 costs nothing.
 *
 * So a page is only ever rendered, and kept, under its canonical path.
 */
export type PathVerdict =
  | { kind: 'canonical'; pathname: string }
  | { kind: 'redirect'; pathname: string; location: string }
  /** `pathname`: the path with its repeated slashes collapsed, to tell API paths from pages. */
  | { kind: 'refused'; pathname: string };

/** `\`, or `/` and `\` %-encoded: only a crafted address has them in its path. */
const CRAFTED = /\\|%2f|%5c/i;
/** `.` or `..`, as typed or %-encoded. */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;
/** A %-escape: of an unreserved character it is the character itself (RFC 3986 6.2.2.2). */
const ESCAPE = /%([0-9a-f]{2})/gi;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** The verdict on a request's path (the part of `requestUrl` before `?`). */
export function pathVerdict(requestUrl: string): PathVerdict {
  const queryAt = requestUrl.indexOf('?');
  const rawPath = queryAt === -1 ? requestUrl : requestUrl.slice(0, queryAt);
  const query = queryAt === -1 ? '' : requestUrl.slice(queryAt);
  const pathname = normalisedPath(rawPath);
  if (pathname === null) return { kind: 'refused', pathname: collapseSlashes(rawPath) };
  if (pathname === rawPath) return { kind: 'canonical', pathname };
  return { kind: 'redirect', pathname, location: pathname + query };
}

/** The canonical form of a path, or null when it must be refused. */
function normalisedPath(rawPath: string): string | null {
  if (!rawPath.startsWith('/') || CRAFTED.test(rawPath) || !wellEscaped(rawPath)) return null;
  const segments = collapseSlashes(rawPath).split('/');
  if (segments.some((segment) => DOT_SEGMENT.test(segment))) return null;
  const path = segments.join('/').replace(ESCAPE, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escape.toUpperCase();
  });
  // A trailing slash is the same page to the router; the root keeps its only slash.
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** `//a///b` is `/a/b`: repeated slashes are one to the router, never to the cache. */
function collapseSlashes(path: string): string {
  return path.replace(/\/{2,}/g, '/');
}

/** True when every `%` starts an escape and the escapes decode as UTF-8. */
function wellEscaped(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
