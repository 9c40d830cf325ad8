import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll } from 'vitest';
import { createDiskFileStore, type FileStore } from '~/server/storage/file-store';
import { createPublicUploads, type PublicUploads } from '~/server/storage/public-uploads';
import { storesFor } from '~/server/storage/stores';
import { testConfig } from './app';
import { testEngines, type TestEngine } from './database';
import { startTestS3, type TestS3 } from './s3';

/**
 * The app's two kinds of storage, for file tests that must hold for both (STORAGE=folder and s3):
 *
 *   const stores = testStores(); // at the top of the file: one s3rver for the whole file
 *   describe.each(storeKinds)('... in %s storage', (kind) => {
 *     beforeEach(async () => { s = await stores.create(kind); });
 *     afterEach(() => s.cleanup());
 *     // createTestApp(engine, { env: s.env, deps: { files: s.files, uploads: s.uploads } })
 *   });
 */
export type StoreKind = 'folder' | 's3';
export const storeKinds: StoreKind[] = ['folder', 's3'];

/**
 * Each database engine with the folder store, and S3 once (on PGlite): the store's behaviour does
 * not depend on the engine, so S3 costs one more run of the file, not one per engine.
 */
export function engineStoreCases(): [TestEngine, StoreKind][] {
  return [...testEngines.map((engine): [TestEngine, StoreKind] => [engine, 'folder']), ['pglite', 's3']];
}

export type TestStores = {
  kind: StoreKind;
  files: FileStore;
  uploads: PublicUploads;
  /** Settings that make the app's own stores these ones (S3; empty for the folder). */
  env: Record<string, string>;
  /** The private files' keys in `area`, sorted: what is really stored, looked at directly. */
  fileKeys(area: string): Promise<string[]>;
  /** The public uploads' names in `area`, sorted. */
  uploadNames(area: string): Promise<string[]>;
  cleanup(): Promise<void>;
};

export function testStores() {
  let s3: Promise<TestS3> | undefined;
  afterAll(async () => (await s3)?.close());

  async function folder(): Promise<TestStores> {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'carbuy-stores-'));
    const list = (folderPath: string) => fs.readdir(folderPath).catch(() => [] as string[]);
    return {
      kind: 'folder',
      files: createDiskFileStore(path.join(root, 'files')),
      uploads: createPublicUploads(path.join(root, 'uploads')),
      env: {},
      fileKeys: async (area) => (await list(path.join(root, 'files', area))).map((n) => `${area}/${n}`).sort(),
      uploadNames: async (area) => (await list(path.join(root, 'uploads', area))).sort(),
      cleanup: () => fs.rm(root, { recursive: true, force: true }),
    };
  }

  /** A fresh prefix in the file's one bucket: each test sees an empty store. */
  async function bucket(): Promise<TestStores> {
    const server = await (s3 ??= startTestS3());
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const env = { ...server.env, S3_PREFIX: prefix };
    const { files, uploads } = await storesFor(testConfig(env));
    const list = async (under: string) => {
      const found: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await server.client.send(
          new ListObjectsV2Command({ Bucket: server.bucket, Prefix: `${prefix}/${under}`, ContinuationToken }),
        );
        found.push(...(page.Contents ?? []).map((object) => object.Key!.slice(prefix.length + 1 + under.length)));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return found.sort();
    };
    return {
      kind: 's3',
      files,
      uploads,
      env,
      fileKeys: async (area) => (await list(`files/${area}/`)).map((n) => `${area}/${n}`),
      uploadNames: (area) => list(`uploads/${area}/`),
      cleanup: async () => {},
    };
  }

  return { create: (kind: StoreKind) => (kind === 'folder' ? folder() : bucket()) };
}
