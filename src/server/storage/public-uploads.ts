import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files anyone may fetch, served under /uploads/ (DESIGN 1): purchased vehicles' photos now, voice
 * messages' audio later. Unlike the private FileStore, the caller picks the name (a photo's
 * variants share its random id), so names are checked against a strict shape here: no name can
 * climb out of its area, and nothing a user typed ever becomes part of one. Swapping this for
 * S3-compatible storage changes only this module and the /uploads route.
 */
export type PublicUploads = {
  /** The folder served under /uploads/. */
  readonly root: string;
  /** Writes the file (beside, then renamed: a reader never sees half a file). */
  write(area: string, name: string, bytes: Uint8Array): Promise<void>;
  /** Removes the file; a file already gone is not an error. */
  remove(area: string, name: string): Promise<void>;
  /** True when the file exists (tests and clean-up checks). */
  exists(area: string, name: string): Promise<boolean>;
};

const AREA = /^[a-z][a-z0-9-]{0,39}$/;
/** A random id (32 hex), then an optional variant suffix, then the extension. */
export const PUBLIC_UPLOAD_NAME = /^[0-9a-f]{32}(-[a-z0-9]{1,12})?\.[a-z0-9]{1,8}$/;

export function createPublicUploads(root: string): PublicUploads {
  const pathOf = (area: string, name: string) => {
    if (!AREA.test(area)) throw new Error(`Not an upload area: ${JSON.stringify(area)}`);
    if (!PUBLIC_UPLOAD_NAME.test(name)) throw new Error(`Not an upload name: ${JSON.stringify(name)}`);
    return path.join(root, area, name);
  };
  return {
    root,
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
