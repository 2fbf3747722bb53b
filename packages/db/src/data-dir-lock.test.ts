import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');
const children: ChildProcess[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function tempDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-lock-'));
  folders.push(folder);
  return folder;
}

/** Another process that takes the lock the way the server does and keeps running. */
async function otherProcessHolding(dataDir: string, procDir?: string): Promise<ChildProcess> {
  const script =
    `const { lockDataDir } = await import(${JSON.stringify(lockModule)});` +
    `lockDataDir(${JSON.stringify(dataDir)}, ${JSON.stringify(procDir ? { procDir } : {})});` +
    `process.stdout.write('locked\\n'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
  });
  return child;
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const lockFile = (dataDir: string) => path.join(dataDir, 'doppel.lock');

describe('the data directory lock', () => {
  it('refuses while another live process holds it, with the message that names it', async () => {
    const dataDir = tempDataDir();
    const holder = await otherProcessHolding(dataDir);
    let refusal: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toBe(
      `DATA_DIR ${dataDir} is in use by another Doppel process (pid ${holder.pid}). ` +
        'The embedded database allows one process at a time: stop the other process, ' +
        'point DATA_DIR at another folder, or set DATABASE_URL to use PostgreSQL.',
    );
  });

  it('takes over the lock of a process killed with SIGKILL', async () => {
    const dataDir = tempDataDir();
    await killed(await otherProcessHolding(dataDir));
    expect(fs.existsSync(lockFile(dataDir))).toBe(true);
    const release = lockDataDir(dataDir);
    expect(JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  });

  it('takes over a lock that names its own pid: a container restarted in a fresh pid namespace', async () => {
    const dataDir = tempDataDir();
    // What the previous process of the container left: the same pid, its own start time and token.
    fs.writeFileSync(
      lockFile(dataDir),
      JSON.stringify({ pid: process.pid, startTime: '1', bootId: 'earlier', token: 'theirs' }),
    );
    const release = lockDataDir(dataDir);
    release();
    // Lock files of older versions hold the bare pid.
    fs.writeFileSync(lockFile(dataDir), String(process.pid));
    lockDataDir(dataDir)();
  });

  it('takes over when the pid now belongs to a different process (it started later)', async () => {
    const dataDir = tempDataDir();
    const stranger = await otherProcessHolding(tempDataDir());
    fs.writeFileSync(lockFile(dataDir), JSON.stringify({ pid: stranger.pid, startTime: '1', token: 'old' }));
    lockDataDir(dataDir)();
  });

  it('refuses a second lock of the same folder in the same process', () => {
    const dataDir = tempDataDir();
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dataDir)();
  });

  it('falls back to the pid alone where there is no /proc', async () => {
    const noProc = path.join(tempDataDir(), 'no-proc');
    const dataDir = tempDataDir();
    const holder = await otherProcessHolding(dataDir, noProc);
    expect(JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8'))).toEqual({
      pid: holder.pid,
      token: expect.any(String),
    });
    expect(() => lockDataDir(dataDir, { procDir: noProc })).toThrow(`(pid ${holder.pid})`);
    await killed(holder);
    lockDataDir(dataDir, { procDir: noProc })();
  });

  it('leaves a lock alone that another process took meanwhile', () => {
    const dataDir = tempDataDir();
    const release = lockDataDir(dataDir);
    const theirs = JSON.stringify({ pid: 1, token: 'someone else' });
    fs.writeFileSync(lockFile(dataDir), theirs);
    release();
    expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(theirs);
  });
});
