import fs from 'node:fs';
import path from 'node:path';

/**
 * apps/server: the nearest folder above this module that holds a package.json. The module runs
 * from apps/server/src/lib (sources, tests) or compiled into apps/server/dist (`npm start`,
 * scripts/server-build.mjs), so paths are found from the package, not from this file.
 */
function findServerPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const serverPackageDir = findServerPackageDir(import.meta.dirname);

/** The server package's version, as MCP clients see it. */
export const serverVersion = (
  JSON.parse(fs.readFileSync(path.join(serverPackageDir, 'package.json'), 'utf8')) as { version: string }
).version;
