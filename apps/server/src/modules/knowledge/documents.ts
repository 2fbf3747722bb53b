import {
  createThoughtInputSchema,
  type CreateThoughtInput,
  type DocumentCategory,
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
  sql,
  type DbOrTx,
} from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { detectLanguage } from '../engine/detect-language';
import { extractiveSummary, keyTopics, qualityScore, splitPassages } from './text-analysis';
import { searchConfig } from './text-search';

export const DOCUMENT_NOT_FOUND = 'Document not found';
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
    errorReason: row.errorReason,
    summary: row.summary,
    quality: row.quality,
    keyTopics: row.keyTopics,
    url: row.url,
    contentPreview: row.content.slice(0, PREVIEW_LENGTH),
    language: row.language,
    usageStats: { requests: row.usageRequests, relevance: row.usageRelevance, connections },
    isSample: row.isSample,
  };
}

export async function listDocuments(ctx: AppContext, userId: string): Promise<KnowledgeDocument[]> {
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  const connections = await connectionCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDocument(row, connections.get(row.id) ?? 0));
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
  if (!row) throw new AppError('not_found', DOCUMENT_NOT_FOUND);
  const connections = await connectionCounts(db, [row.id]);
  return toDocument(row, connections.get(row.id) ?? 0);
}

/**
 * Indexes a document's text: passages with their search vectors (in the document's language),
 * key topics, the extractive summary and the quality score; the document becomes processed.
 */
export async function indexDocumentText(
  tx: DbOrTx,
  document: { id: string; userId: string; language: string | null },
  text: string,
  now: Date,
): Promise<void> {
  const passages = splitPassages(text);
  const topics = keyTopics(text);
  await tx.delete(documentPassages).where(eq(documentPassages.documentId, document.id));
  const config = searchConfig(document.language);
  if (passages.length > 0) {
    await tx.insert(documentPassages).values(
      passages.map((passage, position) => ({
        documentId: document.id,
        userId: document.userId,
        position,
        text: passage,
        search: sql`to_tsvector(${config}::regconfig, ${passage})`,
      })),
    );
  }
  await tx
    .update(documents)
    .set({
      content: text,
      status: 'processed',
      errorReason: null,
      keyTopics: topics,
      summary: extractiveSummary(text, topics),
      quality: qualityScore(text, passages.length),
      updatedAt: now,
    })
    .where(eq(documents.id, document.id));
}

/** Adds a document whose text is known at once (a thought, a text sample) and indexes it. */
export async function addTextDocument(
  ctx: AppContext,
  userId: string,
  input: { name: string; category: DocumentCategory; type: DocumentType; text: string; isSample?: boolean },
): Promise<KnowledgeDocument> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const language = detectLanguage(input.text);
    const [row] = await tx
      .insert(documents)
      .values({
        userId,
        name: input.name,
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
    await indexDocumentText(tx, { id: row!.id, userId, language }, input.text, now);
    return getDocument(tx, userId, row!.id);
  });
}

/** Spec §2 add material: a written thought. Named after its first words unless named. */
export async function createThought(
  ctx: AppContext,
  userId: string,
  input: CreateThoughtInput,
): Promise<KnowledgeDocument> {
  const { name, content } = createThoughtInputSchema.parse(input);
  const firstLine = content.split('\n')[0]!.trim();
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

/** Deletes the document with its passages and index entries (cascade). */
export async function deleteDocument(ctx: AppContext, userId: string, documentId: string): Promise<void> {
  const deleted = await ctx.db
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
    .returning({ id: documents.id });
  if (deleted.length === 0) throw new AppError('not_found', DOCUMENT_NOT_FOUND);
}
