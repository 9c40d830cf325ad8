import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * What is kept of a visitor (DESIGN section 7, SECURITY.md: UK GDPR): never the whole internet
 * address, and no identifier that lasts beyond a day.
 */

/**
 * The address with its host part cut off: IPv4 to its /24 (`81.2.69.0`), IPv6 to its /48
 * (`2a02:c7f:1234::`). An IPv4 address written as IPv6 (`::ffff:81.2.69.142`) is cut as IPv4.
 * Anything that is not an address gives null.
 */
export function truncateAddress(address: string | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? mapped[1]! : address;
  const version = isIP(plain);
  if (version === 4) return `${plain.split('.').slice(0, 3).join('.')}.0`;
  if (version === 6) return `${expandIpv6(plain).slice(0, 3).join(':')}::`;
  return null;
}

/** The eight groups of an IPv6 address, without leading zeros (`::1` → 0,0,0,0,0,0,0,1). */
function expandIpv6(address: string): string[] {
  const withoutZone = address.split('%')[0]!;
  const [head = '', tail] = withoutZone.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right].map((group) =>
    (Number.parseInt(group, 16) || 0).toString(16),
  );
}

/**
 * The day's visitor id: a hash of the whole address, the browser's user agent and the day's salt.
 * The salt is deleted when its day ends, so tomorrow's id for the same browser cannot be linked
 * to today's, and no id can be turned back into an address.
 */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash('sha256').update(salt).update('\0').update(address).update('\0').update(userAgent).digest('hex');
}

/** The host of a Referer header (`https://www.google.com/search?q=…` → `www.google.com`); null otherwise. */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer || !URL.canParse(referer)) return null;
  const url = new URL(referer);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.hostname.slice(0, 255) || null;
}
