import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config';
import { FileMissingError, type FileStore } from '../../lib/file-store';
import { startS3Server, type TestS3 } from '../../test-support/s3-server';
import { testConfig } from '../../test-support/test-app';
import { createFileStore, createLocalFileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';

let s3: TestS3;
let root: string;

beforeAll(async () => {
  s3 = await startS3Server();
  root = await mkdtemp(path.join(os.tmpdir(), 'doppel-files-'));
});
afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

const stores: Array<[string, () => Promise<FileStore>]> = [
  ['local disk', async () => createLocalFileStore(path.join(root, crypto.randomUUID()))],
  ['S3-compatible bucket', async () => createS3FileStore(s3.config(await s3.createBucket()))],
];

describe.each(stores)('the file store contract: %s', (_name, makeStore) => {
  it('reads back exactly the bytes written, and the latest write of a key', async () => {
    const store = await makeStore();
    const bytes = Buffer.from([0, 1, 2, 250, 255, 0x25, 0x50, 0x44, 0x46]);
    await store.write('user-1/doc-1', bytes);
    expect(await store.read('user-1/doc-1')).toEqual(bytes);
    await store.write('user-1/doc-1', Buffer.from('replaced'));
    expect((await store.read('user-1/doc-1')).toString()).toBe('replaced');
    // An empty file is a file.
    await store.write('user-1/empty', Buffer.alloc(0));
    expect((await store.read('user-1/empty')).length).toBe(0);
  });

  it('answers a missing key with FileMissingError naming only the key', async () => {
    const store = await makeStore();
    const missing = await store.read('user-2/never-written').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(FileMissingError);
    expect((missing as FileMissingError).key).toBe('user-2/never-written');
    expect((missing as Error).message).toBe('No stored file under the key user-2/never-written');
    expect((missing as Error).message).not.toContain(root);
    expect((missing as Error).message).not.toContain(s3.endpoint);
  });

  it('removes a file, and removing a missing one is not an error', async () => {
    const store = await makeStore();
    await store.write('user-3/doc', Buffer.from('to be removed'));
    await store.remove('user-3/doc');
    await expect(store.read('user-3/doc')).rejects.toBeInstanceOf(FileMissingError);
    await expect(store.remove('user-3/doc')).resolves.toBeUndefined();
    await expect(store.remove('user-3/never-written')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave its folder or prefix', async () => {
    const store = await makeStore();
    for (const key of ['../escape', '/absolute', 'a/../../b', 'a//b', '']) {
      await expect(store.write(key, Buffer.from('x')), key).rejects.toThrow(/Unsafe file key/);
      await expect(store.read(key), key).rejects.toThrow(/Unsafe file key/);
    }
  });
});

describe('the S3-compatible store', () => {
  it('names objects S3_PREFIX + our key, so two prefixes in one bucket stay apart', async () => {
    const bucket = await s3.createBucket();
    const first = createS3FileStore(s3.config(bucket, 'doppel/'));
    const second = createS3FileStore(s3.config(bucket, 'staging/'));
    await first.write('user/doc', Buffer.from('first'));
    expect((await s3.object(bucket, 'doppel/user/doc'))?.toString()).toBe('first');
    await expect(second.read('user/doc')).rejects.toBeInstanceOf(FileMissingError);
  });

  it('passes the start-up check on a reachable bucket', async () => {
    const store = createS3FileStore(s3.config(await s3.createBucket()));
    await expect(store.checkBucket()).resolves.toBeUndefined();
  });

  it('refuses to start on a bucket that does not exist, and does not create it', async () => {
    const config = testConfig({ objectStorage: s3.config('doppel-no-such-bucket') });
    const failure = await createFileStore(config).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toBe(
      `Object storage: the bucket "doppel-no-such-bucket" at ${s3.endpoint} does not exist ` +
        '(Doppel does not create buckets: create it first).',
    );
    // Still not there.
    await expect(createFileStore(config)).rejects.toThrow(/does not exist/);
  });

  it('refuses to start when the storage server cannot be reached', async () => {
    const closed = await startS3Server();
    const config = closed.config('doppel-anything');
    await closed.close();
    const failure = await createFileStore(testConfig({ objectStorage: config })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toMatch(
      new RegExp(
        `^Object storage: the bucket "doppel-anything" at ${config.endpoint} could not be reached \\(ECONNREFUSED\\): check S3_ENDPOINT\\.$`,
      ),
    );
  });

  it('is the store the configuration names; local disk without S3_BUCKET', async () => {
    const bucket = await s3.createBucket();
    const shared = await createFileStore(testConfig({ objectStorage: s3.config(bucket) }));
    await shared.write('user/doc', Buffer.from('in the bucket'));
    expect((await s3.object(bucket, 'user/doc'))?.toString()).toBe('in the bucket');

    const dataDir = path.join(root, 'data');
    const local = await createFileStore(testConfig({ dataDir, objectStorage: null }));
    await local.write('user/doc', Buffer.from('on disk'));
    const onDisk = createLocalFileStore(path.join(dataDir, 'files'));
    expect((await onDisk.read('user/doc')).toString()).toBe('on disk');
  });
});
