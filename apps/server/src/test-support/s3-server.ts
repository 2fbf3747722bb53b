import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '../lib/config';

/** s3rver's one account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  /** The server's own client (path-style, s3rver's account), to look behind the app's back. */
  client: S3Client;
  /** A new, empty bucket with a unique name (buckets are made only by tests, never by the app). */
  createBucket(): Promise<string>;
  /** The configuration S3_BUCKET and friends would give for that bucket. */
  config(bucket: string, prefix?: string): ObjectStorageConfig;
  /** The object's bytes, or undefined when there is none. */
  object(bucket: string, key: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, storing under a temporary folder. */
export async function startS3Server(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'doppel-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    endpoint,
    client,
    async createBucket() {
      // 3–63 characters, lower case.
      const bucket = `doppel-${randomUUID().slice(0, 8)}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    config: (bucket, prefix = '') => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      ...CREDENTIALS,
      forcePathStyle: true,
      prefix,
    }),
    async object(bucket, key) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await found.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
