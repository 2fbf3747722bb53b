import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@doppel/db';
import { freePort } from './test-support/free-port';

const serverDir = path.resolve(import.meta.dirname, '..');

// Node with tsx's loader, as `npm start` runs it: the tsx CLI would sit between the signal and
// the server and SIGKILL it (exit 143) when a busy event loop takes over 30 ms to acknowledge.
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('main process', () => {
  it('refuses to open a DATA_DIR another process holds, with a clear message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-lock-'));
    const holder = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const second = runServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `DATA_DIR ${dataDir} is in use by another Doppel process (pid ${process.pid})`,
      );
    } finally {
      await holder.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('starts on its embedded database, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-main-'));
    const port = await freePort();
    const server = runServer({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      let ready = false;
      // A fresh embedded database can take over 20 s to create on a busy 2-core machine.
      for (let attempt = 0; attempt < 300 && !ready; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
      }
      expect(ready).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'doppel.lock'))).toBe(true);
      expect((fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toString(8)).toBe('600');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
      // The lock is released, so the next start can take the directory.
      expect(fs.existsSync(path.join(dataDir, 'doppel.lock'))).toBe(false);
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
