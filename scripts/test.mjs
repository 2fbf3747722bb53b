// `npm test`: unit and HTTP tests (Vitest: server on PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set; web in jsdom), then the end-to-end tests in Chromium, then one
// summary line over both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { printSummary } from './summarize-tests.mjs';

const root = path.resolve(import.meta.dirname, '..');
fs.rmSync(path.join(root, 'reports'), { recursive: true, force: true });
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const unit = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=reports/vitest.json',
]);
const e2e = unit === 0 ? run('npm', ['run', 'test:e2e']) : 1;
printSummary(root);
process.exit(unit || e2e);
