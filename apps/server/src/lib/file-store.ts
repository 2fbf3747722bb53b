/**
 * Where uploaded originals are kept (local disk under DATA_DIR/files; an
 * S3-compatible store can implement the same interface). Keys are relative paths we make
 * ourselves (`<userId>/<documentId>`), never a name a user typed.
 */
export interface FileStore {
  write(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** Removing a file that is not there is not an error. */
  remove(key: string): Promise<void>;
}
