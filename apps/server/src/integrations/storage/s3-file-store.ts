import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ConfigError, type ObjectStorageConfig } from '../../lib/config';
import { assertSafeKey, FileMissingError, type FileStore } from '../../lib/file-store';

export interface S3FileStore extends FileStore {
  /** Throws ConfigError saying what is wrong when the bucket cannot be used. */
  checkBucket(): Promise<void>;
}

/** The HTTP status of an S3 error, when the server answered at all. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || statusOf(error) === 404)
  );
}

/** Why HeadBucket failed, in words an operator can act on. */
function bucketProblem(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return 'does not exist (Doppel does not create buckets: create it first)';
  if (status === 401 || status === 403) {
    return 'refused access: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key’s rights on the bucket';
  }
  if (status === 301 || status === 400)
    return `answered HTTP ${status}: check S3_REGION and S3_FORCE_PATH_STYLE`;
  if (status !== undefined) return `answered HTTP ${status}`;
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code ?? (error instanceof Error ? error.message : String(error));
  return `could not be reached (${reason}): check S3_ENDPOINT`;
}

/**
 * Originals in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2), so every process
 * reads what any process wrote. Objects are named `S3_PREFIX` + our own key.
 */
export function createS3FileStore(options: ObjectStorageConfig): S3FileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // A store that stops answering fails the upload or the job (which retries), never hangs it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => `${options.prefix}${assertSafeKey(key)}`;
  return {
    async write(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data }));
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) throw new FileMissingError(key);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) throw new FileMissingError(key, { cause: error });
        throw error;
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        // S3 answers 204 for a missing object; some compatible servers answer 404.
        if (!isMissing(error)) throw error;
      }
    },
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const where = options.endpoint ?? `AWS S3 (${options.region})`;
        throw new ConfigError(`Object storage: the bucket "${Bucket}" at ${where} ${bucketProblem(error)}.`, {
          cause: error,
        });
      }
    },
  };
}
