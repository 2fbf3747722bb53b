import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCategories, type DocumentCategory, type DocumentList } from '@doppel/contracts';
import { documents, sql } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { queryPlan } from '../../test-support/query-plan';
import { createTestApp, signedInUser } from '../../test-support/test-app';
import { documentPageQuery } from './documents';

/*
 * The knowledge base's list pages by cursor (keyset on created_at, id): every page is a seek on
 * the user's index, so a deep page costs what the first does; the base's figures come with the
 * first page only.
 */

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const get = (user: User, url: string) =>
  doppel.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.accessToken}` } });

interface Seed {
  name: string;
  /** The exact creation time, to the microsecond. */
  at: string;
  category?: DocumentCategory;
}

/** Documents written straight to the table, at creation times a JavaScript Date cannot hold. */
async function seed(user: User, rows: Seed[]) {
  const inserted = await doppel.ctx.db
    .insert(documents)
    .values(
      rows.map((row) => ({
        userId: user.userId,
        name: row.name,
        category: row.category ?? 'thoughts',
        type: row.category === 'links' ? ('link' as const) : ('thought' as const),
        status: 'processed' as const,
        createdAt: sql`${row.at}::timestamptz`,
      })),
    )
    .returning({ id: documents.id, name: documents.name });
  return inserted.map((row, n) => ({ ...row, at: rows[n]!.at, category: rows[n]!.category ?? 'thoughts' }));
}

function newestFirst<T extends { id: string; at: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));
}

/** Every page of the list, `limit` at a time, by following nextCursor. */
async function walk(user: User, query: string, limit: number) {
  const pages: DocumentList[] = [];
  let cursor: string | null = null;
  do {
    const response = await get(user, `/api/documents?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<DocumentList>();
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

const instant = '2031-05-01T10:00:00.123456Z';

describe('the document list by cursor', () => {
  it('walks every document once, newest first, ties split across pages, the figures on the first page', async () => {
    const user = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const mine = await seed(user, [
      { name: 'Newest', at: '2031-05-01T10:00:05.000000Z' },
      { name: 'Micro later', at: '2031-05-01T10:00:00.123457Z', category: 'links' },
      { name: 'Tie one', at: instant },
      { name: 'Tie two', at: instant, category: 'links' },
      { name: 'Tie three', at: instant },
      { name: 'Micro earlier', at: '2031-05-01T10:00:00.123455Z', category: 'links' },
      { name: 'Oldest', at: '2031-04-01T09:00:00.000000Z' },
    ]);
    await seed(stranger, [
      { name: 'Stranger’s', at: instant },
      { name: 'Stranger’s link', at: instant, category: 'links' },
    ]);

    for (const limit of [1, 2, 3]) {
      const pages = await walk(user, '', limit);
      expect(pages.flatMap((page) => page.items.map((item) => item.name))).toEqual(
        newestFirst(mine).map((row) => row.name),
      );
      expect(pages[0]).toMatchObject({ total: 7, categoryCounts: { all: 7, thoughts: 4, links: 3 } });
      expect(pages[0]!.stats).toMatchObject({ total: 7, processed: 7 });
      for (const later of pages.slice(1)) {
        expect(later).toMatchObject({ total: null, stats: null, categoryCounts: null });
      }
      expect(pages.at(-1)).toMatchObject({ nextCursor: null, hasMore: false });
    }
    // One category, on every page.
    const links = await walk(user, '&category=links', 1);
    expect(links.flatMap((page) => page.items.map((item) => item.name))).toEqual(
      newestFirst(mine.filter((row) => row.category === 'links')).map((row) => row.name),
    );
    expect(links[0]!.total).toBe(3);

    // Offset paging (page) still answers clients that page by number, with the figures.
    const second = (await get(user, '/api/documents?limit=2&page=2')).json<DocumentList>();
    expect(second.items.map((item) => item.name)).toEqual(
      newestFirst(mine)
        .slice(2, 4)
        .map((row) => row.name),
    );
    expect(second.total).toBe(7);
  });

  it('refuses a cursor it did not give out, and the list stays as it was', async () => {
    const user = await signedInUser(doppel);
    await seed(user, [{ name: 'Kept', at: instant }]);
    const before = (await get(user, '/api/documents')).json<DocumentList>();
    const encode = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const cursor of [
      'not-base64-json',
      encode(['2031-05-01T10:00:00Z', '00000000-0000-4000-8000-000000000000']),
      encode([instant, '42']),
      encode([instant, '00000000-0000-4000-8000-000000000000', 'extra']),
    ]) {
      const response = await get(user, `/api/documents?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.reason).toBe('list_cursor_invalid');
    }
    expect((await get(user, '/api/documents')).json<DocumentList>()).toEqual(before);
  });

  it('reads a deep page off the user’s index, without sorting the documents', async () => {
    const user = await signedInUser(doppel);
    const start = Date.parse('2031-01-01T00:00:00Z');
    await doppel.ctx.db.insert(documents).values(
      Array.from({ length: 3000 }, (_, n) => ({
        userId: user.userId,
        name: `Document ${n}`,
        category: documentCategories[n % documentCategories.length]!,
        type: 'md' as const,
        createdAt: new Date(start + n * 60_000),
      })),
    );
    // What the server's housekeeping (and PostgreSQL's autovacuum) does after many writes.
    await doppel.ctx.db.execute(sql`analyze documents`);
    const after = { createdAt: '2031-01-02T00:00:00.000000Z', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };
    const page = { after, offset: 0, limit: 50 };
    const all = await queryPlan(doppel.ctx.db, documentPageQuery(doppel.ctx.db, user.userId, page));
    const links = await queryPlan(
      doppel.ctx.db,
      documentPageQuery(doppel.ctx.db, user.userId, { ...page, category: 'links' }),
    );
    expect(all).toContain('documents_user_created_idx');
    expect(links).toContain('documents_user_category_created_idx');
    for (const plan of [all, links]) expect(plan).not.toMatch(/Sort|Seq Scan/);
  });
});
