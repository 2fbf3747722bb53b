// `npm start`: builds the web app and the server when their sources changed, then runs the
// server's compiled JavaScript (scripts/server-build.mjs) in this process, so signals reach the
// server's graceful shutdown directly. `npm run start:worker` (`--worker`): a worker process
// (ROLE=worker), which serves no web app and so builds none.
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * V8 settings for the server, set deliberately for one user's server (docs/decisions/054):
 * - --liftoff-only: PGlite's WebAssembly build of PostgreSQL runs on V8's baseline compiler
 *   alone. The optimizing compiler would recompile its hottest functions a few seconds after
 *   start: over 500 MB of memory and 5 CPU seconds for the SQL parser alone, which a
 *   single-user server never earns back. Only the embedded database runs WebAssembly.
 * - --max-semi-space-size: the young generation, where a request's short-lived objects live,
 *   at 8 MB a half instead of 16 MB: about 30 MB less resident for a few more, shorter,
 *   minor collections.
 * V8 reads these from the command line only, so the process replaces itself with one that has
 * them: same pid, same signals, about 40 ms. Without process.execve (Node before 22.15) it
 * runs on with V8's defaults.
 */
const V8_FLAGS = ['--max-semi-space-size=8', ...(process.env.DATABASE_URL ? [] : ['--liftoff-only'])];
if (typeof process.execve === 'function' && !V8_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...V8_FLAGS, ...process.argv.slice(1)],
    process.env,
  );
}

// Imported here, not above: the replaced process would have loaded them for nothing.
const { ensureServerBuild, serverDistDir } = await import('./server-build.mjs');
const { buildWeb, webBuildIsStale } = await import('./web-build.mjs');

if (process.argv.includes('--worker')) process.env.ROLE = 'worker';
if (process.env.ROLE !== 'worker' && webBuildIsStale()) {
  process.stdout.write('Building the web app (first start or changed sources)…\n');
  buildWeb();
}
const entry = await ensureServerBuild();
// V8 keeps the code it compiled for the server's modules on disk, so a restart (after a crash,
// say) skips compiling them again: about 0.3 s of a 2 s start. Stale entries are told apart by
// their content's hash. Where the folder cannot be written, Node goes on without it.
// NODE_COMPILE_CACHE, when set, names another folder.
module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE || path.join(serverDistDir, '.compile-cache'));
await import(pathToFileURL(entry).href);
