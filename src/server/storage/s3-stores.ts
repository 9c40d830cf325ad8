import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '~/server/config';
import { checkedFileKey, FileNotFoundError, newFileKey, type FileStore } from './file-store';
import { checkedUploadPath, uploadContentType, type FetchUpload, type PublicUploads } from './public-uploads';

/**
 * The FileStore and PublicUploads on S3-compatible object storage (STORAGE=s3): the same keys and
 * names as the folders, under `prefix` in `bucket`. Objects are written without an ACL, so they are
 * as private as the bucket; public uploads reach browsers only through the app's /uploads/ route,
 * and private files only through the app's own authorised routes.
 */
export type S3Location = { client: S3Client; bucket: string; prefix: string };

/** The one client the server uses for both stores (and the start-up check). */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Absent keys leave the SDK's own chain (environment, profile, instance or task role).
    credentials: config.credentials,
  });
}

/** S3 answers a missing key with NoSuchKey (GET) or a bodiless 404 the SDK names NotFound (HEAD). */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export function createS3FileStore({ client, bucket, prefix }: S3Location): FileStore {
  const objectKey = (key: string) => prefix + checkedFileKey(key);
  return {
    async save(bytes, { area, extension }) {
      const key = newFileKey(area, extension);
      // One PUT is atomic: a reader never sees half an object.
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes }));
      return key;
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(key);
        throw error;
      }
    },
    async remove(key) {
      // Deleting a missing key succeeds in S3, as the folder store's rm({ force }) does.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}

/**
 * A byte range S3 cannot satisfy (it starts at or past the end of the file). The S3 store's fetch
 * throws it and the /uploads/ route lets it reach the app's error handler, just as the folder's
 * @fastify/send hands on its own 416 (an http-errors error with this name, status and headers,
 * Content-Range giving the size): so both stores answer 416 Range Not Satisfiable, never the whole file.
 */
export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  readonly status = 416;
  readonly statusCode = 416;
  readonly expose = true;
  readonly headers: Record<string, string>;
  constructor(size: number) {
    super('Range Not Satisfiable');
    this.headers = { 'Content-Range': `bytes */${size}` };
  }
}

export function createS3PublicUploads({ client, bucket, prefix }: S3Location): PublicUploads {
  const objectKey = (area: string, name: string) => prefix + checkedUploadPath(area, name);
  const fetch: FetchUpload = async (area, name, { body, range }) => {
    const input = { Bucket: bucket, Key: objectKey(area, name) };
    try {
      const object = await client.send(
        body ? new GetObjectCommand({ ...input, Range: range }) : new HeadObjectCommand(input),
      );
      return {
        etag: object.ETag,
        lastModified: object.LastModified,
        contentLength: object.ContentLength,
        contentRange: 'ContentRange' in object ? object.ContentRange : undefined,
        body: 'Body' in object ? (object.Body as Readable) : undefined,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      // A range past the end: 416, as the folder's route (@fastify/send) answers, not the whole file.
      if (range && (error as Error).name === 'InvalidRange') {
        const size = await objectSize(error, area, name);
        if (size === undefined) return undefined;
        throw new RangeNotSatisfiableError(size);
      }
      throw error;
    }
  };
  /**
   * The object's size, undefined when it is gone: S3 gives the size in its InvalidRange error
   * (ActualObjectSize), and a HEAD tells it for a store that does not.
   */
  const objectSize = async (error: unknown, area: string, name: string): Promise<number | undefined> => {
    const named = (error as { ActualObjectSize?: unknown }).ActualObjectSize;
    if (typeof named === 'string' && /^\d+$/.test(named)) return Number(named);
    const found = await fetch(area, name, { body: false });
    return found && (found.contentLength ?? 0);
  };
  return {
    served: { fetch },
    async write(area, name, bytes) {
      const Key = objectKey(area, name);
      // The type is stored too, so the object is right even when fetched from the bucket directly.
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentType: uploadContentType(name) }),
      );
    },
    async remove(area, name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(area, name) }));
    },
    async exists(area, name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(area, name) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

/**
 * Why the bucket cannot be used (missing, denied, unreachable), or undefined when it can: the
 * server's start-up check, so a wrong setting stops it at once rather than failing the first upload.
 * The words name the bucket, never a key.
 */
export async function bucketProblem({ client, bucket }: Pick<S3Location, 'client' | 'bucket'>) {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return undefined;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const why =
      status === 404
        ? 'it does not exist'
        : status === 403 || status === 401
          ? 'access is denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY or the role, and the bucket policy)'
          : `it cannot be reached (${(error as Error).name}: ${(error as Error).message})`;
    return `STORAGE=s3: cannot use the bucket "${bucket}": ${why}`;
  }
}
