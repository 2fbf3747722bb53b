import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../../../scripts/server-build.mjs';

const TEST_BUILDS_DIR = path.resolve(import.meta.dirname, '../../.test-builds');

let built: Promise<string> | undefined;

/**
 * The server compiled as `npm start` runs it (scripts/server-build.mjs), built once per test
 * process into a folder of its own under apps/server, where the compiled code finds its package
 * as it does in apps/server/dist. Resolves to the entry module to run with `node`.
 */
export function compiledServerEntry(): Promise<string> {
  built ??= (async () => {
    removeBuildsOfEndedProcesses();
    const outdir = path.join(TEST_BUILDS_DIR, String(process.pid));
    await buildServer(outdir);
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    return path.join(outdir, 'main.js');
  })();
  return built;
}

/** A test process killed before its exit handler ran leaves its build behind; the next one clears it. */
function removeBuildsOfEndedProcesses() {
  if (!fs.existsSync(TEST_BUILDS_DIR)) return;
  for (const name of fs.readdirSync(TEST_BUILDS_DIR)) {
    const pid = Number(/^\d+/.exec(name)?.[0]);
    if (pid && !processIsAlive(pid))
      fs.rmSync(path.join(TEST_BUILDS_DIR, name), { recursive: true, force: true });
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
