import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_UPLOAD_BYTES,
  KNOWLEDGE_QUOTA_BYTES,
  type DocumentList,
  type KnowledgeDocument,
  type KnowledgeSearchResult,
  type LinkPreview,
  type UploadResult,
  type ChangeEvent,
} from '@doppel/contracts';
import { documentPassages, documents, eq, jobs, sql } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createJobQueue, DEFAULT_LEASE_MS } from '../../lib/job-queue';
import { createTestApp, eventually, ManualClock, signedInUser } from '../../test-support/test-app';
import { makeDocx, makePdf, multipart, type MultipartPart } from '../../test-support/test-files';
import { PROCESS_DOCUMENT_JOB } from './process-document';

let doppel: DoppelApp;
let site: http.Server;
let siteUrl: string;

const ARTICLE = `<!doctype html><html lang="en"><head>
<title>Plain title</title>
<meta property="og:title" content="How we price pilots">
<meta property="og:description" content="Paid pilots convert better than free ones.">
<meta property="og:site_name" content="Founder Notes">
<meta property="og:type" content="article">
</head><body><nav>Home · Blog</nav><article><h1>How we price pilots</h1>
<p>Every pilot we run is paid. A paid pilot shows commitment and converts into an annual contract.</p>
<p>We never run a pilot without a start date and a success metric agreed upfront.</p>
<script>track()</script></article><footer>© Founder Notes</footer></body></html>`;

beforeAll(async () => {
  doppel = await createTestApp({ config: { fetchAllowPrivateAddresses: true } });
  site = http.createServer((request, response) => {
    if (request.url === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(ARTICLE);
    }
    if (request.url === '/moved') {
      response.writeHead(302, { location: '/article' });
      return response.end();
    }
    if (request.url === '/nul-page') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      // NUL bytes, and bytes that are not UTF-8 (an encoded surrogate: read as U+FFFD).
      return response.end(
        Buffer.concat([
          Buffer.from('Churn fell\u0000 after the onboarding calls.\n\nNet revenue retention rose to '),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from(' 112 percent.\u0000'),
        ]),
      );
    }
    if (request.url === '/image') {
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    }
    response.writeHead(404).end('no such page');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await doppel.app.close();
  await new Promise((resolve) => site.close(resolve));
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const auth = (user: User) => ({ authorization: `Bearer ${user.accessToken}` });
const call = (user: User, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: auth(user) });

async function upload(user: User, parts: MultipartPart[], app = doppel) {
  const body = multipart(parts);
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    payload: body.payload,
    headers: { ...auth(user), ...body.headers },
  });
  expect(response.statusCode).toBe(201);
  return response.json<UploadResult>();
}

async function detail(user: User, id: string) {
  const response = await call(user, 'GET', `/api/documents/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<KnowledgeDocument>();
}

async function search(user: User, q: string) {
  const response = await call(user, 'GET', `/api/documents/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json<KnowledgeSearchResult>();
}

const PDF_PAGES = [
  'Partnership playbook. We partner with agencies that resell our outreach automation to their clients.',
  'Revenue share is twenty percent for the first year. Every partner gets a named contact and a quarterly review.',
];

describe('uploads and the processing pipeline', () => {
  it('extracts, summarises, scores and indexes a PDF, a DOCX and a Markdown file', async () => {
    const user = await signedInUser(doppel);
    const pdf = await makePdf(PDF_PAGES);
    const docx = await makeDocx('Hiring principles', [
      'We hire engineers who write things down. Every candidate does a paid trial week.',
      'Offers are made within three days of the trial week ending.',
    ]);
    const markdown =
      '# Onboarding checklist\n\n- Send the **welcome** email\n- Book the kickoff call\n\nKickoff calls last thirty minutes.';
    const { results } = await upload(user, [
      { name: 'files', filename: 'playbook.pdf', content: pdf, contentType: 'application/pdf' },
      { name: 'files', filename: 'hiring.docx', content: docx },
      { name: 'files', filename: 'onboarding.md', content: markdown, contentType: 'text/markdown' },
    ]);
    expect(
      results.map((result) => [result.fileName, result.document?.type, result.document?.status]),
    ).toEqual([
      ['playbook.pdf', 'pdf', 'pending'],
      ['hiring.docx', 'docx', 'pending'],
      ['onboarding.md', 'md', 'pending'],
    ]);
    expect(results.every((result) => result.error === undefined)).toBe(true);
    // The originals are kept under DATA_DIR/files.
    const [stored] = await doppel.ctx.db
      .select({ filePath: documents.filePath })
      .from(documents)
      .where(eq(documents.id, results[0]!.document!.id));
    expect(existsSync(path.join(doppel.ctx.config.dataDir, 'files', stored!.filePath!))).toBe(true);

    expect(await doppel.ctx.jobs.runDue({ userId: user.userId })).toBe(3);

    const [playbook, hiring, onboarding] = await Promise.all(
      results.map((result) => detail(user, result.document!.id)),
    );
    expect(playbook).toMatchObject({
      status: 'processed',
      errorReason: null,
      language: 'en',
      category: 'documents',
    });
    expect(playbook!.summary).toMatch(/^Partnership playbook\./);
    expect(playbook!.keyTopics).toContain('partner');
    expect(playbook!.quality).toBeGreaterThanOrEqual(60);
    expect(playbook!.contentPreview).toContain('Revenue share is twenty percent');
    expect(hiring).toMatchObject({ status: 'processed' });
    expect(hiring!.contentPreview).toMatch(/^# Hiring principles\s+We hire engineers/);
    expect(onboarding).toMatchObject({ status: 'processed' });
    // Markdown's emphasis is gone, its list stays as structure.
    expect(onboarding!.contentPreview).toContain('• Send the welcome email');

    expect((await search(user, 'revenue share')).hits[0]).toMatchObject({ documentId: playbook!.id });
    expect((await search(user, 'trial week')).hits[0]).toMatchObject({ documentId: hiring!.id });
    expect((await search(user, 'kickoff')).hits[0]).toMatchObject({ documentId: onboarding!.id });
    expect((await search(user, 'revenue share')).hits[0]!.snippet).toContain('[[Revenue]] [[share]]');
  });

  it('indexes a long document whole: its text analysed in a worker thread, its passages in order', async () => {
    const user = await signedInUser(doppel);
    const paragraphs = Array.from(
      { length: 120 },
      (_, n) =>
        `Section ${n + 1}. Our referral programme pays agencies a share of the first year of revenue. ` +
        'Every partner gets a named contact, a quarterly review and a shared pipeline of leads.',
    );
    paragraphs.push('Closing note: the zeppelin launch is the last item on the roadmap.');
    const text = paragraphs.join('\n\n');
    expect(text.length).toBeGreaterThan(20_000); // past the size analysed on the event loop
    const { results } = await upload(user, [{ name: 'files', filename: 'partners.txt', content: text }]);
    const id = results[0]!.document!.id;
    await doppel.ctx.jobs.runDue({ userId: user.userId });

    expect(await detail(user, id)).toMatchObject({ status: 'processed', language: 'en' });
    const positions = (
      await doppel.ctx.db
        .select({ position: documentPassages.position })
        .from(documentPassages)
        .where(eq(documentPassages.documentId, id))
    )
      .map((row) => row.position)
      .sort((a, b) => a - b);
    expect(positions.length).toBeGreaterThan(10); // more than one statement's worth
    expect(positions).toEqual(positions.map((_, n) => n));
    expect((await search(user, 'zeppelin')).hits.map((hit) => hit.documentId)).toEqual([id]);
  });

  it('ends a corrupt PDF in error with the reason; a retry with a replaced file processes it', async () => {
    const user = await signedInUser(doppel);
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    const { results } = await upload(user, [{ name: 'files', filename: 'broken.pdf', content: corrupt }]);
    const id = results[0]!.document!.id;
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const failed = await detail(user, id);
    expect(failed).toMatchObject({ status: 'error', errorCode: 'pdf_unreadable' });
    expect(failed.errorReason).toMatch(/^The PDF could not be read/);
    expect(await search(user, 'revenue')).toMatchObject({ hits: [] });

    // Retrying the same file fails the same way; replacing it works.
    expect((await call(user, 'POST', `/api/documents/${id}/retry`)).json()).toMatchObject({
      status: 'pending',
    });
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect((await detail(user, id)).status).toBe('error');

    const replacement = multipart([
      { name: 'files', filename: 'fixed.pdf', content: await makePdf(PDF_PAGES) },
    ]);
    const retried = await doppel.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/retry`,
      payload: replacement.payload,
      headers: { ...auth(user), ...replacement.headers },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', errorCode: null, errorReason: null });
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect(await detail(user, id)).toMatchObject({ status: 'processed', errorCode: null, errorReason: null });
    expect((await search(user, 'revenue share')).hits[0]).toMatchObject({ documentId: id });

    // Only a failed document can be retried.
    const again = await call(user, 'POST', `/api/documents/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'conflict',
      message: 'Only a document whose processing failed can be retried.',
      reason: 'document_not_failed',
    });
  });

  it('refuses an oversized file, a disguised binary and an empty file, each on its own', async () => {
    const user = await signedInUser(doppel);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.alloc(500, 7),
    ]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(300, 0)]);
    const { results } = await upload(user, [
      { name: 'files', filename: 'huge.txt', content: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61) },
      { name: 'files', filename: 'notes.md', content: png, contentType: 'text/markdown' },
      { name: 'files', filename: 'report.pdf', content: elf, contentType: 'application/pdf' },
      { name: 'files', filename: 'empty.txt', content: '' },
      { name: 'files', filename: 'fine.txt', content: 'A plain note about churn and retention.' },
    ]);
    expect(results.map((result) => [result.fileName, result.error?.code ?? result.document?.type])).toEqual([
      ['huge.txt', 'too_large'],
      ['notes.md', 'unsupported_type'],
      ['report.pdf', 'unsupported_type'],
      ['empty.txt', 'empty'],
      ['fine.txt', 'txt'],
    ]);
    expect(results[0]!.error!.message).toBe('The file is larger than 20 MB.');
    const list = (await call(user, 'GET', '/api/documents')).json<DocumentList>();
    expect(list.items.map((item) => item.name)).toEqual(['fine.txt']);
  });

  it('refuses files past the per-user quota', async () => {
    const user = await signedInUser(doppel);
    // Files already kept that leave less than a kilobyte of the quota.
    await doppel.ctx.db.insert(documents).values({
      userId: user.userId,
      name: 'archive.pdf',
      category: 'documents',
      type: 'pdf',
      sizeBytes: KNOWLEDGE_QUOTA_BYTES - 1000,
      filePath: `${user.userId}/placeholder`,
      status: 'processed',
    });
    const { results } = await upload(user, [
      { name: 'files', filename: 'small.txt', content: 'fits in what is left' },
      { name: 'files', filename: 'big.txt', content: Buffer.alloc(2000, 0x62) },
    ]);
    expect(results.map((result) => result.error?.code ?? 'ok')).toEqual(['ok', 'quota_exceeded']);
  });

  it('finishes a job whose worker died mid-processing once its lease runs out', async () => {
    const user = await signedInUser(doppel);
    const { results } = await upload(user, [
      { name: 'files', filename: 'plan.md', content: '# Plan\n\nLaunch the referral programme in March.' },
    ]);
    const id = results[0]!.document!.id;
    // A worker that claims the job and never finishes: the process was killed.
    const dying = createJobQueue({ db: doppel.ctx.db, clock: doppel.ctx.clock, log: doppel.app.log });
    dying.register({ kind: PROCESS_DOCUMENT_JOB, run: () => new Promise<void>(() => {}) });
    void dying.runDue({ userId: user.userId });
    await eventually(async () => {
      const [job] = await doppel.ctx.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'documentId' = ${id}`);
      expect(job).toMatchObject({ status: 'running', attempts: 1 });
    });
    // While the lease holds, nobody else takes it.
    expect(await doppel.ctx.jobs.runDue({ userId: user.userId })).toBe(0);

    // The server starts again after the lease ran out.
    const restarted = await createTestApp({
      clock: new ManualClock(new Date(Date.now() + DEFAULT_LEASE_MS + 1000)),
    });
    try {
      expect(await restarted.ctx.jobs.runDue({ userId: user.userId })).toBe(1);
    } finally {
      await restarted.app.close();
    }
    expect(await detail(user, id)).toMatchObject({ status: 'processed' });
    const left = await doppel.ctx.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'documentId' = ${id}`);
    expect(left).toEqual([]);
  });

  it("tells the user's open tabs as a document is added, processed and deleted", async () => {
    const user = await signedInUser(doppel);
    const seen: ChangeEvent[] = [];
    const stop = doppel.ctx.events.subscribe(user.userId, (event) => seen.push(event));
    try {
      const { results } = await upload(user, [{ name: 'files', filename: 'n.txt', content: 'Live note.' }]);
      const id = results[0]!.document!.id;
      const changes = () =>
        seen.filter((event) => event.type === 'document.changed' && event.documentId === id);
      // Added (pending), then processing, then processed.
      await eventually(async () => expect(changes()).toHaveLength(1));
      await doppel.ctx.jobs.runDue({ userId: user.userId });
      await eventually(async () => expect(changes()).toHaveLength(3));
      await call(user, 'DELETE', `/api/documents/${id}`);
      await eventually(async () => expect(changes()).toHaveLength(4));
    } finally {
      stop();
    }
  });

  it('lists newest first with the figures of the whole knowledge base, by category and page', async () => {
    const user = await signedInUser(doppel);
    for (const content of [
      'First thought on pricing.',
      'Second thought on hiring.',
      'Third thought on churn.',
    ]) {
      expect((await call(user, 'POST', '/api/documents/thoughts', { content })).statusCode).toBe(201);
    }
    await upload(user, [
      { name: 'category', content: 'references' },
      { name: 'files', filename: 'glossary.txt', content: 'ARR means annual recurring revenue.' },
    ]);
    // Before processing, the reference is pending: readiness counts it as not ready.
    let list = (await call(user, 'GET', '/api/documents?limit=2')).json<DocumentList>();
    expect(list.items.map((item) => item.name)).toEqual(['glossary.txt', 'Third thought on churn.']);
    expect(list).toMatchObject({
      total: 4,
      hasMore: true,
      categoryCounts: { all: 4, thoughts: 3, references: 1, documents: 0, links: 0, articles: 0 },
    });
    expect(list.stats).toMatchObject({ total: 4, processed: 3, readiness: 75 });
    expect(list.stats?.storageBytes).toBe('ARR means annual recurring revenue.'.length);

    await doppel.ctx.jobs.runDue({ userId: user.userId });
    list = (await call(user, 'GET', '/api/documents?category=thoughts&page=2&limit=2')).json<DocumentList>();
    expect(list.items.map((item) => item.name)).toEqual(['First thought on pricing.']);
    expect(list).toMatchObject({ total: 3, hasMore: false });
    expect(list.stats).toMatchObject({ processed: 4, readiness: 100 });
    const qualities = (await call(user, 'GET', '/api/documents'))
      .json<DocumentList>()
      .items.map((item) => item.quality);
    expect(list.stats?.averageQuality).toBe(Math.round(qualities.reduce((a, b) => a + b, 0) / 4));
  });

  it('a page with NUL bytes is indexed without them; a file name with one is refused', async () => {
    const user = await signedInUser(doppel);
    const created = await call(user, 'POST', '/api/documents/links', { url: `${siteUrl}/nul-page` });
    expect(created.statusCode, created.body).toBe(201);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const page = await detail(user, created.json<KnowledgeDocument>().id);
    expect(page).toMatchObject({ status: 'processed' });
    expect(page.contentPreview).toContain('Churn fell after the onboarding calls.');
    expect(page.contentPreview).toMatch(/retention rose to \uFFFD+ 112 percent/);
    expect((await search(user, 'onboarding')).hits).toHaveLength(1);

    const named = multipart([{ name: 'files', filename: 'no\u0000tes.txt', content: 'Fine text.' }]);
    const refused = await doppel.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: named.payload,
      headers: { ...auth(user), ...named.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid_characters' } });
    expect((await call(user, 'GET', '/api/documents')).json<DocumentList>().total).toBe(1);
  });

  it('deletes the kept file with the document, and keeps other users out of uploads', async () => {
    const [owner, stranger] = [await signedInUser(doppel), await signedInUser(doppel)];
    const { results } = await upload(owner, [
      { name: 'files', filename: 'secret.txt', content: 'The acquisition offer is confidential.' },
    ]);
    const id = results[0]!.document!.id;
    await doppel.ctx.jobs.runDue({ userId: owner.userId });
    // Nothing of the owner's reaches the stranger.
    expect((await call(stranger, 'GET', `/api/documents/${id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/documents/${id}/retry`)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/documents/${id}`)).statusCode).toBe(404);
    expect((await search(stranger, 'acquisition')).hits).toEqual([]);
    expect((await call(stranger, 'GET', '/api/documents')).json<DocumentList>().stats?.total).toBe(0);

    const [row] = await doppel.ctx.db.select().from(documents).where(eq(documents.id, id));
    const file = path.join(doppel.ctx.config.dataDir, 'files', row!.filePath!);
    expect(existsSync(file)).toBe(true);
    expect((await call(owner, 'DELETE', `/api/documents/${id}`)).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(
      await doppel.ctx.db.select().from(documentPassages).where(eq(documentPassages.documentId, id)),
    ).toEqual([]);
    expect((await search(owner, 'acquisition')).hits).toEqual([]);
  });

  it('needs a multipart body with at least one file', async () => {
    const user = await signedInUser(doppel);
    expect((await call(user, 'POST', '/api/documents/upload', { files: [] })).statusCode).toBe(400);
    const onlyField = multipart([{ name: 'category', content: 'documents' }]);
    const response = await doppel.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: onlyField.payload,
      headers: { ...auth(user), ...onlyField.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', reason: 'upload_no_files' });
    const badCategory = multipart([
      { name: 'category', content: 'secrets' },
      { name: 'files', filename: 'a.txt', content: 'text' },
    ]);
    const refused = await doppel.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: badCategory.payload,
      headers: { ...auth(user), ...badCategory.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      reason: 'upload_category_unknown',
      fields: { category: 'invalid' },
    });
    expect((await call(user, 'GET', '/api/documents')).json<DocumentList>().stats?.total).toBe(0);
  });
});

describe('links', () => {
  it('previews a page (title, description, site) after following its redirect', async () => {
    const user = await signedInUser(doppel);
    const response = await call(user, 'POST', '/api/documents/link-preview', { url: `${siteUrl}/moved` });
    expect(response.statusCode).toBe(200);
    expect(response.json<LinkPreview>()).toEqual({
      url: `${siteUrl}/article`,
      title: 'How we price pilots',
      description: 'Paid pilots convert better than free ones.',
      site: 'Founder Notes',
      type: 'article',
    });
  });

  it('saves a link, then reads, names and indexes its readable text in the background', async () => {
    const user = await signedInUser(doppel);
    const created = await call(user, 'POST', '/api/documents/links', { url: `${siteUrl}/article` });
    expect(created.statusCode).toBe(201);
    const link = created.json<KnowledgeDocument>();
    expect(link).toMatchObject({ status: 'pending', url: `${siteUrl}/article`, category: 'links' });
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const processed = await detail(user, link.id);
    expect(processed).toMatchObject({
      status: 'processed',
      name: 'How we price pilots',
      description: 'Paid pilots convert better than free ones.',
      type: 'article',
      category: 'articles',
    });
    // The article's words, not the navigation, footer or scripts.
    expect(processed.contentPreview).toMatch(/^# How we price pilots\s+Every pilot we run is paid/);
    expect(processed.contentPreview).not.toMatch(/Home · Blog|track\(\)|©/);
    expect((await search(user, 'success metric')).hits[0]).toMatchObject({ documentId: link.id });
  });

  it('says clearly why a page cannot be added', async () => {
    const user = await signedInUser(doppel);
    const preview = (url: string) => call(user, 'POST', '/api/documents/link-preview', { url });
    const missing = await preview(`${siteUrl}/nothing-here`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      error: {
        code: 'link_unreachable',
        message: 'The page answered with HTTP 404.',
        reason: 'link_http_error',
      },
    });
    expect((await preview(`${siteUrl}/image`)).json().error).toMatchObject({
      message: 'This link is not a web page or a PDF (image/png).',
      reason: 'link_not_page',
    });
    expect((await preview('ftp://example.com/file')).statusCode).toBe(400);
    expect((await preview('not a url')).statusCode).toBe(400);
  });

  it('with the default setting, refuses loopback, private and link-local addresses', async () => {
    const strict = await createTestApp();
    try {
      const user = await signedInUser(strict);
      for (const url of [
        `${siteUrl}/article`,
        'http://10.0.0.1/',
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/api/documents/link-preview',
          payload: { url },
          headers: auth(user),
        });
        expect(response.statusCode, url).toBe(422);
        expect(response.json().error.message, url).toBe(
          'This address is on a private or local network; only public web pages can be added.',
        );
      }
      // A saved link to such an address ends in error with that reason, never fetched.
      const saved = await strict.app.inject({
        method: 'POST',
        url: '/api/documents/links',
        payload: { url: 'http://169.254.169.254/latest/meta-data/' },
        headers: auth(user),
      });
      await strict.ctx.jobs.runDue({ userId: user.userId });
      const after = await strict.app.inject({
        method: 'GET',
        url: `/api/documents/${saved.json<KnowledgeDocument>().id}`,
        headers: auth(user),
      });
      expect(after.json()).toMatchObject({
        status: 'error',
        errorCode: 'link_refused',
        errorReason: 'Only public http and https pages can be added.',
      });
    } finally {
      await strict.app.close();
    }
  });
});
