// Prints one "N passed, N failed" line over every test report in reports/ (Vitest and
// Playwright JSON), so a run's totals are readable at a glance and by CI.
import fs from 'node:fs';
import path from 'node:path';

export function printSummary(root) {
  const dir = path.join(root, 'reports');
  let passed = 0;
  let failed = 0;
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const file of files) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (report.stats) {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
    } else {
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
    }
  }
  process.stdout.write(`\nTests: ${passed} passed, ${failed} failed\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) printSummary(path.resolve(import.meta.dirname, '..'));
