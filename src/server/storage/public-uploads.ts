import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files anyone may fetch, served under /uploads/ (DESIGN 1): purchased vehicles' photos now, voice
 * messages' audio later. Unlike the private FileStore, the caller picks the name (a photo's
 * variants share its random id), so names are checked against a strict shape here: no name can
 * climb out of its area, and nothing a user typed ever becomes part of one. Two implementations:
 * this folder one, and S3-compatible object storage (s3-stores.ts, STORAGE=s3).
 */
export type PublicUploads = {
  /**
   * How the /uploads/ route (app.ts) reaches the files: a folder it serves as it is, or an object
   * store it asks one file at a time (S3: there is no folder to hand @fastify/static).
   */
  readonly served: { folder: string } | { fetch: FetchUpload };
  /** Writes the file (a reader never sees half a file). */
  write(area: string, name: string, bytes: Uint8Array): Promise<void>;
  /** Removes the file; a file already gone is not an error. */
  remove(area: string, name: string): Promise<void>;
  /** True when the file exists (tests and clean-up checks). */
  exists(area: string, name: string): Promise<boolean>;
};

/**
 * One file for the /uploads/ route of an object store, undefined when there is none. Without
 * `body` only its details are fetched (HEAD, and the route's If-None-Match check); `range` is an
 * HTTP Range header the store applies (audio players ask for parts).
 */
export type FetchUpload = (
  area: string,
  name: string,
  options: { body: boolean; range?: string },
) => Promise<FetchedUpload | undefined>;

export type FetchedUpload = {
  etag: string | undefined;
  lastModified: Date | undefined;
  /** The length of what is sent: the part asked for, when a range was. */
  contentLength: number | undefined;
  /** `bytes 0-99/1234` when a range was applied. */
  contentRange: string | undefined;
  body?: NodeJS.ReadableStream;
};

/** The types @fastify/static (its `mime` table) gives our uploads' extensions, for the object stores. */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
};

export function uploadContentType(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

const AREA = /^[a-z][a-z0-9-]{0,39}$/;
/** A random id (32 hex), then an optional variant suffix, then the extension. */
export const PUBLIC_UPLOAD_NAME = /^[0-9a-f]{32}(-[a-z0-9]{1,12})?\.[a-z0-9]{1,8}$/;

/** `area/name` when both are in our shapes (so no name can climb out of its area); throws otherwise. */
export function checkedUploadPath(area: string, name: string): string {
  if (!AREA.test(area)) throw new Error(`Not an upload area: ${JSON.stringify(area)}`);
  if (!PUBLIC_UPLOAD_NAME.test(name)) throw new Error(`Not an upload name: ${JSON.stringify(name)}`);
  return `${area}/${name}`;
}

/** Files under `root` (DATA_DIR/uploads in the server), one folder per area. */
export function createPublicUploads(root: string): PublicUploads {
  const pathOf = (area: string, name: string) => path.join(root, ...checkedUploadPath(area, name).split('/'));
  return {
    served: { folder: root },
    async write(area, name, bytes) {
      const file = pathOf(area, name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      await fs.writeFile(partial, bytes, { flag: 'wx' });
      await fs.rename(partial, file);
    },
    async remove(area, name) {
      await fs.rm(pathOf(area, name), { force: true });
    },
    async exists(area, name) {
      return fs.access(pathOf(area, name)).then(
        () => true,
        () => false,
      );
    },
  };
}

/** True for a request path the /uploads route may serve: `/<area>/<name>` in our shapes only. */
export function isPublicUploadPath(pathname: string): boolean {
  const [, area = '', name = '', ...rest] = pathname.split('/');
  return rest.length === 0 && AREA.test(area) && PUBLIC_UPLOAD_NAME.test(name);
}
