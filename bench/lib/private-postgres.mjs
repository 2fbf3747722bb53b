// A PostgreSQL cluster of the benchmark's own, in a temporary folder on a free port, that it may
// stop and restart at will — never the machine's shared server. initdb refuses to run as root,
// so as root the cluster runs as the `postgres` OS user (runuser).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The newest PostgreSQL's bin folder: pg_config's, else Debian's /usr/lib/postgresql/<n>/bin. */
function binDir() {
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const newest = fs
      .readdirSync(debian)
      .filter((name) => fs.existsSync(path.join(debian, name, 'bin/initdb')))
      .sort((a, b) => Number(b) - Number(a))[0];
    if (newest) return path.join(debian, newest, 'bin');
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'No PostgreSQL binaries found (initdb, pg_ctl): install PostgreSQL to run this benchmark.',
    );
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres() {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-pg-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'postgres.log');
  if (asRoot) execFileSync('chown', ['postgres:postgres', folder]);
  const run = (tool, args) => {
    const [command, commandArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c max_connections=100`;
  const pgCtl = (...args) => run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', ...args]);
  pgCtl('start');
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile,
    /** Restarts the server; `immediate` stops it as a crash would (recovery from WAL at start). */
    restart(mode = 'immediate') {
      pgCtl('restart', '-m', mode);
    },
    stop() {
      try {
        pgCtl('stop', '-m', 'fast');
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
