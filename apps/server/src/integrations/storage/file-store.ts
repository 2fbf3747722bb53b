import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded originals are kept (ARCHITECTURE §1: local disk under DATA_DIR/files; an
 * S3-compatible store can implement the same interface). Keys are relative paths we make
 * ourselves (`<userId>/<documentId>`), never a name a user typed.
 */
export interface FileStore {
  write(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** Removing a file that is not there is not an error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[\w-]+(\/[\w-]+)*$/;

export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe file key: ${key}`);
    return path.join(root, key);
  };
  return {
    async write(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Never read half-written: the job that reads it is committed only after this resolves.
      await writeFile(file, data, { mode: 0o600 });
    },
    read: (key) => readFile(resolve(key)),
    remove: (key) => rm(resolve(key), { force: true }),
  };
}
