import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AiModel,
  AiModelTestResult,
  KnowledgeDocument,
  KnowledgeSearchResult,
  SemanticSearchStatus,
  Task,
} from '@doppel/contracts';
import { jobs, openDatabase, sql, tokenUsage, eq, type Database } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createJobQueue, DEFAULT_LEASE_MS } from '../../lib/job-queue';
import { startFakeEmbeddingServer, type FakeEmbeddingServer } from '../../test-support/fake-embedding-server';
import {
  RETRIEVAL_NOTES,
  RETRIEVAL_QUESTIONS,
  recallAt,
  type RetrievalQuestion,
} from '../../test-support/retrieval-set';
import {
  createTestApp,
  eventually,
  ManualClock,
  signedInUser,
  testDatabase,
} from '../../test-support/test-app';
import { EMBED_PASSAGES_JOB, embedPassages } from './embed-passages';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let database: Database;
let doppel: DoppelApp;
let embeddings: FakeEmbeddingServer;

const call = (user: User, method: Method, url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function addSearchModel(user: User, modelId = 'nomic-embed-text'): Promise<AiModel> {
  const created = await call(user, 'POST', '/api/ai/models', {
    name: 'Local embeddings',
    provider: 'openai-compatible',
    modelId,
    baseUrl: embeddings.baseUrl,
    useFor: 'search',
  });
  expect(created.statusCode).toBe(201);
  return created.json<AiModel>();
}

async function addNotes(user: User, notes = RETRIEVAL_NOTES): Promise<KnowledgeDocument[]> {
  const added: KnowledgeDocument[] = [];
  for (const note of notes) {
    const response = await call(user, 'POST', '/api/documents/thoughts', note);
    expect(response.statusCode).toBe(201);
    added.push(response.json<KnowledgeDocument>());
  }
  return added;
}

const status = async (user: User) =>
  (await call(user, 'GET', '/api/documents/semantic-search')).json<SemanticSearchStatus>();

async function search(user: User, q: string, limit = 5): Promise<KnowledgeSearchResult> {
  const query = new URLSearchParams({ q, limit: String(limit) }).toString();
  const response = await call(user, 'GET', `/api/documents/search?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<KnowledgeSearchResult>();
}

/** Runs the user's due jobs until none is left (an embedding run queues its continuation). */
async function runJobs(user: User): Promise<void> {
  while ((await doppel.ctx.jobs.runDue({ userId: user.userId })) > 0);
}

async function storedVectors(user: User) {
  const { rows } = (await database.db.execute(sql`
    select passage_id, model, dimensions from passage_embeddings where user_id = ${user.userId}`)) as {
    rows: Array<{ passage_id: string; model: string; dimensions: number }>;
  };
  return rows;
}

beforeAll(async () => {
  embeddings = await startFakeEmbeddingServer(768);
  // PGlite with pgvector, whichever database the other tests run on: search by meaning is
  // tested here; the database without it below, and the test database's own state at the end.
  database = await openDatabase({ kind: 'pglite-memory' });
  doppel = await createTestApp({ database, config: { aiTimeoutMs: 5000 } });
});

afterAll(async () => {
  await doppel.app.close();
  await database.close();
  await embeddings.close();
});

describe('search by meaning', () => {
  it('a search model indexes the existing notes, metered, and a paraphrase finds its note by meaning', async () => {
    const user = await signedInUser(doppel);
    await addNotes(user);
    expect(await status(user)).toEqual({
      state: 'no_model',
      modelName: null,
      passages: RETRIEVAL_NOTES.length,
      indexed: 0,
    });
    // By words only, a question in other words finds nothing.
    expect(await search(user, 'What is the price of a subscription?')).toEqual({
      searchable: true,
      mode: 'full_text',
      hits: [],
    });

    await addSearchModel(user);
    expect(await status(user)).toMatchObject({
      state: 'indexing',
      modelName: 'Local embeddings',
      indexed: 0,
    });
    await runJobs(user);
    expect(await status(user)).toEqual({
      state: 'ready',
      modelName: 'Local embeddings',
      passages: RETRIEVAL_NOTES.length,
      indexed: RETRIEVAL_NOTES.length,
    });
    expect(new Set((await storedVectors(user)).map((row) => row.dimensions))).toEqual(new Set([768]));

    const result = await search(user, 'What is the price of a subscription?');
    expect(result.mode).toBe('hybrid');
    expect(result.hits[0]).toMatchObject({ title: 'Pricing', match: 'meaning' });
    expect(result.hits[0]!.score).toBeGreaterThan(0.3);
    // Words and meaning together: a literal question is found by both.
    expect((await search(user, 'Team plan seat month')).hits[0]).toMatchObject({
      title: 'Pricing',
      match: 'both',
    });

    const metered = await doppel.ctx.db
      .select({ purpose: tokenUsage.purpose, tokens: tokenUsage.promptTokens })
      .from(tokenUsage)
      .where(eq(tokenUsage.userId, user.userId));
    expect(metered.length).toBeGreaterThanOrEqual(2);
    expect(metered.every((row) => row.purpose === 'embedding' && row.tokens > 0)).toBe(true);
  });

  it('hybrid beats full text on paraphrases (recall@5 on the labelled set)', async () => {
    const byWords = await signedInUser(doppel);
    const hybrid = await signedInUser(doppel);
    await addNotes(byWords);
    await addNotes(hybrid);
    await addSearchModel(hybrid);
    await runJobs(hybrid);

    const results = new Map<string, string[]>();
    for (const user of [byWords, hybrid]) {
      for (const question of RETRIEVAL_QUESTIONS) {
        const { hits } = await search(user, question.question);
        results.set(
          `${user.userId}:${question.question}`,
          hits.map((hit) => hit.title),
        );
      }
    }
    const recall = (user: User, kind: RetrievalQuestion['kind']) =>
      recallAt(
        5,
        RETRIEVAL_QUESTIONS.filter((question) => question.kind === kind),
        (question) => results.get(`${user.userId}:${question.question}`) ?? [],
      );
    const figures = {
      paraphrase: { fullText: recall(byWords, 'paraphrase'), hybrid: recall(hybrid, 'paraphrase') },
      literal: { fullText: recall(byWords, 'literal'), hybrid: recall(hybrid, 'literal') },
    };
    process.stdout.write(
      `recall@5 on ${RETRIEVAL_QUESTIONS.length} labelled questions — paraphrases: full text ${figures.paraphrase.fullText.toFixed(2)}, hybrid ${figures.paraphrase.hybrid.toFixed(2)}; literal: full text ${figures.literal.fullText.toFixed(2)}, hybrid ${figures.literal.hybrid.toFixed(2)}\n`,
    );
    expect(figures.paraphrase.hybrid).toBeGreaterThanOrEqual(0.9);
    expect(figures.paraphrase.fullText).toBeLessThanOrEqual(0.2);
    expect(figures.literal.fullText).toBe(1);
    expect(figures.literal.hybrid).toBe(1);
  });

  it('a note added later is indexed once processed; another model indexes again; deleting it drops the vectors', async () => {
    const user = await signedInUser(doppel);
    await addNotes(user, RETRIEVAL_NOTES.slice(0, 3));
    const model = await addSearchModel(user);
    await runJobs(user);
    await addNotes(user, RETRIEVAL_NOTES.slice(3, 4));
    expect(await status(user)).toMatchObject({ state: 'indexing', passages: 4, indexed: 3 });
    await runJobs(user);
    expect(await status(user)).toMatchObject({ state: 'ready', passages: 4, indexed: 4 });

    const changed = await call(user, 'PATCH', `/api/ai/models/${model.id}`, { modelId: 'mxbai-embed-large' });
    expect(changed.statusCode).toBe(200);
    expect(await status(user)).toMatchObject({ state: 'indexing', indexed: 0 });
    await runJobs(user);
    const vectors = await storedVectors(user);
    expect(vectors).toHaveLength(4);
    expect(vectors.every((row) => row.model.endsWith('|mxbai-embed-large'))).toBe(true);

    expect((await call(user, 'DELETE', `/api/ai/models/${model.id}`)).statusCode).toBe(204);
    await runJobs(user);
    expect(await storedVectors(user)).toEqual([]);
    expect(await status(user)).toMatchObject({ state: 'no_model' });
    expect((await search(user, 'Team plan seat')).mode).toBe('full_text');
  });

  it('grounding asks the message itself: a paraphrased question cites the right note, with its score', async () => {
    const user = await signedInUser(doppel);
    await addNotes(user);
    await addSearchModel(user);
    await runJobs(user);
    const created = await call(user, 'POST', '/api/tasks', {
      title: 'Reply to Sam',
      type: 'message_reply',
      context: { lastMessage: 'Hello! Is my information safe and protected with you?', language: 'en' },
    });
    await doppel.ctx.background.settled();
    const task = (await call(user, 'GET', `/api/tasks/${created.json<Task>().id}`)).json<Task>();
    const sources = task.context.analysisSources ?? [];
    expect(sources[0]).toMatchObject({ title: 'Security', snippet: expect.stringContaining('AES-256') });
    expect(sources[0]!.score).toBeGreaterThan(0.3);
  });

  it('a backfill killed half-way resumes where it stopped, without storing a passage twice', async () => {
    const user = await signedInUser(doppel);
    const notes = Array.from({ length: 70 }, (_, index) => ({
      name: `Note ${index + 1}`,
      content: `Meeting note number ${index + 1} about the customer pilot.`,
    }));
    await addNotes(user, notes);
    const before = embeddings.requests.length;
    await addSearchModel(user);
    // The process dies while its second request waits for an answer: the first batch is stored.
    embeddings.holdFrom(before + 1);
    const dying = createJobQueue({ db: doppel.ctx.db, clock: doppel.ctx.clock, log: doppel.app.log });
    dying.register({
      kind: EMBED_PASSAGES_JOB,
      run: (payload: { userId: string }) => embedPassages(doppel.ctx, payload),
    });
    const dyingRun = dying.runDue({ userId: user.userId });
    await eventually(async () => expect(embeddings.requests.length).toBe(before + 2), 5000);
    expect(await storedVectors(user)).toHaveLength(32);
    embeddings.holdFrom(null);

    // Another process starts once the lease ran out and takes the job over.
    const restarted = await createTestApp({
      database,
      clock: new ManualClock(new Date(Date.now() + DEFAULT_LEASE_MS + 1000)),
    });
    try {
      while ((await restarted.ctx.jobs.runDue({ userId: user.userId })) > 0);
    } finally {
      await restarted.app.close();
    }
    const vectors = await storedVectors(user);
    expect(vectors).toHaveLength(70);
    expect(new Set(vectors.map((row) => row.passage_id)).size).toBe(70);
    // Apart from the batch in the air when it died, no passage was asked for twice.
    const asked = embeddings.requests
      .slice(before)
      .flatMap((request, index) => (index === 1 ? [] : request.input));
    expect(asked).toHaveLength(70);
    expect(new Set(asked).size).toBe(70);
    const left = await doppel.ctx.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${EMBED_PASSAGES_JOB} and ${jobs.payload}->>'userId' = ${user.userId}`);
    expect(left).toEqual([]);
    // The dead process's request ends with its connection; nothing of it is left running.
    embeddings.dropHeld();
    await dyingRun;
  });

  it('a failing search model: search goes on by words and says so; indexing stops and Resume restarts it', async () => {
    const user = await signedInUser(doppel);
    await addNotes(user, RETRIEVAL_NOTES.slice(0, 2));
    await addSearchModel(user, 'flaky-embedder');
    // Three attempts, each refused (no retries on 400): the job gives up.
    for (let attempt = 0; attempt < 3; attempt++) {
      embeddings.failNext(400);
      await doppel.ctx.jobs.runDue({ userId: user.userId });
      await doppel.ctx.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(sql`${jobs.kind} = ${EMBED_PASSAGES_JOB} and ${jobs.payload}->>'userId' = ${user.userId}`);
    }
    expect(await status(user)).toMatchObject({ state: 'stalled', indexed: 0, passages: 2 });

    embeddings.failNext(400);
    const result = await search(user, 'Team plan seat month');
    expect(result).toMatchObject({ mode: 'full_text', hits: [{ title: 'Pricing', match: 'text' }] });

    const resumed = await call(user, 'POST', '/api/documents/semantic-search/resume');
    expect(resumed.json<SemanticSearchStatus>()).toMatchObject({ state: 'indexing' });
    await runJobs(user);
    expect(await status(user)).toMatchObject({ state: 'ready', indexed: 2 });
  });

  it('search models: only providers with embeddings, one per user, the test names the width, never the main model', async () => {
    const user = await signedInUser(doppel);
    const anthropic = await call(user, 'POST', '/api/ai/models', {
      name: 'Claude',
      provider: 'anthropic',
      modelId: 'claude-sonnet-4-5',
      useFor: 'search',
    });
    expect(anthropic.statusCode).toBe(400);
    expect(anthropic.json()).toMatchObject({ error: { reason: 'search_model_provider' } });

    const model = await addSearchModel(user);
    expect(model).toMatchObject({ useFor: 'search', kind: 'user' });
    const second = await call(user, 'POST', '/api/ai/models', {
      name: 'Another',
      provider: 'openai-compatible',
      modelId: 'all-minilm',
      baseUrl: embeddings.baseUrl,
      useFor: 'search',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { reason: 'search_model_exists' } });

    const tested = (await call(user, 'POST', `/api/ai/models/${model.id}/test`)).json<AiModelTestResult>();
    expect(tested).toMatchObject({ ok: true, dimensions: 768 });
    // Nothing in the knowledge base yet: a search asks the model nothing (no tokens for nothing).
    const asked = embeddings.requests.length;
    expect(await search(user, 'What is the price?')).toEqual({
      searchable: false,
      mode: 'full_text',
      hits: [],
    });
    expect(embeddings.requests.length).toBe(asked);

    // Chosen as the main model, it is not used for writing: the list falls back.
    await call(user, 'PATCH', '/api/settings', { aiPreferences: { defaultModel: model.id } });
    const list = (await call(user, 'GET', '/api/ai/models')).json<{ defaultModelId: string }>();
    expect(list.defaultModelId).not.toBe(model.id);
  });
});

describe('a database without pgvector', () => {
  let bare: Database;
  let plain: DoppelApp;

  beforeAll(async () => {
    bare = await openDatabase({ kind: 'pglite-memory', pgvector: false });
    plain = await createTestApp({ database: bare });
  });
  afterAll(async () => {
    await plain.app.close();
    await bare.close();
  });

  it('says search by meaning is unavailable, and searching by words works as before', async () => {
    expect(bare.vectorSearch).toBe(false);
    const user = await signedInUser(plain);
    const as = (method: Method, url: string, payload?: object) =>
      plain.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });
    await as('POST', '/api/documents/thoughts', RETRIEVAL_NOTES[0]);
    // A search model can still be kept; nothing is indexed with it.
    const model = await as('POST', '/api/ai/models', {
      name: 'Local embeddings',
      provider: 'openai-compatible',
      modelId: 'nomic-embed-text',
      baseUrl: embeddings.baseUrl,
      useFor: 'search',
    });
    expect(model.statusCode).toBe(201);
    while ((await plain.ctx.jobs.runDue({ userId: user.userId })) > 0);
    expect((await as('GET', '/api/documents/semantic-search')).json()).toEqual({
      state: 'unavailable',
      modelName: 'Local embeddings',
      passages: 0,
      indexed: 0,
    });
    const found = (await as('GET', '/api/documents/search?q=Team%20plan')).json<KnowledgeSearchResult>();
    expect(found).toMatchObject({ mode: 'full_text', hits: [{ title: 'Pricing', match: 'text' }] });
  });

  it('on the test database, search by meaning is on exactly when pgvector is installed there', async () => {
    const shared = await testDatabase();
    const { rows } = (await shared.db.execute(
      sql`select exists (select 1 from pg_extension where extname = 'vector') as installed`,
    )) as { rows: Array<{ installed: boolean }> };
    expect(shared.vectorSearch).toBe(rows[0]!.installed);
    const { rows: tables } = (await shared.db.execute(
      sql`select to_regclass('passage_embeddings') is not null as present`,
    )) as { rows: Array<{ present: boolean }> };
    expect(tables[0]!.present).toBe(shared.vectorSearch);
  });
});
