import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Private files kept by the server (e-mail attachments now; sellers' photos later): never under
 * a public folder, never named after anything a user typed. Rows hold a key, not the bytes
 * (a PDF in a table row bloats every backup and every query that selects it).
 *
 * A key is `<area>/<32 hex>.<extension>`: the area says which feature owns the file, the random
 * part makes it unguessable and unique, and the strict shape means no key can climb out of the
 * store's folder. Two implementations: this folder one, and S3-compatible object storage
 * (s3-stores.ts, STORAGE=s3); both take and give the same keys.
 */
export type FileStore = {
  /** Stores the bytes and returns the new file's key. */
  save(bytes: Uint8Array, options: { area: string; extension: string }): Promise<string>;
  /** The file's bytes; rejects with FileNotFoundError when there is no such file. */
  read(key: string): Promise<Buffer>;
  /** Removes the file; a file already gone is not an error. */
  remove(key: string): Promise<void>;
};

const AREA = /^[a-z][a-z0-9-]{0,39}$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;
const KEY = /^([a-z][a-z0-9-]{0,39})\/([0-9a-f]{32})\.([a-z0-9]{1,8})$/;

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file has the key ${key}`);
    this.name = 'FileNotFoundError';
  }
}

/** A fresh, unguessable key in `area`; throws for an area or extension not in our shapes. */
export function newFileKey(area: string, extension: string): string {
  if (!AREA.test(area)) throw new Error(`Not a file area: ${JSON.stringify(area)}`);
  if (!EXTENSION.test(extension)) throw new Error(`Not a file extension: ${JSON.stringify(extension)}`);
  return `${area}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** The key itself when it is in our shape (so it can name no other file); throws otherwise. */
export function checkedFileKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a file key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root` (DATA_DIR/files in the server), one folder per area. */
export function createDiskFileStore(root: string): FileStore {
  const pathOf = (key: string) => path.join(root, ...checkedFileKey(key).split('/'));
  return {
    async save(bytes, { area, extension }) {
      const key = newFileKey(area, extension);
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written beside, then renamed: a reader never sees half a file.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
      await fs.rename(partial, file);
      return key;
    },
    async read(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
