// Time from navigation to the first task card of /actions, in a demo sandbox, reloading the page
// with a warm server and a warm browser cache (the way a returning user opens the app). Budget:
// ≤ 250 ms, median of 3. BENCH_VERBOSE=1 prints when each boot request started, to see a
// waterfall come back.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startServer } from './lib/server.mjs';

const RUNS = 3;
const BUDGET_MS = 250;
const BOOT_REQUESTS = ['/api/auth/refresh', '/api/settings', '/api/tasks'];

const server = await startServer(3250);
const browser = await chromium.launch(chromiumLaunchOptions);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const context = await browser.newContext();
  // Notes the moment the first card enters the document, in the page's own clock (0 = navigation
  // start), so polling from the test adds nothing to the figure.
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-task-id]')) return;
      window.__firstCardAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/auth`);
  await page.evaluate(() => fetch('/api/demo', { method: 'POST', credentials: 'include' }));

  const load = async () => {
    await page.goto(`${server.url}/actions`);
    await page.waitForFunction(() => window.__firstCardAt !== undefined, null, { timeout: 15_000 });
    return page.evaluate(() => window.__firstCardAt);
  };
  // Warms the server (its first queries of this sandbox) and the browser's cache.
  await load();
  await load();

  const times = [];
  for (let run = 0; run < RUNS; run++) {
    times.push(await load());
    if (process.env.BENCH_VERBOSE) {
      const starts = await page.evaluate((names) => {
        return performance
          .getEntriesByType('resource')
          .filter((entry) => names.some((name) => new URL(entry.name).pathname.startsWith(name)))
          .map(
            (entry) =>
              `${new URL(entry.name).pathname} ${Math.round(entry.startTime)}→${Math.round(entry.responseEnd)} ms`,
          );
      }, BOOT_REQUESTS);
      const boot = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation');
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
        const lastScript = Math.max(...scripts.map((entry) => entry.responseEnd));
        return `HTML ${Math.round(navigation.responseEnd)} ms, DOMContentLoaded ${Math.round(navigation.domContentLoadedEventEnd)} ms, last script ${Math.round(lastScript)} ms (${scripts.length})`;
      });
      console.info(`  run ${run + 1}: first card ${Math.round(times.at(-1))} ms; ${starts.join(', ')}; ${boot}`);
    }
  }
  console.info(
    `first task card /actions (demo, reload, warm server): ${Math.round(median(times))} ms median of ${RUNS} (${times.map((t) => Math.round(t)).join(', ')}) — budget ${BUDGET_MS} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}
