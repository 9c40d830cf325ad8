import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/app';
import { startTestS3, type TestS3 } from '../../../test/helpers/s3';
import { copyFolderStoreToS3 } from './copy-to-s3';
import { createDiskFileStore } from './file-store';
import { createPublicUploads } from './public-uploads';
import { createS3Client } from './s3-stores';
import { storesFor } from './stores';

/** `npm run storage:copy`: a folder store, copied into s3rver, is what the S3 stores then read. */
describe('copying the folder store into a bucket', () => {
  let s3: TestS3;
  let dataDir: string;
  const NAME = `${'ef'.repeat(16)}-400.jpg`;
  let keys: string[];

  beforeAll(async () => {
    s3 = await startTestS3();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'carbuy-copy-'));
    const files = createDiskFileStore(path.join(dataDir, 'files'));
    keys = [
      await files.save(Buffer.from('a photo'), { area: 'valuation-photos', extension: 'webp' }),
      await files.save(Buffer.from('a logbook'), { area: 'valuation-documents', extension: 'pdf' }),
    ];
    await createPublicUploads(path.join(dataDir, 'uploads')).write('purchased-vehicles', NAME, Buffer.from('jpeg'));
    // Left out: a crash's half-written file and something put there by hand.
    await fs.writeFile(path.join(dataDir, 'files', `${keys[0]}.partial`), 'half');
    await fs.writeFile(path.join(dataDir, 'uploads', 'purchased-vehicles', 'notes.txt'), 'by hand');
  });
  afterAll(async () => {
    await s3.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const run = async (env: Record<string, string>, dryRun = false) => {
    const config = testConfig({ ...s3.env, ...env });
    if (config.storage.kind !== 's3') throw new Error('not s3');
    const lines: string[] = [];
    const target = {
      client: createS3Client(config.storage),
      bucket: config.storage.bucket,
      prefix: config.storage.prefix,
    };
    const counts = await copyFolderStoreToS3({ dataDir, target, dryRun, log: (line) => lines.push(line) });
    return { counts, lines };
  };

  it('copies each file once to the key the S3 stores read, and skips it when run again', async () => {
    const env = { S3_PREFIX: 'live' };
    expect((await run(env, true)).counts).toEqual({ copied: 3, skipped: 0, failed: 0 });
    const stores = await storesFor(testConfig({ ...s3.env, ...env }));
    expect(await stores.uploads.exists('purchased-vehicles', NAME)).toBe(false); // a dry run writes nothing

    expect((await run(env)).counts).toEqual({ copied: 3, skipped: 0, failed: 0 });
    expect((await stores.files.read(keys[0]!)).toString()).toBe('a photo');
    expect((await stores.files.read(keys[1]!)).toString()).toBe('a logbook');
    expect(await stores.uploads.exists('purchased-vehicles', NAME)).toBe(true);

    expect((await run(env)).counts).toEqual({ copied: 0, skipped: 3, failed: 0 });
    // An object of another size (a copy cut short) is copied again.
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `live/files/${keys[1]}`, Body: 'cut' }));
    expect((await run(env)).counts).toEqual({ copied: 1, skipped: 2, failed: 0 });
    expect((await stores.files.read(keys[1]!)).toString()).toBe('a logbook');
  });

  it('counts failures and says which file, carrying on with the rest', async () => {
    const { counts, lines } = await run({ S3_BUCKET: 'no-such-bucket' });
    expect(counts).toEqual({ copied: 0, skipped: 0, failed: 3 });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^failed: files\/valuation-documents\/[0-9a-f]{32}\.pdf: /);
  });
});
