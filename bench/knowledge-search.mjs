// Knowledge-base search with 100,000 documents of one user, on the embedded database (or
// PostgreSQL with BENCH_DATABASE_URL), and the time to ingest a 100-page PDF. Budgets
//: search p95 < 50 ms; PDF ingest < 5 s.
//
// Search is timed through the domain function the API route calls (searchKnowledge), one query
// at a time, so the figure is the database's and the ranking's, not HTTP's.
//
// Environment: DOCS (default 100000), Q (queries per kind, default 100).
import { startBenchApp } from './lib/bench-app.mjs';

const DOCS = Number(process.env.DOCS ?? 100_000);
const QUERIES = Number(process.env.Q ?? 100);
const BATCH = 1000;

const { documents, documentPassages, sql } = await import('../packages/db/src/index.ts');
const { searchKnowledge } = await import('../apps/server/src/modules/knowledge/search-knowledge.ts');
const { uploadDocuments } = await import('../apps/server/src/modules/knowledge/add-documents.ts');
const { makePdf } = await import('../apps/server/src/test-support/test-files.ts');

// The corpus: each English document has 90 words — 10 from 50 common business words (each found
// in about a fifth of all documents, tens of thousands of passages), 70 from 2,000 mid-frequency
// words (each in a few percent) and 10 rare codes (each in a handful). One in ten documents is
// Russian and one in ten German, from their own small vocabularies (so their words are common).
const COMMON = `pilot pricing customer partner investor revenue churn onboarding contract meeting
  proposal discount renewal pipeline forecast hiring engineer product roadmap launch feature
  integration telegram slack whatsapp discord message reply follow campaign lead outreach
  quarter budget margin growth retention referral agency reseller market segment enterprise
  startup founder board update metric dashboard report invoice payment support ticket release`
  .split(/\s+/)
  .filter(Boolean);
const LANGUAGES = [
  ['english', 'en'],
  ['russian', 'ru'],
  ['german', 'de'],
];
const RUSSIAN = 'пилот цена клиент партнер инвестор выручка договор встреча скидка продление'.split(' ');
const GERMAN = 'Pilot Preis Kunde Partner Investor Umsatz Vertrag Treffen Rabatt Verlängerung'.split(' ');

let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (list) => list[Math.floor(random() * list.length)];
/** A rare token: each appears in a handful of documents. */
const rare = () => `code${Math.floor(random() * 20_000)}`;
const SYLLABLES = 'ka lo mi ne ru sa te vo zi pe da fo gu ho ji'.split(' ');
const MIDDLE = Array.from({ length: 2000 }, (_, n) => {
  let word = '';
  for (let rest = n + 15; rest > 0; rest = Math.floor(rest / 15)) word += SYLLABLES[rest % 15];
  return `${word}x`;
});

function documentText(language) {
  const words = [];
  for (let index = 0; index < 90; index++) {
    if (language === 'ru') words.push(pick(RUSSIAN));
    else if (language === 'de') words.push(pick(GERMAN));
    else if (index % 9 === 0) words.push(pick(COMMON));
    else if (index % 9 === 4) words.push(rare());
    else words.push(pick(MIDDLE));
  }
  const sentences = [];
  for (let index = 0; index < words.length; index += 15)
    sentences.push(`${words.slice(index, index + 15).join(' ')}.`);
  return sentences.join(' ');
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const { database, app, ctx, userId } = await startBenchApp();
await app.ready();

const loadStarted = performance.now();
for (let offset = 0; offset < DOCS; offset += BATCH) {
  const size = Math.min(BATCH, DOCS - offset);
  const rows = Array.from({ length: size }, (_, index) => {
    const [config, language] =
      LANGUAGES[(offset + index) % 10 === 0 ? 1 : (offset + index) % 10 === 1 ? 2 : 0];
    return { config, language, text: documentText(language), n: offset + index };
  });
  const inserted = await ctx.db
    .insert(documents)
    .values(
      rows.map((row) => ({
        userId,
        name: `Document ${row.n}`,
        category: 'documents',
        type: 'txt',
        status: 'processed',
        language: row.language,
        content: row.text,
        sizeBytes: row.text.length,
        quality: 70,
      })),
    )
    .returning({ id: documents.id });
  await ctx.db.insert(documentPassages).values(
    rows.map((row, index) => ({
      documentId: inserted[index].id,
      userId,
      position: 0,
      text: row.text,
      search: sql`to_tsvector(${row.config}::regconfig, ${row.text})`,
    })),
  );
  if ((offset / BATCH) % 20 === 19) process.stdout.write(`  loaded ${offset + size} documents\n`);
}
await database.refreshStatistics?.();
const loadSeconds = (performance.now() - loadStarted) / 1000;

const kinds = {
  'one common word': () => pick(COMMON),
  'two common words': () => `${pick(COMMON)} ${pick(COMMON)}`,
  'a mid word': () => pick(MIDDLE),
  'a rare word': () => rare(),
  'russian word': () => pick(RUSSIAN),
  'no match': () => `nothing${Math.floor(random() * 1e6)}`,
};
const results = [];
const all = [];
for (const [kind, make] of Object.entries(kinds)) {
  // Warm the caches and plans once per kind.
  await searchKnowledge(ctx, userId, make(), 10);
  const times = [];
  for (let index = 0; index < QUERIES; index++) {
    const query = make();
    const started = performance.now();
    await searchKnowledge(ctx, userId, query, 10);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  results.push({ kind, p50: percentile(times, 50), p95: percentile(times, 95) });
}
all.sort((a, b) => a - b);

// A 100-page PDF through the whole pipeline: upload checks, kept original, job, extraction,
// passages, index, topics, summary, quality.
const pages = Array.from({ length: 100 }, (_, page) =>
  `Page ${page + 1}. ${Array.from({ length: 12 }, () => documentText('en')).join(' ')}`.slice(0, 2500),
);
const pdf = await makePdf(pages);
const ingestStarted = performance.now();
const { results: uploaded } = await uploadDocuments(ctx, userId, [
  { fileName: 'hundred-pages.pdf', data: pdf, truncated: false },
]);
await ctx.jobs.runDue({ userId });
const ingestMs = performance.now() - ingestStarted;
const [ingested] = await ctx.db
  .select({ status: documents.status, content: documents.content })
  .from(documents)
  .where(sql`${documents.id} = ${uploaded[0].document.id}`);

const where = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nKnowledge-base search on ${where}: ${DOCS.toLocaleString('en')} documents of one user (loaded in ${loadSeconds.toFixed(1)} s)`,
);
console.log('  query kind            p50 ms   p95 ms');
for (const row of results) {
  console.log(`  ${row.kind.padEnd(20)} ${row.p50.toFixed(1).padStart(7)} ${row.p95.toFixed(1).padStart(8)}`);
}
console.log(
  `  ${'all queries'.padEnd(20)} ${percentile(all, 50).toFixed(1).padStart(7)} ${percentile(all, 95).toFixed(1).padStart(8)}   budget p95 < 50 ms`,
);
console.log(
  `Ingest of a 100-page PDF (${(pdf.length / 1024).toFixed(0)} KB, ${ingested.content.length.toLocaleString('en')} characters): ${(ingestMs / 1000).toFixed(2)} s, status ${ingested.status}   budget < 5 s`,
);

await app.close();
await database.close();
