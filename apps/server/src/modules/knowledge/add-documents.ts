import {
  createLinkInputSchema,
  errorMessages,
  KNOWLEDGE_QUOTA_BYTES,
  MAX_UPLOAD_BYTES,
  type CreateLinkInput,
  type DocumentErrorCode,
  type ErrorReason,
  type KnowledgeDocument,
  type LinkPreview,
  type UploadErrorCode,
  type UploadResult,
} from '@doppel/contracts';
import { and, documents, eq, isNotNull, sql } from '@doppel/db';
import { PageFetchError } from '../../integrations/web/fetch-page';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { ExtractionError, fetchFailureCode } from './document-errors';
import { DOCUMENT_NOT_FOUND, getDocument } from './documents';
import { sniffFileType, type UploadType } from './file-types';
import { isYouTubeUrl } from './read-html';
import { PROCESS_DOCUMENT_JOB, readLink } from './process-document';
import { cutText } from '../../lib/text';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
  /** The file went past MAX_UPLOAD_BYTES and was cut off while reading. */
  truncated: boolean;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** How soon to try again when the file store failed: S3 gives up on a connection after 5 s. */
const STORE_RETRY_AFTER_SECONDS = 5;

const STORE_FAILED = {
  code: 'storage_unavailable',
  message: errorMessages.storage_unavailable,
} as const satisfies { code: UploadErrorCode; message: string };

/** The file store could not take a file: the store's fault (unreachable, full), not the file's. */
class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** Keeps an original in the file store; what the store throws is logged, never shown. */
async function keepFile(ctx: AppContext, key: string, data: Buffer): Promise<void> {
  try {
    await ctx.files.write(key, data);
  } catch (error) {
    ctx.log.warn({ err: error, key }, 'the file store could not keep an upload');
    throw new StoreUnavailableError('The file store could not keep the file', { cause: error });
  }
}

/** Bytes of originals the user keeps, which the quota counts. */
async function storedBytes(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ bytes: sql<string>`coalesce(sum(${documents.sizeBytes}), 0)` })
    .from(documents)
    .where(and(eq(documents.userId, userId), isNotNull(documents.filePath)));
  return Number(row?.bytes ?? 0);
}

/** The name shown for an upload: its file name without the folder a browser may send. */
function displayName(fileName: string): string {
  return cutText(fileName.split(/[\\/]/).pop()!.trim(), 200) || 'file';
}

/** Why the checks refuse a file; storage_unavailable comes later, from the file store. */
type UploadRefusal = Exclude<UploadErrorCode, 'storage_unavailable'>;

type UploadCheck = { type: UploadType } | { error: { code: UploadRefusal; message: string } };

/** A refused replacement file's reason, for the web app to word (decision 039). */
const REPLACEMENT_REFUSALS: Record<UploadRefusal, ErrorReason> = {
  too_large: 'file_too_large',
  quota_exceeded: 'storage_quota_exceeded',
  unsupported_type: 'unsupported_type',
  empty: 'file_empty',
};

/** The checks every uploaded file passes: size, type read from its content, the user's quota. */
function checkUpload(file: UploadedFile, fileName: string, bytesInUse: number): UploadCheck {
  if (file.truncated || file.data.length > MAX_UPLOAD_BYTES) {
    return {
      error: { code: 'too_large', message: `The file is larger than ${megabytes(MAX_UPLOAD_BYTES)}.` },
    };
  }
  const sniffed = sniffFileType(file.data, fileName);
  if ('error' in sniffed) return { error: { code: sniffed.error, message: sniffed.message } };
  if (bytesInUse + file.data.length > KNOWLEDGE_QUOTA_BYTES) {
    return {
      error: {
        code: 'quota_exceeded',
        message: `Your knowledge base would pass its ${megabytes(KNOWLEDGE_QUOTA_BYTES)} of files.`,
      },
    };
  }
  return { type: sniffed.type };
}

/**
 * Upload file: each file is checked on its own — size, the user's quota, its type read
 * from its content — and either becomes a pending document with its original kept and a
 * processing job queued (one transaction per file), or gets its own reason for refusal.
 */
export async function uploadDocuments(
  ctx: AppContext,
  userId: string,
  files: UploadedFile[],
  category: 'documents' | 'references' = 'documents',
): Promise<UploadResult> {
  let used = await storedBytes(ctx, userId);
  const results: UploadResult['results'] = [];
  // Once the store failed, the files after it are not tried: each would wait out its timeout.
  let storeFailed = false;
  for (const file of files) {
    const fileName = displayName(file.fileName);
    const checked = checkUpload(file, fileName, used);
    if ('error' in checked) {
      results.push({ fileName, error: checked.error });
      continue;
    }
    if (storeFailed) {
      results.push({ fileName, error: STORE_FAILED });
      continue;
    }
    const now = ctx.clock.now();
    let document: KnowledgeDocument;
    try {
      document = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(documents)
          .values({
            userId,
            name: fileName,
            category,
            type: checked.type,
            sizeBytes: file.data.length,
            status: 'pending',
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: documents.id });
        const filePath = `${userId}/${row!.id}`;
        await tx.update(documents).set({ filePath }).where(eq(documents.id, row!.id));
        // Kept before the commit: the job that reads it exists only once the commit succeeds.
        await keepFile(ctx, filePath, file.data);
        await ctx.jobs.enqueue(tx, PROCESS_DOCUMENT_JOB, { userId, documentId: row!.id });
        return getDocument(tx, userId, row!.id);
      });
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      // The transaction rolled back: no document without its file.
      results.push({ fileName, error: STORE_FAILED });
      storeFailed = true;
      continue;
    }
    used += file.data.length;
    results.push({ fileName, document });
  }
  return { results };
}

function linkError(error: unknown): never {
  if (error instanceof PageFetchError || error instanceof ExtractionError) {
    // The document error code is the reason: the web app words it as it words a failed link.
    const reason: DocumentErrorCode =
      error instanceof PageFetchError ? fetchFailureCode(error.reason) : error.code;
    throw new AppError('link_unreachable', error.message, { reason });
  }
  throw error;
}

/** Add link: the page's title, description and site, shown before saving. */
export async function previewLink(ctx: AppContext, url: string): Promise<LinkPreview> {
  try {
    const { page, read } = await readLink(ctx, url);
    return {
      url: page.url,
      title: read.title,
      description: read.description,
      site: read.site,
      type: read.type,
    };
  } catch (error) {
    linkError(error);
  }
}

/**
 * Saves a link as a pending document; the processing job fetches and indexes its text (safe
 * fetching). Named by the user, else after the page's title once it is read.
 */
export async function createLink(
  ctx: AppContext,
  userId: string,
  input: CreateLinkInput,
): Promise<KnowledgeDocument> {
  const { url, name, description } = createLinkInputSchema.parse(input);
  const normalized = new URL(url).href;
  const now = ctx.clock.now();
  const document = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documents)
      .values({
        userId,
        // The job replaces a name equal to the address with the page's title.
        name: name || normalized,
        description: description ?? '',
        url: normalized,
        category: 'links',
        type: isYouTubeUrl(new URL(normalized)) ? 'youtube' : 'link',
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: documents.id });
    await ctx.jobs.enqueue(tx, PROCESS_DOCUMENT_JOB, { userId, documentId: row!.id });
    return getDocument(tx, userId, row!.id);
  });
  return document;
}

/**
 * Retry after an error: the document goes back to pending with a new job. An
 * upload may come with a replacement file, which must pass the same checks as an upload.
 */
export async function retryDocument(
  ctx: AppContext,
  userId: string,
  documentId: string,
  replacement?: UploadedFile,
): Promise<KnowledgeDocument> {
  const [current] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
  if (!current) throw new AppError('not_found', DOCUMENT_NOT_FOUND, { reason: 'document_not_found' });
  if (current.status !== 'error') {
    throw new AppError('conflict', 'Only a document whose processing failed can be retried.', {
      reason: 'document_not_failed',
    });
  }
  let type = current.type;
  if (replacement) {
    if (!current.filePath) {
      throw new AppError('validation_failed', 'Only an uploaded file can be replaced.', {
        reason: 'document_not_a_file',
      });
    }
    const used = (await storedBytes(ctx, userId)) - current.sizeBytes;
    const checked = checkUpload(replacement, replacement.fileName, used);
    if ('error' in checked) {
      throw new AppError(
        checked.error.code === 'too_large' ? 'payload_too_large' : 'validation_failed',
        checked.error.message,
        { reason: REPLACEMENT_REFUSALS[checked.error.code] },
      );
    }
    type = checked.type;
  }
  const now = ctx.clock.now();
  let document: KnowledgeDocument;
  try {
    document = await ctx.db.transaction(async (tx) => {
      await tx
        .update(documents)
        .set({
          status: 'pending',
          errorReason: null,
          type,
          ...(replacement && { sizeBytes: replacement.data.length }),
          updatedAt: now,
        })
        .where(eq(documents.id, documentId));
      if (replacement) await keepFile(ctx, current.filePath!, replacement.data);
      await ctx.jobs.enqueue(tx, PROCESS_DOCUMENT_JOB, { userId, documentId });
      return getDocument(tx, userId, documentId);
    });
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      throw new AppError('storage_unavailable', undefined, { retryAfter: STORE_RETRY_AFTER_SECONDS });
    }
    throw error;
  }
  return document;
}
