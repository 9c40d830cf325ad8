import fs from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { checkedFileKey } from './file-store';
import { isPublicUploadPath, uploadContentType } from './public-uploads';
import type { S3Location } from './s3-stores';

export type CopyCounts = { copied: number; skipped: number; failed: number };

/**
 * `npm run storage:copy`: the folder store's files (DATA_DIR/files and DATA_DIR/uploads) to the
 * keys the S3 stores read them at (`<prefix>files/...`, `<prefix>uploads/...`). An object already
 * there with the same size is skipped (names are random and files never change, so the same size
 * is the same file): after a failure the copy is run again and does only what is left. Files not
 * in the stores' shapes (a `.partial` left by a crash, anything put there by hand) are left out.
 * With `dryRun` nothing is written; `copied` then counts what would be.
 */
export async function copyFolderStoreToS3(options: {
  dataDir: string;
  target: S3Location;
  dryRun: boolean;
  log: (line: string) => void;
}): Promise<CopyCounts> {
  const { dataDir, target, dryRun, log } = options;
  const counts: CopyCounts = { copied: 0, skipped: 0, failed: 0 };
  const files = [
    ...(await filesUnder(dataDir, 'files')).filter((rel) => isKey(rel.slice('files/'.length))),
    ...(await filesUnder(dataDir, 'uploads')).filter((rel) => isPublicUploadPath(rel.slice('uploads'.length))),
  ];
  const copyOne = async (rel: string) => {
    const Key = target.prefix + rel;
    try {
      const { size } = await fs.stat(path.join(dataDir, rel));
      if ((await sizeInBucket(target, Key)) === size) return void counts.skipped++;
      if (!dryRun) {
        const Body = await fs.readFile(path.join(dataDir, rel));
        const ContentType = rel.startsWith('uploads/') ? uploadContentType(rel) : undefined;
        await target.client.send(new PutObjectCommand({ Bucket: target.bucket, Key, Body, ContentType }));
      }
      counts.copied++;
    } catch (error) {
      counts.failed++;
      log(`failed: ${rel}: ${(error as Error).name}: ${(error as Error).message}`);
    }
  };
  // A few at a time: each is a round trip to the bucket.
  for (let i = 0; i < files.length; i += 8) await Promise.all(files.slice(i, i + 8).map(copyOne));
  return counts;
}

const isKey = (key: string) => {
  try {
    return checkedFileKey(key) === key;
  } catch {
    return false;
  }
};

/** Every file below `dataDir/top`, as `top/...` paths with forward slashes; none when it is absent. */
async function filesUnder(dataDir: string, top: string): Promise<string[]> {
  const entries = await fs.readdir(path.join(dataDir, top), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function sizeInBucket({ client, bucket }: S3Location, Key: string): Promise<number | undefined> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key }))).ContentLength;
  } catch (error) {
    if ((error as Error).name === 'NotFound') return undefined;
    throw error;
  }
}
