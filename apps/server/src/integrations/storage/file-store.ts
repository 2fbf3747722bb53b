import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '../../lib/file-store';

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
