// A build is stale when any of its sources (files or folders, walked) changed after its stamp
// file was written: the web build and the server build both decide this way.
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** `sources` are paths relative to `root`. */
export function isStale(stampPath, root, sources) {
  if (!fs.existsSync(stampPath)) return true;
  const builtAt = fs.statSync(stampPath).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}
