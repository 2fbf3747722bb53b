import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** Starts `npm start`'s entry on a fresh DATA_DIR and resolves once /readyz answers. */
export async function startServer(port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-bench-'));
  const server = await launchServer(port, { DATA_DIR: dataDir, DATABASE_URL: '' });
  return {
    url: server.url,
    readyMs: server.readyMs,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `npm start`'s entry (scripts/start.mjs) with these environment variables on a port and
 * resolves once /readyz answers 200; readyMs is the time from spawn to then. `serverOnly` runs
 * the compiled server alone (no web build check: benchmarks of the API alone), and `checkout`
 * another checkout's server (to measure main, say; one from before the compiled server runs its
 * sources through tsx).
 */
export async function launchServer(port, env, { serverOnly = false, checkout = root } = {}) {
  const args = serverOnly ? await serverOnlyArgs(checkout) : [path.join(checkout, 'scripts/start.mjs')];
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('server exited during start');
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url,
    child,
    readyMs: performance.now() - startedAt,
    /** Resolves to { code, signal } once the process has ended, however it ended. */
    exited,
    /** Graceful stop (SIGTERM); resolves to the exit code. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return (await exited).code;
    },
    /** kill -9. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function serverOnlyArgs(checkout) {
  const buildScript = path.join(checkout, 'scripts/server-build.mjs');
  if (!fs.existsSync(buildScript)) return ['--import', 'tsx', path.join(checkout, 'apps/server/src/main.ts')];
  const { ensureServerBuild } = await import(buildScript);
  return [await ensureServerBuild()];
}
