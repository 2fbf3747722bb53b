import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  createLinkInputSchema,
  createThoughtInputSchema,
  documentListQuerySchema,
  documentListSchema,
  documentSchema,
  knowledgeSearchQuerySchema,
  knowledgeSearchResultSchema,
  linkPreviewInputSchema,
  linkPreviewSchema,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  okSchema,
  uploadCategories,
  uploadResultSchema,
} from '@doppel/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { createLink, previewLink, retryDocument, uploadDocuments, type UploadedFile } from './add-documents';
import { createThought, deleteDocument, getDocument, listDocuments } from './documents';
import { searchKnowledge } from './search-knowledge';

const tags = ['knowledge'];
const params = z.object({ id: z.uuid() });
const uploadCategorySchema = z.enum(uploadCategories);

/**
 * Reads a multipart upload: an optional `category` field, then the files. A file past the size
 * cap is read no further and comes back truncated, so it is refused on its own while the
 * others go through.
 */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError('validation_failed', 'Send the files as multipart/form-data.');
  const files: UploadedFile[] = [];
  let category: z.infer<typeof uploadCategorySchema> = 'documents';
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname !== 'category') continue;
      const parsed = uploadCategorySchema.safeParse(part.value);
      if (!parsed.success)
        throw new AppError('validation_failed', 'Unknown category', { fields: { category: 'invalid' } });
      category = parsed.data;
      continue;
    }
    const data = await part.toBuffer();
    files.push({ fileName: part.filename, data, truncated: part.file.truncated });
  }
  return { files, category };
}

/** The knowledge base (spec §2 Knowledge base, §3 Document). */
export async function knowledgeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/documents',
    { schema: { tags, querystring: documentListQuerySchema, response: { 200: documentListSchema } } },
    async (request) => listDocuments(ctx, requireAuth(request).userId, request.query),
  );
  r.post(
    '/documents/upload',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'Multipart: an optional `category` field (documents, references), then up to 10 files.',
        response: { 201: uploadResultSchema },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const { files, category } = await readUpload(request);
      if (files.length === 0) throw new AppError('validation_failed', 'Choose at least one file.');
      return reply.code(201).send(await uploadDocuments(ctx, userId, files, category));
    },
  );
  r.post(
    '/documents/link-preview',
    { schema: { tags, body: linkPreviewInputSchema, response: { 200: linkPreviewSchema } } },
    async (request) => {
      requireAuth(request);
      return previewLink(ctx, request.body.url);
    },
  );
  r.post(
    '/documents/links',
    { schema: { tags, body: createLinkInputSchema, response: { 201: documentSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createLink(ctx, requireAuth(request).userId, request.body)),
  );
  r.post(
    '/documents/thoughts',
    { schema: { tags, body: createThoughtInputSchema, response: { 201: documentSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createThought(ctx, requireAuth(request).userId, request.body)),
  );
  r.get(
    '/documents/search',
    {
      schema: {
        tags,
        querystring: knowledgeSearchQuerySchema,
        response: { 200: knowledgeSearchResultSchema },
      },
    },
    async (request) =>
      searchKnowledge(ctx, requireAuth(request).userId, request.query.q, request.query.limit),
  );
  r.get('/documents/:id', { schema: { tags, params, response: { 200: documentSchema } } }, async (request) =>
    getDocument(ctx.db, requireAuth(request).userId, request.params.id),
  );
  r.post(
    '/documents/:id/retry',
    {
      schema: {
        tags,
        params,
        description: 'Processing again after an error; an upload may send one replacement file (multipart).',
        response: { 200: documentSchema },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const replacement = request.isMultipart() ? (await readUpload(request)).files[0] : undefined;
      return retryDocument(ctx, userId, request.params.id, replacement);
    },
  );
  r.delete('/documents/:id', { schema: { tags, params, response: { 200: okSchema } } }, async (request) => {
    await deleteDocument(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
}
