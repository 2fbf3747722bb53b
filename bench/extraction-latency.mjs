// HTTP latency of a cheap authenticated read (GET /api/me) while 100-page PDFs go through the
// knowledge pipeline in the same process, against the same read on an idle server. Budget: the
// p95 while processing stays within 2× the idle p95 (+5 ms) — extraction must not block the
// event loop. Requests are paced (an open loop, RATE a second) and timed from when each was due,
// so a stalled event loop shows in full. The server and its job worker run in this process
// through tsx (bench/run.mjs); the clients run in a worker thread.
//
// Environment: RATE (requests a second, default 100), PDFS (documents processed one after the
// other while measuring, default 3), IDLE_SECONDS (default 5), BENCH_DATABASE_URL (PostgreSQL).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startBenchApp } from './lib/bench-app.mjs';
import { startPacedClients } from './lib/http-load.mjs';

const RATE = Number(process.env.RATE ?? 100);
const PDFS = Number(process.env.PDFS ?? 3);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 5);
const PAGES = 100;

const { documents, and, eq } = await import('../packages/db/src/index.ts');
const { uploadDocuments } = await import('../apps/server/src/modules/knowledge/add-documents.ts');
const { makePdf } = await import('../apps/server/src/test-support/test-files.ts');

const { database, app, ctx, userId, accessToken } = await startBenchApp();
const token = await accessToken();
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const load = (perSecond) => startPacedClients({ address, token, path: '/api/me', perSecond });

// Pages of business prose, about 2,500 characters each, like a long report.
const WORDS = `pilot pricing customer partner investor revenue churn onboarding contract meeting proposal
  discount renewal pipeline forecast hiring engineer product roadmap launch feature integration
  campaign lead outreach quarter budget margin growth retention referral agency reseller market
  segment enterprise startup founder board update metric dashboard report invoice payment`.split(/\s+/);
let seed = 7;
const word = () => WORDS[(seed = (seed * 48_271) % 2_147_483_647) % WORDS.length];
const sentence = () => `${Array.from({ length: 14 }, word).join(' ')}.`;
const pages = Array.from({ length: PAGES }, (_, page) =>
  `Page ${page + 1}. ${Array.from({ length: 25 }, sentence).join(' ')}`.slice(0, 2500),
);
const pdf = await makePdf(pages);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
function summarise(name, { latencies, failures, seconds }, loop) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const row = {
    name,
    requests: sorted.length,
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    p99: pct(sorted, 99),
    max: sorted.at(-1),
    seconds,
  };
  // The longest the event loop was held up at a time: a stall, as opposed to CPU shared out.
  const stall = loop.max / 1e6;
  console.info(
    `${name.padEnd(34)}${String(row.requests).padStart(9)}${row.p50.toFixed(1).padStart(9)}${row.p95.toFixed(1).padStart(9)}${row.p99.toFixed(1).padStart(9)}${row.max.toFixed(1).padStart(9)}${stall.toFixed(0).padStart(11)}${seconds.toFixed(1).padStart(8)}`,
  );
  if (failures.length > 0) console.info(`  ${failures.length} failed requests, e.g. ${failures[0]}`);
  return row;
}

async function processed(documentId) {
  for (;;) {
    const [row] = await ctx.db
      .select({ status: documents.status, errorReason: documents.errorReason })
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
    if (row.status === 'processed') return;
    if (row.status === 'error') throw new Error(`the PDF ended in error: ${row.errorReason}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The worker as main.ts runs it: polling, woken by enqueues.
await ctx.jobs.start();

// Warms the JIT, the session cache and the PDF reader; not measured.
const warm = load(RATE);
const { results: warmUpload } = await uploadDocuments(ctx, userId, [
  { fileName: 'warm-up.pdf', data: await makePdf(pages.slice(0, 5)), truncated: false },
]);
await processed(warmUpload[0].document.id);
await warm.stop();

console.info(
  `extraction latency — ${database.kind}, GET /api/me at ${RATE}/s, ${PDFS} × ${PAGES}-page PDF (${(pdf.length / 1024).toFixed(0)} KB) processed one after the other`,
);
console.info(
  `${'phase'.padEnd(34)}${'requests'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'stall ms'.padStart(11)}${'s'.padStart(8)}`,
);
const measure = () => {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  return loop;
};
let loop = measure();
const idleLoad = load(RATE);
await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
const idle = summarise('idle', await idleLoad.stop(), loop);

loop = measure();
const busyLoad = load(RATE);
const perPdf = [];
for (let n = 0; n < PDFS; n++) {
  const started = performance.now();
  const { results } = await uploadDocuments(ctx, userId, [
    { fileName: `report-${n}.pdf`, data: pdf, truncated: false },
  ]);
  await processed(results[0].document.id);
  perPdf.push(performance.now() - started);
}
const busy = summarise(`while processing ${PAGES}-page PDFs`, await busyLoad.stop(), loop);

const budget = idle.p95 * 2 + 5;
console.info(
  `PDF processing: ${perPdf.map((ms) => (ms / 1000).toFixed(2)).join(' / ')} s each; p95 idle ${idle.p95.toFixed(1)} ms → while processing ${busy.p95.toFixed(1)} ms — budget ≤ ${budget.toFixed(1)} ms (2 × idle + 5): ${busy.p95 <= budget ? 'within' : 'OVER'}`,
);

await app.close();
await database.close();
