// Decides whether the built web app in apps/web/dist is older than its sources, and rebuilds it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!fs.existsSync(stampPath)) return true;
  const builtAt = fs.statSync(stampPath).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

export function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampPath, new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--force') || webBuildIsStale()) buildWeb();
}
