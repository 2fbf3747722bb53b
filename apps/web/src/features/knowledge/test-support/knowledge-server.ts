import { fakeRoute, OK_REPLY } from '@/test-support/fake-api';
import {
  documentCategories,
  type DocumentCategory,
  type DocumentList,
  type DocumentType,
  type KnowledgeDocument,
  type KnowledgeSearchHit,
  type KnowledgeSearchResult,
  type SemanticSearchStatus,
  type LinkPreview,
  MAX_UPLOAD_BYTES,
  routes as apiRoutes,
  type UploadResult,
} from '@doppel/contracts';
import type { ErrorReply, FakeRequest } from '@/test-support/fake-api';
import { signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';

let counter = 0;
const uuid = (n: number) => `33333333-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A document as the server returns it: processed, every field present. */
export function makeDocument(overrides: Partial<KnowledgeDocument> = {}): KnowledgeDocument {
  counter++;
  return {
    id: uuid(counter),
    name: `Document ${counter}`,
    description: '',
    category: 'documents',
    type: 'md',
    size: 1024,
    uploadDate: '2026-03-01T09:00:00.000Z',
    status: 'processed',
    errorCode: null,
    errorReason: null,
    summary: '',
    quality: 80,
    keyTopics: [],
    url: null,
    contentPreview: '',
    language: 'en',
    usageStats: { requests: 0, relevance: 0, connections: 0 },
    isSample: false,
    ...overrides,
  };
}

/** What the content of an upload shows it to be, the way the server tells (by its bytes). */
async function sniffType(file: File): Promise<DocumentType | null> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const text = String.fromCharCode(...head);
  if (text === '%PDF') return 'pdf';
  if (text.startsWith('PK')) return 'docx';
  if (head.some((byte) => byte === 0)) return null;
  return /\.(md|markdown)$/i.test(file.name) ? 'md' : 'txt';
}

/**
 * A fake of the knowledge-base API over an in-memory list, answering like the server: newest
 * first in pages, figures of the whole base, per-file upload results, a word search that marks
 * its matches with [[ ]], link previews from a table of known pages.
 */
export function knowledgeServer(
  initial: KnowledgeDocument[],
  {
    previews = {},
    semantic = { state: 'no_model', modelName: null, passages: initial.length, indexed: 0 },
    meaningHits = {},
  }: {
    previews?: Record<string, LinkPreview | ErrorReply>;
    /** Search by meaning's state; Resume turns a stalled one into indexing. */
    semantic?: SemanticSearchStatus;
    /** Documents a query finds by meaning alone (query → document ids), as a search model would. */
    meaningHits?: Record<string, string[]>;
  } = {},
) {
  const documents = [...initial];
  let semanticStatus = semantic;
  const resumed: string[] = [];
  const routes: ServerRoutes = {
    ...signedInRoutes(),
    ...fakeRoute(apiRoutes.knowledge.list, ({ query }: FakeRequest) => {
      const category = query.get('category') as DocumentCategory | null;
      const cursor = query.get('cursor');
      const limit = Number(query.get('limit') ?? 50);
      const matching = [...documents]
        .filter((document) => !category || document.category === category)
        .sort((a, b) => b.uploadDate.localeCompare(a.uploadDate));
      const processed = documents.filter((document) => document.status === 'processed');
      // As the server pages: after the document the cursor names (here, by its id), the
      // figures with the first page only.
      const start = cursor ? matching.findIndex((document) => document.id === cursor) + 1 : 0;
      const items = matching.slice(start, start + limit);
      const more = start + limit < matching.length;
      const page = { items, nextCursor: more ? items.at(-1)!.id : null, hasMore: more };
      if (cursor) return { body: { ...page, total: null, stats: null, categoryCounts: null } };
      const body: DocumentList = {
        ...page,
        total: matching.length,
        stats: {
          total: documents.length,
          processed: processed.length,
          averageQuality: processed.length
            ? Math.round(processed.reduce((sum, document) => sum + document.quality, 0) / processed.length)
            : 0,
          readiness: documents.length ? Math.round((processed.length / documents.length) * 100) : 0,
          storageBytes: documents.reduce((sum, document) => sum + document.size, 0),
        },
        categoryCounts: {
          all: documents.length,
          ...(Object.fromEntries(
            documentCategories.map((name) => [
              name,
              documents.filter((document) => document.category === name).length,
            ]),
          ) as Record<DocumentCategory, number>),
        },
      };
      return { body };
    }),
    ...fakeRoute(apiRoutes.knowledge.semanticStatus, () => ({ body: semanticStatus })),
    ...fakeRoute(apiRoutes.knowledge.resumeIndexing, () => {
      resumed.push(semanticStatus.state);
      semanticStatus = { ...semanticStatus, state: 'indexing' };
      return { body: semanticStatus };
    }),
    ...fakeRoute(apiRoutes.knowledge.search, ({ query }: FakeRequest) => {
      const byMeaning = (meaningHits[query.get('q') ?? ''] ?? []).flatMap((id) => {
        const document = documents.find((candidate) => candidate.id === id);
        if (!document) return [];
        const hit: KnowledgeSearchHit = {
          documentId: document.id,
          passageId: `${document.id}-0`,
          title: document.name,
          category: document.category,
          snippet: document.contentPreview,
          rank: 0.02,
          score: 0.6,
          match: 'meaning',
        };
        return [hit];
      });
      if (byMeaning.length > 0) {
        const body: KnowledgeSearchResult = { searchable: true, mode: 'hybrid', hits: byMeaning };
        return { body };
      }
      const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const searchable = documents.filter((document) => document.status === 'processed');
      const hits = searchable.flatMap((document) => {
        const text = `${document.summary} ${document.contentPreview}`;
        const found = words.filter((word) => text.toLowerCase().includes(word));
        if (found.length === 0) return [];
        const snippet = text
          .split(/(\s+)/)
          .map((token) => (found.some((word) => token.toLowerCase().includes(word)) ? `[[${token}]]` : token))
          .join('')
          .trim();
        return [
          {
            documentId: document.id,
            passageId: `${document.id}-0`,
            title: document.name,
            category: document.category,
            snippet,
            rank: found.length,
            score: Math.min(1, found.length / words.length),
            match: 'text' as const,
          },
        ];
      });
      const body: KnowledgeSearchResult = {
        searchable: searchable.length > 0,
        mode: 'full_text',
        hits: hits.sort((a, b) => b.rank - a.rank),
      };
      return { body };
    }),
    ...fakeRoute(apiRoutes.knowledge.upload, async ({ body }: FakeRequest) => {
      const form = body as FormData;
      const category = (form.get('category') as DocumentCategory | null) ?? 'documents';
      const results: UploadResult['results'] = [];
      for (const file of form.getAll('files') as File[]) {
        if (file.size === 0) {
          results.push({ fileName: file.name, error: { code: 'empty', message: 'The file is empty.' } });
          continue;
        }
        if (file.size > MAX_UPLOAD_BYTES) {
          results.push({ fileName: file.name, error: { code: 'too_large', message: 'Too large.' } });
          continue;
        }
        const type = await sniffType(file);
        const claimed = /\.pdf$/i.test(file.name) ? 'pdf' : /\.docx$/i.test(file.name) ? 'docx' : null;
        if (!type || (claimed && claimed !== type)) {
          results.push({
            fileName: file.name,
            error: { code: 'unsupported_type', message: 'The content is not md, txt, pdf or docx.' },
          });
          continue;
        }
        const document = add(
          makeDocument({
            name: file.name,
            category,
            type,
            size: file.size,
            status: 'pending',
            quality: 0,
            uploadDate: new Date().toISOString(),
          }),
        );
        results.push({ fileName: file.name, document });
      }
      return { status: 201, body: { results } satisfies UploadResult };
    }),
    ...fakeRoute(apiRoutes.knowledge.previewLink, ({ body }: FakeRequest) => {
      const { url } = body as { url: string };
      const known = previews[url];
      if (!known)
        return { status: 422, body: { error: { code: 'link_unreachable', message: 'No answer.' } } };
      return 'url' in known ? { body: known } : known;
    }),
    ...fakeRoute(apiRoutes.knowledge.createLink, ({ body }: FakeRequest) => {
      const { url, name } = body as { url: string; name?: string };
      const document = add(
        makeDocument({
          name: name ?? url,
          category: 'links',
          type: 'link',
          url,
          status: 'pending',
          quality: 0,
          uploadDate: new Date().toISOString(),
        }),
      );
      return { status: 201, body: document };
    }),
    ...fakeRoute(apiRoutes.knowledge.createThought, ({ body }: FakeRequest) => {
      const { name, content } = body as { name?: string; content: string };
      const document = add(
        makeDocument({
          name: name ?? content.slice(0, 40),
          category: 'thoughts',
          type: 'thought',
          size: content.length,
          contentPreview: content,
          status: 'pending',
          quality: 0,
          uploadDate: new Date().toISOString(),
        }),
      );
      return { status: 201, body: document };
    }),
    ...fakeRoute(apiRoutes.knowledge.get, ({ params }) => {
      const found = find(params.id);
      return found
        ? { body: found }
        : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    }),
    ...fakeRoute(apiRoutes.knowledge.delete, ({ params }) => {
      const found = find(params.id);
      if (found) documents.splice(documents.indexOf(found), 1);
      return OK_REPLY;
    }),
    ...fakeRoute(apiRoutes.knowledge.retry, ({ params }) => {
      const found = find(params.id)!;
      Object.assign(found, { status: 'pending', errorCode: null, errorReason: null });
      return { body: found };
    }),
  };

  const find = (id: string) => documents.find((document) => document.id === id);
  function add(document: KnowledgeDocument): KnowledgeDocument {
    documents.push(document);
    return document;
  }
  return { documents, routes, resumed };
}
