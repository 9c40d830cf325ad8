import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

/**
 * Rendered public pages kept in memory, whole and already compressed
 * (docs/decisions/003-public-page-speed.md). A page is rendered once per content revision and
 * promotion phase; every view until the next change is a map lookup and a socket write.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

export type CachedPage = {
  status: number;
  /** A hash of the uncompressed bytes; each encoding's strong ETag is made from it (pageEtag). */
  etag: string;
  bodies: Record<Encoding, Buffer>;
  /** The content revision and promotion phase it was rendered for: another key means re-render. */
  contentKey: string;
  /** Its own policy, allowing its own inline styles (critical-css.ts), where it has them. */
  contentSecurityPolicy?: string | undefined;
  /** Its page-data versions, compared by the periodic re-check. */
  versions: Record<string, string | number>;
  /** When it was rendered or last found current (monotonic ms). */
  checkedAt: number;
};

/** How many pages are kept: every public address and a few hundred /recently-purchased pages. */
export const PAGE_CACHE_MAX_ENTRIES = 500;
/**
 * How old an entry may be before a view re-checks its data versions (in the background, serving
 * the entry meanwhile). It only matters when a change made outside this process was not heard.
 */
export const PAGE_CACHE_RECHECK_MS = 1_000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compresses a rendered page both ways, once, at the highest settings (it is served thousands of times). */
export async function compressPage(html: string): Promise<{ etag: string; bodies: Record<Encoding, Buffer> }> {
  const identity = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const etag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { etag, bodies: { identity, br, gzip: gz } };
}

/**
 * Each encoding is its own representation, so each gets its own strong ETag (RFC 9110 8.8.3):
 * `"<hash>"`, `"<hash>-br"`, `"<hash>-gzip"`.
 */
export function pageEtag(hash: string, encoding: Encoding): string {
  return encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
}

const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });

/** The best encoding the browser accepts; identity when it names none we have. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  return acceptEncoding ? (encodings.negotiate(acceptEncoding) ?? 'identity') : 'identity';
}

/**
 * RFC 9110 13.1.2: If-None-Match compares entity tags weakly and may list several, or be `*`. A tag
 * of any encoding of the same bytes matches: the browser keeps the page decoded, whichever it got.
 */
export function ifNoneMatchHits(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const encodings: Encoding[] = ['identity', 'br', 'gzip'];
  const tags = new Set(encodings.map((encoding) => pageEtag(hash, encoding)));
  return header.split(',').some((tag) => tags.has(tag.trim().replace(/^W\//, '')));
}

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * A bounded map of pages, least recently used out first, with at most one render of a key at a
 * time: a burst of views of a page that just changed waits for one render, not fifty.
 */
export function createPageCache(
  options: { maxEntries?: number; recheckAfterMs?: number; monotonicMs?: () => number } = {},
) {
  const maxEntries = options.maxEntries ?? PAGE_CACHE_MAX_ENTRIES;
  const recheckAfterMs = options.recheckAfterMs ?? PAGE_CACHE_RECHECK_MS;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  const entries = new Map<string, CachedPage>();
  const inFlight = new Map<string, Promise<unknown>>();

  return {
    /** The kept page for `key` if it was made for `contentKey`; refreshed as most recently used. */
    get(key: string, contentKey: string): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.contentKey !== contentKey) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key: string, page: Omit<CachedPage, 'checkedAt'>) {
      entries.delete(key);
      entries.set(key, { ...page, checkedAt: monotonicMs() });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    delete(key: string) {
      entries.delete(key);
    },
    /** True when the entry is due a re-check of its data versions. */
    isDue(entry: CachedPage): boolean {
      return monotonicMs() - entry.checkedAt > recheckAfterMs;
    },
    /** The entry's data is still current: it waits another interval before the next re-check. */
    confirm(entry: CachedPage) {
      entry.checkedAt = monotonicMs();
    },
    /** Runs `work` unless one for `key` is already running, in which case its promise is shared. */
    once<T>(key: string, work: () => Promise<T>): Promise<T> {
      const running = inFlight.get(key);
      if (running) return running as Promise<T>;
      const started = work().finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
    get size() {
      return entries.size;
    },
  };
}
