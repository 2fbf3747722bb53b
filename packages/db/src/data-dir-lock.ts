import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Doppel process (pid ${holderPid}). ` +
        'The embedded database allows one process at a time: stop the other process, ' +
        'point DATA_DIR at another folder, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still a live holder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on a data directory by creating a pid file with O_EXCL.
 * PGlite has no multi-process safety of its own: two writers corrupt the database, so a second
 * process must fail loudly instead. A lock left by a crashed process (dead pid) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'doppel.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holderPid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(holderPid) && holderPid > 0 && isAlive(holderPid)) {
        throw new DataDirLockedError(dataDir, holderPid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
