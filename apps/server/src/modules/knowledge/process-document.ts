import type { DocumentCategory, DocumentErrorCode, DocumentType } from '@doppel/contracts';
import { and, documents, eq, inArray, users } from '@doppel/db';
import { fetchPage, pageText, PageFetchError, anyAddress } from '../../integrations/web/fetch-page';
import type { AppContext } from '../../lib/context';
import { FileMissingError } from '../../lib/file-store';
import { isPublicAddress } from '../../lib/public-only-fetch';
import type { JobHandler } from '../../lib/job-queue';
import { generateForUser, resolveModel } from '../ai-models';
import { indexDocumentText, writePassages } from './documents';
import { ExtractionError, fetchFailureCode } from './document-errors';
import { forgetDocumentVectors, queueEmbeddingIfSearching } from './embed-passages';
import { extractFileText, threadTask } from './extract-text';
import { sniffFileType } from './file-types';
import { readPlainText, type ReadPage } from './read-html';
import { analyseText } from './text-analysis';
import { cutText, storableText } from '../../lib/text';

export const PROCESS_DOCUMENT_JOB = 'knowledge.process-document';

export interface ProcessDocumentPayload {
  userId: string;
  documentId: string;
}

/**
 * A longer text is analysed in a worker thread (a 100-page PDF's takes a good part of a second);
 * a shorter one takes milliseconds, less than the trip to a thread.
 */
const ANALYSE_IN_THREAD_CHARS = 20_000;

/** How much of a document the model reads to summarise it. */
const SUMMARY_INPUT_CHARS = 12_000;

type DocumentRow = typeof documents.$inferSelect;

interface ReadSource {
  text: string;
  /** What reading a link taught us about it. */
  link?: { title: string; description: string; type: DocumentType; category: DocumentCategory };
  language: string | null;
}

/** The address policy for pages users name (config FETCH_ALLOW_PRIVATE_ADDRESSES). */
export function linkAddressPolicy(ctx: AppContext) {
  return ctx.config.fetchAllowPrivateAddresses ? anyAddress : isPublicAddress;
}

/** Reads a fetched link: HTML, plain text or a PDF. */
export async function readLink(ctx: AppContext, url: string) {
  const page = await fetchPage(url, { allowAddress: linkAddressPolicy(ctx) });
  if (page.mediaType === 'application/pdf') {
    const text = await extractFileText(ctx.threads, 'pdf', page.body);
    const fileName =
      decodeURIComponent(new URL(page.url).pathname.split('/').pop() || '') || new URL(page.url).hostname;
    return { page, read: { ...readPlainText(text, page.url), title: fileName } };
  }
  if (page.mediaType === 'text/plain') return { page, read: readPlainText(pageText(page), page.url) };
  if (page.mediaType === 'text/html' || page.mediaType === 'application/xhtml+xml' || page.mediaType === '') {
    // Readability over a DOM of a page up to the fetch's 5 MB takes up to a second or so: off
    // the event loop, as PDFs and Word documents are read.
    const read = await ctx.threads.run<ReadPage>(threadTask('readHtml'), [pageText(page), page.url]);
    return { page, read };
  }
  throw new ExtractionError('link_not_page', `This link is not a web page or a PDF (${page.mediaType}).`);
}

async function readSource(ctx: AppContext, document: DocumentRow): Promise<ReadSource> {
  if (document.filePath) {
    const buffer = await ctx.files.read(document.filePath);
    const sniffed = sniffFileType(buffer, document.name);
    if ('error' in sniffed)
      throw new ExtractionError(sniffed.error === 'empty' ? 'no_text' : 'unsupported_type');
    return { text: await extractFileText(ctx.threads, sniffed.type, buffer), language: null };
  }
  if (document.url) {
    const { read } = await readLink(ctx, document.url);
    if (!read.text.trim()) throw new ExtractionError('no_text');
    return {
      text: read.text,
      language: read.language,
      link: {
        title: read.title,
        description: read.description,
        type: read.type,
        category: read.type === 'article' ? 'articles' : 'links',
      },
    };
  }
  // A thought or sample whose text is stored already.
  return { text: document.content, language: document.language };
}

/**
 * Files and pages may hold NUL or broken UTF-16 (PDF text layers, pages with raw control
 * bytes); what is stored of them is kept without (docs/decisions/028).
 */
function storableSource(source: ReadSource): ReadSource {
  return {
    ...source,
    text: storableText(source.text),
    ...(source.link && {
      link: {
        ...source.link,
        title: storableText(source.link.title),
        description: storableText(source.link.description),
      },
    }),
  };
}

/** The user's model summarises when there is one; on any failure the extractive summary stays. */
async function modelSummary(
  ctx: AppContext,
  userId: string,
  name: string,
  text: string,
): Promise<{ summary: string; by: string } | undefined> {
  const [user] = await ctx.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const model = await resolveModel(ctx, { userId, isDemo: user.isDemo });
  if (model.kind === 'offline') return undefined;
  try {
    const answer = await generateForUser(ctx, userId, model, {
      purpose: 'summary',
      system:
        'You summarise documents from the user’s private knowledge base. Answer with the summary ' +
        'only: two or three sentences, in the language the document is written in.',
      prompt: `Document “${name}”:\n\n${cutText(text, SUMMARY_INPUT_CHARS)}`,
      temperature: 0.2,
      maxOutputTokens: 300,
    });
    const summary = answer.text.trim();
    return summary ? { summary: cutText(summary, 2000), by: model.config.model } : undefined;
  } catch (error) {
    ctx.log.warn({ err: error }, 'model summary failed; keeping the extractive one');
    return undefined;
  }
}

/** Only a code is stored (document-errors.ts): never an exception's text. */
async function markError(
  ctx: AppContext,
  payload: ProcessDocumentPayload,
  code: DocumentErrorCode,
): Promise<void> {
  await ctx.db
    .update(documents)
    .set({ status: 'error', errorReason: code, updatedAt: ctx.clock.now() })
    .where(and(eq(documents.id, payload.documentId), eq(documents.userId, payload.userId)));
}

/**
 * The processing pipeline: pending → processing → processed, or error with the
 * reason. Reads the original (upload), the page (link) or the stored text, then cuts passages,
 * indexes them in the document's language, and writes key topics, summary and quality. A file
 * that cannot be read ends in error at once; anything else (a network failure) is retried by
 * the queue, and ends in error after the last attempt.
 */
export async function processDocument(ctx: AppContext, payload: ProcessDocumentPayload): Promise<void> {
  const { userId, documentId } = payload;
  const [document] = await ctx.db
    .update(documents)
    .set({ status: 'processing', updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.userId, userId),
        inArray(documents.status, ['pending', 'processing']),
      ),
    )
    .returning();
  // Deleted, or already done by a worker whose lease had run out: nothing to do.
  if (!document) return;

  let source: ReadSource;
  try {
    source = storableSource(await readSource(ctx, document));
  } catch (error) {
    if (error instanceof ExtractionError) return markError(ctx, payload, error.code);
    if (error instanceof FileMissingError) {
      // Another process's disk (DATA_DIR without S3_BUCKET on several processes), or lost.
      ctx.log.warn({ err: error, documentId }, 'the original of a document is not in the file store');
      return markError(ctx, payload, 'file_missing');
    }
    if (error instanceof PageFetchError && error.reason !== 'unreachable' && error.reason !== 'timeout') {
      return markError(ctx, payload, fetchFailureCode(error.reason));
    }
    throw error;
  }
  const name = source.link && document.name === document.url ? source.link.title : document.name;
  // The name's words weigh more among the key topics.
  const facts = { title: name };
  const analysis =
    source.text.length > ANALYSE_IN_THREAD_CHARS
      ? await ctx.threads.run<ReturnType<typeof analyseText>>(threadTask('analyseText'), [source.text, facts])
      : analyseText(source.text, facts);
  const language = analysis.language ?? source.language;
  const written = await modelSummary(ctx, userId, name, source.text);
  // Before the transaction that marks the document processed, a few passages a statement: on
  // the embedded database a long document's search vectors would otherwise hold every other
  // query (and so every request) until they were all written.
  // Read again (a retry, a changed page): vectors of the earlier text would answer for the new.
  await forgetDocumentVectors(ctx, documentId);
  await writePassages(ctx.db, { id: documentId, userId, language }, analysis.index.passages);
  const now = ctx.clock.now();
  // A document removed meanwhile is left alone.
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .update(documents)
      .set({
        language,
        name,
        ...(source.link && {
          type: source.link.type,
          category: source.link.category,
          description: document.description || source.link.description,
          sizeBytes: Buffer.byteLength(source.text, 'utf8'),
        }),
        updatedAt: now,
      })
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
      .returning({ id: documents.id });
    if (!current) return;
    await indexDocumentText(
      tx,
      { id: documentId, userId, language },
      source.text,
      analysis.index,
      now,
      written,
      { passagesWritten: true },
    );
    await queueEmbeddingIfSearching(ctx, tx, userId);
  });
}

export function processDocumentJob(ctx: AppContext): JobHandler<ProcessDocumentPayload> {
  return {
    kind: PROCESS_DOCUMENT_JOB,
    maxAttempts: 3,
    // Reading happens in worker threads; two documents at once keep a small pool busy.
    concurrency: 2,
    run: (payload) => processDocument(ctx, payload),
    // The queue logs the error itself; the user sees only its kind.
    onFailed: (payload, error) =>
      markError(
        ctx,
        payload,
        error instanceof PageFetchError ? fetchFailureCode(error.reason) : 'processing_failed',
      ),
  };
}
