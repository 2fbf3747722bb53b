import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../lib/config';
import { assertSafeKey, FileMissingError, type FileStore } from '../../lib/file-store';

/**
 * The store the configuration names: the S3-compatible bucket when S3_BUCKET is set (checked
 * now, so a process that cannot reach it refuses to start), else DATA_DIR/files.
 */
export async function createFileStore(config: Config): Promise<FileStore> {
  if (!config.objectStorage) return createLocalFileStore(path.join(config.dataDir, 'files'));
  // Loaded only when used: the AWS SDK adds over half a second to every start-up.
  const { createS3FileStore } = await import('./s3-file-store');
  const store = createS3FileStore(config.objectStorage);
  await store.checkBucket();
  return store;
}

export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => path.join(root, assertSafeKey(key));
  return {
    async write(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Never read half-written: the job that reads it is committed only after this resolves.
      await writeFile(file, data, { mode: 0o600 });
    },
    async read(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') throw new FileMissingError(key, { cause: error });
        throw error;
      }
    },
    remove: (key) => rm(resolve(key), { force: true }),
  };
}
