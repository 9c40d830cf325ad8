import path from 'node:path';
import type { AppConfig } from '~/server/config';
import { createDiskFileStore, type FileStore } from './file-store';
import { createPublicUploads, type PublicUploads } from './public-uploads';

export type Stores = {
  /** Private files: DATA_DIR/files, or `<S3_PREFIX>files/` in the bucket. */
  files: FileStore;
  /** Public uploads: DATA_DIR/uploads, or `<S3_PREFIX>uploads/` in the bucket. */
  uploads: PublicUploads;
  /** Rejects with a clear message when the stores cannot be used (the bucket is missing or denied). */
  check(): Promise<void>;
};

/**
 * The server's stores as STORAGE says (one S3 client for both). In the bucket the two keep the
 * folders' layout under S3_PREFIX, so `npm run storage:copy` copies DATA_DIR's files as they are.
 */
export async function storesFor(config: Pick<AppConfig, 'dataDir' | 'storage'>): Promise<Stores> {
  const { storage } = config;
  if (storage.kind === 'folder') {
    return {
      // Private files are never under the folder /uploads/ serves.
      files: createDiskFileStore(path.join(config.dataDir, 'files')),
      uploads: createPublicUploads(path.join(config.dataDir, 'uploads')),
      check: async () => {},
    };
  }
  // Loaded only for S3: the SDK takes a fifth of a second to load, which folder set-ups need not pay.
  const { bucketProblem, createS3Client, createS3FileStore, createS3PublicUploads } = await import('./s3-stores');
  const client = createS3Client(storage);
  const { bucket, prefix } = storage;
  return {
    files: createS3FileStore({ client, bucket, prefix: `${prefix}files/` }),
    uploads: createS3PublicUploads({ client, bucket, prefix: `${prefix}uploads/` }),
    async check() {
      const problem = await bucketProblem({ client, bucket });
      if (problem) throw new StorageCheckError(problem);
    },
  };
}

/** The stores cannot be used: its message is all the operator needs (main.ts prints only that). */
export class StorageCheckError extends Error {
  override name = 'StorageCheckError';
}
