import { randomBytes } from 'node:crypto';
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

/** What the lock file says about its holder. Files of older versions hold the bare pid. */
interface Holder {
  pid: number;
  /** /proc/<pid>/stat field 22: when the process started, in clock ticks since boot. */
  startTime?: string;
  /** /proc/sys/kernel/random/boot_id: which boot of the machine the pid belongs to. */
  bootId?: string;
  /** Ours alone: release removes the file only while it still carries it. */
  token?: string;
}

export interface LockOptions {
  /** Where /proc is; tests point it elsewhere to check the fallback for systems without one. */
  procDir?: string;
}

/** Lock files this process holds, by path: a second open of the same folder is refused too. */
const heldHere = new Map<string, string>();

/**
 * Takes an exclusive lock on a data directory by creating a lock file with O_EXCL.
 * PGlite has no multi-process safety of its own: two writers corrupt the database, so a second
 * process must fail loudly instead. A lock left by a process that died is taken over. A pid
 * alone cannot tell: in a container restarted after kill -9 the new process gets the old one's
 * pid, so the file also records the holder's start time and the machine's boot id, and a pid
 * that now belongs to another process — or to this one — is not the holder (ADR 025). Where
 * /proc is missing, a live pid is trusted as before.
 */
export function lockDataDir(dataDir: string, options: LockOptions = {}): () => void {
  const procDir = options.procDir ?? '/proc';
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.resolve(dataDir, 'doppel.lock');
  if (heldHere.has(lockPath)) throw new DataDirLockedError(dataDir, process.pid);
  const token = randomBytes(16).toString('hex');
  const me: Holder = {
    pid: process.pid,
    startTime: startTimeOf(procDir, process.pid),
    bootId: bootIdOf(procDir),
    token,
  };
  // Written whole beside the lock, then linked into place (link fails if the lock exists), so
  // no process ever reads a half-written lock file and mistakes it for a stale one.
  const draftPath = `${lockPath}.${token}`;
  fs.writeFileSync(draftPath, JSON.stringify(me), { mode: 0o600 });
  try {
    return takeLock(dataDir, lockPath, draftPath, token, procDir);
  } finally {
    fs.rmSync(draftPath, { force: true });
  }
}

function takeLock(dataDir: string, lockPath: string, draftPath: string, token: string, procDir: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      placeLockFile(draftPath, lockPath);
      heldHere.set(lockPath, token);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        try {
          if (readHolder(lockPath)?.token === token) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const content = readContent(lockPath);
      if (content === undefined) continue; // Removed meanwhile: try again.
      const holder = parseHolder(content);
      if (holder && holdsIt(holder, procDir)) throw new DataDirLockedError(dataDir, holder.pid);
      // Only the stale file we judged: another process may just have taken it over.
      if (readContent(lockPath) === content) fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

/** Creates the lock file from the draft; throws EEXIST when there already is one. */
function placeLockFile(draftPath: string, lockPath: string): void {
  try {
    fs.linkSync(draftPath, lockPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links: create it exclusively and write it at once instead.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    const fd = fs.openSync(lockPath, 'wx', 0o600);
    try {
      fs.writeSync(fd, fs.readFileSync(draftPath));
    } finally {
      fs.closeSync(fd);
    }
  }
}

/** Whether the process the lock file names is still alive and is the one that wrote it. */
function holdsIt(holder: Holder, procDir: string): boolean {
  // This process did not take the lock (heldHere), so a file naming our pid is a previous
  // process's that had the same pid: a container restarted in a fresh pid namespace.
  if (holder.pid === process.pid) return false;
  if (!isAlive(holder.pid)) return false;
  const bootId = bootIdOf(procDir);
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  const startTime = startTimeOf(procDir, holder.pid);
  if (holder.startTime && startTime && holder.startTime !== startTime) return false;
  return true;
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

function readContent(lockPath: string): string | undefined {
  try {
    return fs.readFileSync(lockPath, 'utf8');
  } catch {
    return undefined;
  }
}

function readHolder(lockPath: string): Holder | null {
  const content = readContent(lockPath);
  return content === undefined ? null : parseHolder(content);
}

/** The holder a lock file names, or null for a file nobody could have written whole (stale). */
function parseHolder(content: string): Holder | null {
  const text = content.trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const parsed = JSON.parse(text) as Partial<Record<keyof Holder, unknown>>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return {
      pid: parsed.pid,
      startTime: typeof parsed.startTime === 'string' ? parsed.startTime : undefined,
      bootId: typeof parsed.bootId === 'string' ? parsed.bootId : undefined,
      token: typeof parsed.token === 'string' ? parsed.token : undefined,
    };
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat, or undefined where there is no /proc (macOS) or no such process. */
function startTimeOf(procDir: string, pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(path.join(procDir, String(pid), 'stat'), 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[22 - 3];
  } catch {
    return undefined;
  }
}

function bootIdOf(procDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(procDir, 'sys/kernel/random/boot_id'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
