import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, uploadCategories } from '@doppel/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { refuseUnstorableText } from '../../plugins/refuse-hostile-text';
import { createLink, previewLink, retryDocument, uploadDocuments, type UploadedFile } from './add-documents';
import { createThought, deleteDocument, getDocument, listDocuments } from './documents';
import { resumeIndexing, semanticSearchStatus } from './embed-passages';
import { searchKnowledge } from './search-knowledge';

const tags = ['knowledge'];
const uploadCategorySchema = z.enum(uploadCategories);

/**
 * Reads a multipart upload: an optional `category` field, then the files. A file past the size
 * cap is read no further and comes back truncated, so it is refused on its own while the
 * others go through. Names and field values that no column can store are refused
 * (invalid_characters), and so is a body the multipart parser cannot read or without a file.
 */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('validation_failed', 'Send the files as multipart/form-data.', {
      reason: 'upload_not_multipart',
    });
  }
  const files: UploadedFile[] = [];
  let category: z.infer<typeof uploadCategorySchema> = 'documents';
  try {
    for await (const part of request.parts()) {
      // A part without a name (or whose header was too long to read one) is not form data.
      if (!part.fieldname) {
        throw new AppError('validation_failed', 'Every part of the upload needs a name.', {
          reason: 'upload_part_unnamed',
        });
      }
      refuseUnstorableText(part.fieldname);
      if (part.type === 'field') {
        refuseUnstorableText(String(part.value));
        if (part.fieldname !== 'category') continue;
        const parsed = uploadCategorySchema.safeParse(part.value);
        if (!parsed.success)
          throw new AppError('validation_failed', 'Unknown category', {
            reason: 'upload_category_unknown',
            fields: { category: 'invalid' },
          });
        category = parsed.data;
        continue;
      }
      refuseUnstorableText(part.filename);
      const data = await part.toBuffer();
      files.push({ fileName: part.filename, data, truncated: part.file.truncated });
    }
  } catch (error) {
    // The plugin's own errors carry their status (413 past a limit); the parser underneath
    // (busboy) throws plain errors for a body it cannot read: truncated, wrong boundary…
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('validation_failed', 'The upload is not a readable multipart/form-data body.', {
      reason: 'upload_unreadable',
    });
  }
  // Parts without a Content-Disposition are skipped by the parser; a body of only those has none.
  if (files.length === 0) {
    throw new AppError('validation_failed', 'Choose at least one file.', { reason: 'upload_no_files' });
  }
  return { files, category };
}

/** The knowledge base. */
export async function knowledgeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // A scope of their own: the multipart parser below is for uploads, not for these.
  await app.register(async (scope) => {
    const on = routeTable(scope, { tags });
    on('knowledge.semanticStatus', async (request) => semanticSearchStatus(ctx, requireAuth(request).userId));
    on('knowledge.resumeIndexing', async (request) => resumeIndexing(ctx, requireAuth(request).userId));
  });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_FILES_PER_UPLOAD,
      fields: 5,
      fieldSize: 1024,
      parts: MAX_FILES_PER_UPLOAD + 5,
    },
    throwFileSizeLimit: false,
  });
  const on = routeTable(app, { tags });
  on('knowledge.list', async (request) => listDocuments(ctx, requireAuth(request).userId, request.query));
  on(
    'knowledge.upload',
    {
      schema: {
        consumes: ['multipart/form-data'],
        description: 'Multipart: an optional `category` field (documents, references), then up to 10 files.',
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const { files, category } = await readUpload(request);
      return reply.code(201).send(await uploadDocuments(ctx, userId, files, category));
    },
  );
  on('knowledge.previewLink', async (request) => {
    requireAuth(request);
    return previewLink(ctx, request.body.url);
  });
  on('knowledge.createLink', async (request, reply) =>
    reply.code(201).send(await createLink(ctx, requireAuth(request).userId, request.body)),
  );
  on('knowledge.createThought', async (request, reply) =>
    reply.code(201).send(await createThought(ctx, requireAuth(request).userId, request.body)),
  );
  on('knowledge.search', async (request) =>
    searchKnowledge(ctx, requireAuth(request).userId, request.query.q, request.query.limit),
  );
  on('knowledge.get', async (request) => getDocument(ctx.db, requireAuth(request).userId, request.params.id));
  on(
    'knowledge.retry',
    {
      schema: {
        description: 'Processing again after an error; an upload may send one replacement file (multipart).',
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const replacement = request.isMultipart() ? (await readUpload(request)).files[0] : undefined;
      return retryDocument(ctx, userId, request.params.id, replacement);
    },
  );
  on('knowledge.delete', async (request) => {
    await deleteDocument(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
}
