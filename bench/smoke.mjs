// CI's smoke run of the benchmarks (issue 25): each one with tiny sizes, so a benchmark that no
// longer runs is caught on every change. The figures it prints are not judged: they come from a
// shared machine and sizes far below the budgets' own. `npm run bench` runs the real sizes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const runs = [
  ['deep-pages.mjs', { ROWS: '600', DEPTH: '10', N: '100', C: '4' }],
  ['list-overhead.mjs', { N: '300', C: '10', ROUNDS: '1' }],
  ['document-list.mjs', { ROWS: '600', N: '100', C: '4', CALLS: '20' }],
  ['campaign-leads.mjs', { ROWS: '600', N: '100', C: '4', CALLS: '20' }],
  ['memory.mjs', {}, ['--rounds', '1', '--requests', '300']],
  ['restart.mjs', { TASKS: '1000' }, ['--rounds', '1']],
  ['task-list-browser.mjs', { TASKS: '200', STEPS: '100,200' }],
  ['initial-js.mjs', {}],
];

for (const [script, env, args = []] of runs) {
  const started = performance.now();
  console.info(`\n— ${script} (smoke)`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, script), ...args],
    {
      stdio: 'inherit',
      env: { ...process.env, ...env },
      timeout: 5 * 60_000,
    },
  );
  if (result.status !== 0) {
    console.error(`${script} failed (${result.signal ?? `exit ${result.status}`})`);
    process.exit(1);
  }
  console.info(`  ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
