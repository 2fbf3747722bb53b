// Initial JavaScript a browser downloads for /auth and (after demo entry) /actions, gzip-
// compressed as a server would send it. Budget: ≤ 120 KB gzip each (decision 053), no chunk over
// 500 KB.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startServer } from './lib/server.mjs';

const server = await startServer(3210);
const browser = await chromium.launch(chromiumLaunchOptions);

async function measure(page, navigate) {
  const scripts = new Map();
  const onResponse = async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body)
      scripts.set(response.url(), { url: response.url(), raw: body.length, gzip: gzipSync(body).length });
  };
  page.on('response', onResponse);
  await navigate();
  // Signed-in pages hold the live-update stream open, so the network never idles: wait for the
  // page's main heading, then let lazy chunks settle.
  await page.waitForLoadState('load');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(1500);
  page.off('response', onResponse);
  return [...scripts.values()];
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const report = (label, scripts) => {
  const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const largest = Math.max(...scripts.map((s) => s.raw));
  console.info(
    `${label}: ${kb(gzip)} gzip in ${scripts.length} files, largest chunk ${kb(largest)} raw — budget 120 KB gzip, 500 KB per chunk`,
  );
  // BENCH_VERBOSE=1 lists the files, largest first, to see what a change added.
  if (process.env.BENCH_VERBOSE) {
    for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip))
      console.info(`  ${kb(s.gzip).padStart(9)}  ${new URL(s.url).pathname}`);
  }
};

try {
  const context = await browser.newContext();
  const page = await context.newPage();
  report('initial JS /auth', await measure(page, () => page.goto(`${server.url}/auth`)));

  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(`${server.url}/auth`);
  await fresh.waitForLoadState('networkidle');
  const scripts = await measure(fresh, async () => {
    await fresh.evaluate(() => fetch('/api/demo', { method: 'POST', credentials: 'include' }));
    await fresh.goto(`${server.url}/actions`);
  });
  report('initial JS /actions (demo, cold load)', scripts);
} finally {
  await browser.close();
  await server.stop();
}
