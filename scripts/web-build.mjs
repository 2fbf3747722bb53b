// Decides whether the built web app in apps/web/dist is older than its sources, and rebuilds it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { isStale } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stampPath = path.join(root, 'apps/web/dist/.build-stamp');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contracts/src',
  'package-lock.json',
];

export function webBuildIsStale() {
  return isStale(stampPath, root, sources);
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes .br and .gz beside every text asset once at build time, so the server sends them
 * precompressed (at the strongest levels) without compressing on each request.
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const content = fs.readFileSync(file);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

export function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  precompress(path.join(root, 'apps/web/dist'));
  fs.writeFileSync(stampPath, new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--force') || webBuildIsStale()) buildWeb();
}
