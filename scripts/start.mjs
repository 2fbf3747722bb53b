// `npm start`: builds the web app and the server when their sources changed, then runs the
// server's compiled JavaScript (scripts/server-build.mjs) in this process, so signals reach the
// server's graceful shutdown directly. `npm run start:worker` (`--worker`): a worker process
// (ROLE=worker), which serves no web app and so builds none.
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, serverDistDir } from './server-build.mjs';
import { buildWeb, webBuildIsStale } from './web-build.mjs';

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
