// Compiles the server's TypeScript (apps/server, packages/db, packages/contracts) into plain
// JavaScript in apps/server/dist, which `npm start` runs. Loading the sources through tsx cost
// over 2 s of every start; the bundle loads in a fraction of that (docs/decisions/030).
import fs from 'node:fs';
import path from 'node:path';
import { isStale } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
export const serverDistDir = path.join(serverDir, 'dist');
const STAMP = '.build-stamp';

/** What the bundle is made of: a change to any of them makes it stale. */
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/db/src',
  'packages/contracts/src',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/server-build.mjs',
  'scripts/build-stamp.mjs',
];

/*
 * Modules a worker thread loads by URL (lib/thread-pool.ts) are entry points of their own, named
 * as beside the module that names them: every output file sits flat in the output folder, so
 * `./thread-tasks.js` next to the bundle resolves as `./thread-tasks.ts` does next to the source.
 */
const entryPoints = {
  main: 'apps/server/src/main.ts',
  'thread-pool.worker': 'apps/server/src/lib/thread-pool.worker.ts',
  'thread-tasks': 'apps/server/src/modules/knowledge/thread-tasks.ts',
};

export function serverBuildIsStale(outdir = serverDistDir) {
  return isStale(path.join(outdir, STAMP), root, sources);
}

/*
 * Packages from node_modules load as they are, from node_modules, except these: pure ES modules
 * of many small files, where Node spends most of the time resolving and reading files (drizzle-orm
 * alone took 0.6 s), that read no file of their own and are imported by no package left outside.
 * A package outside that imports one inside would get a second copy, and `instanceof` checks
 * between the copies fail: zod stays outside for that reason (@fastify/type-provider-zod checks
 * `instanceof $ZodType`). Their own dependencies stay outside unless listed too.
 */
const bundledPackages = new Set([
  'drizzle-orm',
  'feedsmith',
  '@modelcontextprotocol/sdk',
  'ai',
  '@ai-sdk/anthropic',
  '@ai-sdk/openai',
  '@ai-sdk/openai-compatible',
  '@ai-sdk/provider',
  '@ai-sdk/provider-utils',
  'jose',
]);

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageName(args.path);
      if (name === '@doppel/db' || name === '@doppel/contracts' || bundledPackages.has(name))
        return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * A bundled module that finds files beside itself would look for them beside the bundle instead:
 * such a package must stay outside. Fails the build rather than the server, later, on some path.
 */
function refuseFileRelativeCode(outdir) {
  for (const file of fs.readdirSync(outdir).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(outdir, file), 'utf8');
    const found = /\b__dirname\b|\b__filename\b/.exec(code);
    if (found) {
      const module = code
        .slice(0, found.index)
        .match(/\/\/ (node_modules\/\S+)\n/g)
        ?.pop()
        ?.trim();
      throw new Error(`${file}: ${module ?? 'a bundled module'} uses ${found[0]}; keep its package external`);
    }
  }
}

/**
 * Builds into a fresh folder beside `outdir`, then swaps it in, so a process starting meanwhile
 * never imports half a build. When two processes build at once, the first swap wins and the
 * other's identical build is dropped.
 */
export async function buildServer(outdir = serverDistDir) {
  const building = `${outdir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  try {
    const { build, stop } = await import('esbuild');
    // esbuild's service is a child process of its own (about 190 MB): stopped once built, or
    // it would live on beside the server it built (docs/decisions/054).
    try {
      await build({
        absWorkingDir: root,
        entryPoints,
        outdir: building,
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node22',
        // Maps back to the TypeScript, for stack traces when run with --enable-source-maps (which
        // costs about 0.1 s a start, so `npm start` leaves it off: the bundle is readable as it is).
        sourcemap: 'linked',
        sourcesContent: false,
        // Names stay as written: error classes are told apart by name across worker threads.
        keepNames: true,
        plugins: [keepPackagesExternal],
        // A bundled package that turns CommonJS in a later version still finds `require`.
        banner: {
          js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
        },
        logLevel: 'warning',
      });
    } finally {
      await stop();
    }
    refuseFileRelativeCode(building);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
  }
  fs.writeFileSync(path.join(building, STAMP), new Date().toISOString());
  const previous = `${outdir}.previous-${process.pid}`;
  try {
    if (fs.existsSync(outdir)) fs.renameSync(outdir, previous);
    fs.renameSync(building, outdir);
  } catch (error) {
    // Another process swapped its build in first.
    if (!fs.existsSync(path.join(outdir, STAMP))) throw error;
    fs.rmSync(building, { recursive: true, force: true });
  }
  fs.rmSync(previous, { recursive: true, force: true });
}

/** Builds the server when its sources changed since the last build; returns its entry module. */
export async function ensureServerBuild(outdir = serverDistDir) {
  if (serverBuildIsStale(outdir)) await buildServer(outdir);
  return path.join(outdir, 'main.js');
}
