// Runs every benchmark of bench/ and prints its figures. Figures are
// reported, not asserted: compare them with the budgets printed beside them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

for (const script of [
  'startup.mjs',
  'initial-js.mjs',
  'lighthouse.mjs',
  'first-card.mjs',
  'task-list.mjs',
  'deep-pages.mjs',
  'task-list-browser.mjs',
  'list-overhead.mjs',
  'knowledge-search.mjs',
  'campaign-leads.mjs',
  'document-list.mjs',
  'contact-search.mjs',
  'restart.mjs',
  'memory.mjs',
  'faults.mjs',
  'extraction-latency.mjs',
  'email-first-sync.mjs',
]) {
  // tsx lets the benchmarks share TypeScript helpers with the end-to-end tests.
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
