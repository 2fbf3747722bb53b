import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeDocument, KnowledgeSearchResult } from '@doppel/contracts';
import { documentPassages, eq } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { createTestApp, signedInUser } from '../../test-support/test-app';

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function thought(user: User, content: string, name?: string) {
  const response = await call(user, 'POST', '/api/documents/thoughts', {
    content,
    ...(name ? { name } : {}),
  });
  expect(response.statusCode).toBe(201);
  return response.json<KnowledgeDocument>();
}

async function search(user: User, q: string) {
  const response = await call(user, 'GET', `/api/documents/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json<KnowledgeSearchResult>();
}

const PRICING = [
  '# Pricing notes',
  '',
  'Our pilots are paid: a four-week pilot costs 5,000 EUR and converts to an annual plan.',
  '',
  'Pricing for the annual plan starts at 24,000 EUR. Discounts only for multi-year commitments.',
  '',
  '- Never discount a pilot.',
  '- Always name a start date.',
].join('\n');

describe('thoughts and search', () => {
  it('a thought is processed at once: passages, topics, summary and a quality score', async () => {
    const user = await signedInUser(doppel);
    const document = await thought(user, PRICING);
    expect(document).toMatchObject({
      name: 'Pricing notes',
      category: 'thoughts',
      type: 'thought',
      status: 'processed',
      language: 'en',
      errorReason: null,
      usageStats: { requests: 0, relevance: 0, connections: 0 },
    });
    expect(document.size).toBe(Buffer.byteLength(PRICING));
    // Key phrases: "annual plan" recurs as a phrase; "pilots" and "pilot" are one topic, and
    // "Discounts" and "discount" another; no stop word ("always", "only") is one.
    expect(document.keyTopics).toEqual(expect.arrayContaining(['pilot', 'annual plan', 'discount']));
    expect(document.keyTopics).not.toContain('pilots');
    expect(document.keyTopics).not.toContain('always');
    // A heading reads as a sentence of its own, without its marker.
    expect(document.summary).toMatch(/^Pricing notes\. Our pilots are paid/);
    // Extraction 40 + length 15 + structure 7 (a list) + distinct sentences 15.
    expect(document.quality).toBe(77);
    const passages = await doppel.ctx.db
      .select({ text: documentPassages.text })
      .from(documentPassages)
      .where(eq(documentPassages.documentId, document.id));
    expect(passages.length).toBeGreaterThan(0);
    expect((await call(user, 'GET', '/api/documents')).json().items).toHaveLength(1);
  });

  it('finds passages by stem in the document’s language, ranked, with the matches marked', async () => {
    const user = await signedInUser(doppel);
    await thought(user, PRICING, 'Pricing');
    await thought(user, 'Hiring plan: two engineers in Berlin this spring.', 'Hiring');
    await thought(user, 'Пилотный проект с банком начнётся в мае. Пилоты оплачиваются заранее.', 'Банк');

    const pilots = await search(user, 'pilots');
    expect(pilots.searchable).toBe(true);
    expect(pilots.hits.map((hit) => hit.title)).toEqual(['Pricing']);
    expect(pilots.hits[0]!.snippet).toContain('[[pilot');
    expect(pilots.hits[0]!.category).toBe('thoughts');

    const russian = await search(user, 'пилот');
    expect(russian.hits.map((hit) => hit.title)).toEqual(['Банк']);
    expect(russian.hits[0]!.snippet).toMatch(/\[\[Пилот/);

    expect((await search(user, 'kangaroo')).hits).toEqual([]);
  });

  it("never shows another user's documents in search, detail or delete", async () => {
    const owner = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const document = await thought(owner, PRICING);
    expect(await search(other, 'pilot')).toEqual({ searchable: false, mode: 'full_text', hits: [] });
    expect((await call(other, 'GET', `/api/documents/${document.id}`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/documents/${document.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/documents')).json().items).toEqual([]);
    expect((await call(owner, 'GET', `/api/documents/${document.id}`)).statusCode).toBe(200);
  });

  it('delete removes the document with its passages', async () => {
    const user = await signedInUser(doppel);
    const document = await thought(user, PRICING);
    expect((await call(user, 'DELETE', `/api/documents/${document.id}`)).json()).toEqual({ ok: true });
    expect((await search(user, 'pilot')).hits).toEqual([]);
    const left = await doppel.ctx.db
      .select()
      .from(documentPassages)
      .where(eq(documentPassages.documentId, document.id));
    expect(left).toEqual([]);
  });

  it('refuses an empty thought and an empty query', async () => {
    const user = await signedInUser(doppel);
    const empty = await call(user, 'POST', '/api/documents/thoughts', { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ content: 'contentRequired' });
    expect((await call(user, 'GET', '/api/documents/search?q=%20')).statusCode).toBe(400);
    expect((await call(user, 'GET', '/api/documents')).json().items).toEqual([]);
  });
});
