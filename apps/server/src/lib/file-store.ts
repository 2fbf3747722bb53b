/**
 * Where uploaded originals are kept: local disk under DATA_DIR/files (one process, the
 * embedded default) or an S3-compatible bucket shared by every process (S3_BUCKET); both in
 * integrations/storage. Keys are relative paths we make ourselves (`<userId>/<documentId>`),
 * never a name a user typed.
 */
export interface FileStore {
  write(key: string, data: Buffer): Promise<void>;
  /** Throws FileMissingError when nothing is stored under the key. */
  read(key: string): Promise<Buffer>;
  /** Removing a file that is not there is not an error. */
  remove(key: string): Promise<void>;
}

/**
 * Nothing is stored under the key (removed, or written by a process whose disk this one cannot
 * see). Carries only our own key: the store's own error (an absolute path, a bucket address)
 * stays in `cause`, for the log, and never reaches a user.
 */
export class FileMissingError extends Error {
  override name = 'FileMissingError';
  constructor(
    readonly key: string,
    options?: { cause?: unknown },
  ) {
    super(`No stored file under the key ${key}`, options);
  }
}

const SAFE_KEY = /^[\w-]+(\/[\w-]+)*$/;

/** Keys are ours, but a store refuses anything that could leave its folder or prefix anyway. */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe file key: ${key}`);
  return key;
}
