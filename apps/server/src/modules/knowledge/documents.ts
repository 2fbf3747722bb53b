import { setImmediate } from 'node:timers/promises';
import {
  createThoughtInputSchema,
  documentCategories,
  documentListQuerySchema,
  type CreateThoughtInput,
  type DocumentCategory,
  type DocumentList,
  type DocumentListQuery,
  type DocumentType,
  type KnowledgeDocument,
} from '@doppel/contracts';
import {
  and,
  count,
  desc,
  documentPassages,
  documents,
  documentUses,
  eq,
  gte,
  sql,
  type DbOrTx,
} from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import {
  createdBefore,
  exactTimestamp,
  keysetPage,
  readCreatedCursor,
  type CreatedKey,
} from '../../lib/keyset-cursor';
import { detectLanguage } from '../language';
import { documentErrorFields } from './document-errors';
import { queueEmbeddingIfSearching } from './embed-passages';
import { indexText, type TextIndex } from './text-analysis';
import { searchConfig } from './text-search';
import { cutText } from '../../lib/text';

export const DOCUMENT_NOT_FOUND = 'Document not found';
/** summarizedBy of an extractive summary (no model). */
export const OFFLINE_SUMMARY = 'offline';
const PREVIEW_LENGTH = 400;
/** A thought's name when none is given: its first words. */
const THOUGHT_NAME_LENGTH = 60;

type DocumentRow = typeof documents.$inferSelect;

async function connectionCounts(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ documentId: documentUses.documentId, n: count() })
    .from(documentUses)
    .where(sql`${documentUses.documentId} in ${ids}`)
    .groupBy(documentUses.documentId);
  return new Map(rows.map((row) => [row.documentId, row.n]));
}

function toDocument(row: DocumentRow, connections: number): KnowledgeDocument {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    type: row.type,
    size: row.sizeBytes,
    uploadDate: row.createdAt.toISOString(),
    status: row.status,
    ...documentErrorFields(row.errorReason),
    summary: row.summary,
    quality: row.quality,
    keyTopics: row.keyTopics,
    url: row.url,
    contentPreview: cutText(row.content, PREVIEW_LENGTH),
    language: row.language,
    usageStats: { requests: row.usageRequests, relevance: row.usageRelevance, connections },
    isSample: row.isSample,
  };
}

interface FigureRow {
  category: DocumentCategory;
  status: KnowledgeDocument['status'];
  n: number;
  quality: number;
  bytes: number;
}

/**
 * One page of the user's documents (of `category` when given), newest first: by cursor, a seek
 * on documents_user_created_idx or documents_user_category_created_idx after the last row shown,
 * or by offset (`page`) without one. Exported so a test can read the database's plan of it.
 */
export function documentPageQuery(
  db: DbOrTx,
  userId: string,
  { category, after, offset, limit }: { category?: DocumentCategory; after: CreatedKey | null; offset: number; limit: number },
) {
  return db
    .select({ document: documents, createdAtExact: exactTimestamp(documents.createdAt) })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        category ? eq(documents.category, category) : undefined,
        createdBefore(documents.createdAt, documents.id, after),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit + 1)
    .offset(offset);
}

/** The whole base's figures: one grouped pass over the user's documents. */
async function documentFigures(
  db: DbOrTx,
  userId: string,
  category: DocumentCategory | undefined,
): Promise<Pick<DocumentList, 'total' | 'stats' | 'categoryCounts'>> {
  const figures = (await db
    .select({
      category: documents.category,
      status: documents.status,
      n: sql<number>`count(*)::int`,
      quality: sql<number>`coalesce(sum(${documents.quality}), 0)::int`,
      bytes: sql<number>`coalesce(sum(${documents.sizeBytes}) filter (where ${documents.filePath} is not null), 0)::bigint`,
    })
    .from(documents)
    .where(eq(documents.userId, userId))
    .groupBy(documents.category, documents.status)) as FigureRow[];
  const categoryCounts = Object.fromEntries([
    ['all', 0],
    ...documentCategories.map((name) => [name, 0]),
  ]) as NonNullable<DocumentList['categoryCounts']>;
  let processed = 0;
  let qualitySum = 0;
  let storageBytes = 0;
  for (const row of figures) {
    categoryCounts.all += row.n;
    categoryCounts[row.category] += row.n;
    storageBytes += Number(row.bytes);
    if (row.status === 'processed') {
      processed += row.n;
      qualitySum += row.quality;
    }
  }
  const total = categoryCounts.all;
  return {
    total: category ? categoryCounts[category] : total,
    stats: {
      total,
      processed,
      averageQuality: processed > 0 ? Math.round(qualitySum / processed) : 0,
      readiness: total > 0 ? Math.round((processed / total) * 100) : 0,
      storageBytes,
    },
    categoryCounts,
  };
}

/**
 * Knowledge base: one page of documents, newest first, and — on a page asked for without a
 * cursor — the whole base's figures, which the screen shows from its first page only.
 */
export async function listDocuments(
  ctx: AppContext,
  userId: string,
  query: DocumentListQuery = {},
): Promise<DocumentList> {
  const { category, cursor, page, limit } = documentListQuerySchema.parse(query);
  const after = readCreatedCursor(cursor);
  const offset = after ? 0 : (page - 1) * limit;
  const [rows, figures] = await Promise.all([
    documentPageQuery(ctx.db, userId, { category, after, offset, limit }),
    after ? null : documentFigures(ctx.db, userId, category),
  ]);
  const shown = keysetPage(rows, limit, (row) => [row.createdAtExact, row.document.id]);
  const connections = await connectionCounts(
    ctx.db,
    shown.rows.map((row) => row.document.id),
  );
  return {
    items: shown.rows.map(({ document }) => toDocument(document, connections.get(document.id) ?? 0)),
    nextCursor: shown.nextCursor,
    hasMore: shown.nextCursor !== null,
    total: figures?.total ?? null,
    stats: figures?.stats ?? null,
    categoryCounts: figures?.categoryCounts ?? null,
  };
}

export async function getDocument(
  db: DbOrTx,
  userId: string,
  documentId: string,
): Promise<KnowledgeDocument> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
  if (!row) throw new AppError('not_found', DOCUMENT_NOT_FOUND, { reason: 'document_not_found' });
  const connections = await connectionCounts(db, [row.id]);
  return toDocument(row, connections.get(row.id) ?? 0);
}

/**
 * Passages per statement: an embedded database (PGlite runs on the event loop's thread) spends
 * up to a few milliseconds on each, and other requests wait for the statement.
 */
const PASSAGES_PER_STATEMENT = 10;

/**
 * Writes a document's passages with their search vectors, a few per statement. Outside a
 * transaction each statement commits on its own, so an embedded database answers other queries
 * in between instead of holding them for a whole long document; search reads processed
 * documents only, so the passages wait unseen until indexDocumentText marks the document
 * processed. Positions are unique: a worker that took the job over rewrites the same rows.
 */
export async function writePassages(
  db: DbOrTx,
  document: { id: string; userId: string; language: string | null },
  passages: string[],
): Promise<void> {
  const config = searchConfig(document.language);
  for (let start = 0; start < passages.length; start += PASSAGES_PER_STATEMENT) {
    // PGlite answers without ever leaving the microtask queue: let waiting requests in.
    if (start > 0) await setImmediate();
    const some = passages.slice(start, start + PASSAGES_PER_STATEMENT);
    // One array parameter: a statement with a row per passage takes Drizzle long to build.
    await db.execute(sql`
      insert into ${documentPassages} (document_id, user_id, position, text, search)
      select ${document.id}, ${document.userId}, ${start} + ordinality - 1, passage,
        to_tsvector(${config}::regconfig, passage)
      from unnest(${sql.param(some)}::text[]) with ordinality as p(passage, ordinality)
      on conflict (document_id, position)
        do update set user_id = excluded.user_id, text = excluded.text, search = excluded.search`);
  }
}

/**
 * Indexes a document's text: passages with their search vectors (in the document's language),
 * key topics, the extractive summary and the quality score; the document becomes processed.
 * `passagesWritten`: writePassages already ran outside this transaction (a long document).
 */
export async function indexDocumentText(
  tx: DbOrTx,
  document: { id: string; userId: string; language: string | null },
  text: string,
  /** indexText(text), worked out beforehand (in a worker thread for a long document). */
  index: TextIndex,
  now: Date,
  /** A summary written elsewhere (the user's model); else the extractive one. */
  written?: { summary: string; by: string },
  { passagesWritten = false }: { passagesWritten?: boolean } = {},
): Promise<void> {
  if (!passagesWritten) await writePassages(tx, document, index.passages);
  // Passages of an earlier, longer text of the document.
  await tx
    .delete(documentPassages)
    .where(
      and(
        eq(documentPassages.documentId, document.id),
        gte(documentPassages.position, index.passages.length),
      ),
    );
  await tx
    .update(documents)
    .set({
      content: text,
      status: 'processed',
      errorReason: null,
      keyTopics: index.topics,
      summary: written?.summary ?? index.summary,
      summarizedBy: written?.by ?? OFFLINE_SUMMARY,
      quality: index.quality,
      updatedAt: now,
    })
    .where(eq(documents.id, document.id));
}

export interface TextDocumentInput {
  name: string;
  category: DocumentCategory;
  type: DocumentType;
  text: string;
  url?: string;
  description?: string;
  isSample?: boolean;
}

/** Inserts a document whose text is known at once and indexes it, inside the caller's transaction. */
export async function insertTextDocument(
  tx: DbOrTx,
  userId: string,
  input: TextDocumentInput,
  now: Date,
): Promise<string> {
  const language = detectLanguage(input.text);
  const [row] = await tx
    .insert(documents)
    .values({
      userId,
      name: input.name,
      description: input.description ?? '',
      url: input.url ?? null,
      category: input.category,
      type: input.type,
      sizeBytes: Buffer.byteLength(input.text, 'utf8'),
      status: 'processing',
      language,
      isSample: input.isSample ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: documents.id });
  const index = indexText(input.text, { title: input.name, language });
  await indexDocumentText(tx, { id: row!.id, userId, language }, input.text, index, now);
  return row!.id;
}

/** Adds a document whose text is known at once (a thought) and indexes it. */
export async function addTextDocument(
  ctx: AppContext,
  userId: string,
  input: TextDocumentInput,
): Promise<KnowledgeDocument> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const id = await insertTextDocument(tx, userId, input, now);
    await queueEmbeddingIfSearching(ctx, tx, userId);
    return getDocument(tx, userId, id);
  });
}

/** Add material: a written thought. Named after its first words unless named. */
export async function createThought(
  ctx: AppContext,
  userId: string,
  input: CreateThoughtInput,
): Promise<KnowledgeDocument> {
  const { name, content } = createThoughtInputSchema.parse(input);
  // A Markdown heading names the note without its marker.
  const firstLine = content
    .split('\n')[0]!
    .replace(/^\s*#{1,6}\s+/, '')
    .trim();
  const fallbackName =
    firstLine.length > THOUGHT_NAME_LENGTH
      ? `${firstLine.slice(0, THOUGHT_NAME_LENGTH - 1).trimEnd()}…`
      : firstLine;
  return addTextDocument(ctx, userId, {
    name: name || fallbackName,
    category: 'thoughts',
    type: 'thought',
    text: content,
  });
}

/**
 * Deletes the document with its passages and index entries (cascade), then its kept original.
 * A job still queued for it finds nothing and ends.
 */
export async function deleteDocument(ctx: AppContext, userId: string, documentId: string): Promise<void> {
  const [deleted] = await ctx.db
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
    .returning({ id: documents.id, filePath: documents.filePath });
  if (!deleted) throw new AppError('not_found', DOCUMENT_NOT_FOUND, { reason: 'document_not_found' });
  if (deleted.filePath) {
    await ctx.files.remove(deleted.filePath).catch((error: unknown) => {
      ctx.log.error({ err: error, documentId }, 'could not remove a deleted document’s file');
    });
  }
}
