import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  bulkEmailInputSchema,
  bulkEmailResultSchema,
  campaignAnalyticsSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignSchema,
  changeCampaignStatusInputSchema,
  createCampaignInputSchema,
  createLeadInputSchema,
  growthCredentialSchema,
  growthProviderSchema,
  importLeadsCsvInputSchema,
  LEAD_CSV_MAX_BYTES,
  leadCsvFields,
  leadIdParamsSchema,
  leadImportReportSchema,
  leadPageSchema,
  leadSchema,
  listCampaignsQuerySchema,
  listLeadsQuerySchema,
  okSchema,
  saveGrowthCredentialInputSchema,
  updateCampaignInputSchema,
  updateLeadStatusInputSchema,
} from '@doppel/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { sendBulkEmail } from './bulk-email';
import { buildCallList } from './call-list';
import { campaignAnalytics } from './campaign-analytics';
import { campaignReadCache, getCampaign, listCampaigns } from './campaign-queries';
import { changeCampaignStatus, deleteCampaign, retryCampaignRun } from './change-campaign-status';
import { createCampaign } from './create-campaign';
import { deleteGrowthCredential, listGrowthCredentials, saveGrowthCredential } from './growth-credentials';
import { importLeadsCsv, readLeadCsvHeaders } from './import-leads-csv';
import { createLead, deleteLead, listLeads, updateLeadStatus } from './leads';
import { updateCampaign } from './update-campaign';

const tags = ['campaigns'];
const params = campaignIdParamsSchema;
const providerParams = z.object({ provider: growthProviderSchema });

/**
 * The JSON of a CSV of LEAD_CSV_MAX_BYTES characters: escapes (quotes, line breaks) and
 * multi-byte characters make it up to about three bytes a character, plus the mapping.
 */
const CSV_BODY_LIMIT = LEAD_CSV_MAX_BYTES * 3 + 64 * 1024;

export const csvHeadersInputSchema = z.object({ csv: importLeadsCsvInputSchema.shape.csv }).strict();
export const csvHeadersSchema = z.object({
  headers: z.array(z.string()),
  /** Lead field → header; null when no column looks like a name. */
  suggestedMapping: z.partialRecord(z.enum(leadCsvFields), z.string()).nullable(),
});

/** Growth (spec §2 Campaigns, §3 Campaign, Lead): campaigns, their leads, and provider keys. */
export async function campaignsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reads are served from the user's cache until a change notice (or this process's own write,
  // below) drops it: a 10,000-lead campaign's figures cost milliseconds of database time.
  const cache = campaignReadCache(ctx);
  const cached = <T>(userId: string, key: string, load: () => Promise<T>) => cache.get(userId, key, load);
  // Cached answers are built from typed rows by toCampaign/toLead and were whole when cached;
  // re-checking them against the zod schema on every way out would cost more than the read (as
  // for the task list). The schemas still document the answers in OpenAPI.
  const plainJson = () => (data: unknown) => JSON.stringify(data);
  // After any write here has committed and before its answer leaves, so the client's next read
  // already sees it; other processes learn of it through the database's change notice.
  r.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.auth) cache.forget(request.auth.userId);
  });

  r.get(
    '/campaigns',
    {
      schema: { tags, querystring: listCampaignsQuerySchema, response: { 200: campaignListSchema } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      return cached(userId, `list:${JSON.stringify(request.query)}`, () =>
        listCampaigns(ctx, userId, request.query),
      );
    },
  );
  r.post(
    '/campaigns',
    { schema: { tags, body: createCampaignInputSchema, response: { 201: campaignSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createCampaign(ctx, requireAuth(request).userId, request.body)),
  );
  r.get(
    '/campaigns/:id',
    { schema: { tags, params, response: { 200: campaignSchema } } },
    async (request) => {
      const { userId } = requireAuth(request);
      return cached(userId, `campaign:${request.params.id}`, () =>
        getCampaign(ctx, userId, request.params.id),
      );
    },
  );
  r.patch(
    '/campaigns/:id',
    { schema: { tags, params, body: updateCampaignInputSchema, response: { 200: campaignSchema } } },
    async (request) => updateCampaign(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.post(
    '/campaigns/:id/status',
    { schema: { tags, params, body: changeCampaignStatusInputSchema, response: { 200: campaignSchema } } },
    async (request) =>
      changeCampaignStatus(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.post(
    '/campaigns/:id/retry',
    { schema: { tags, params, response: { 200: campaignSchema } } },
    async (request) => retryCampaignRun(ctx, requireAuth(request).userId, request.params.id),
  );
  r.delete('/campaigns/:id', { schema: { tags, params, response: { 200: okSchema } } }, async (request) => {
    await deleteCampaign(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
  r.get(
    '/campaigns/:id/analytics',
    { schema: { tags, params, response: { 200: campaignAnalyticsSchema } }, serializerCompiler: plainJson },
    async (request) => {
      const { userId } = requireAuth(request);
      return cached(userId, `analytics:${request.params.id}`, () =>
        campaignAnalytics(ctx, userId, request.params.id),
      );
    },
  );

  r.get(
    '/campaigns/:id/leads',
    {
      schema: { tags, params, querystring: listLeadsQuerySchema, response: { 200: leadPageSchema } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      return cached(userId, `leads:${request.params.id}:${JSON.stringify(request.query)}`, () =>
        listLeads(ctx, userId, request.params.id, request.query),
      );
    },
  );
  r.post(
    '/campaigns/:id/leads',
    { schema: { tags, params, body: createLeadInputSchema, response: { 201: leadSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createLead(ctx, requireAuth(request).userId, request.params.id, request.body)),
  );
  r.patch(
    '/campaigns/:id/leads/:leadId',
    {
      schema: {
        tags,
        params: leadIdParamsSchema,
        body: updateLeadStatusInputSchema,
        response: { 200: leadSchema },
      },
    },
    async (request) =>
      updateLeadStatus(
        ctx,
        requireAuth(request).userId,
        request.params.id,
        request.params.leadId,
        request.body,
      ),
  );
  r.delete(
    '/campaigns/:id/leads/:leadId',
    { schema: { tags, params: leadIdParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteLead(ctx, requireAuth(request).userId, request.params.id, request.params.leadId);
      return { ok: true as const };
    },
  );
  r.post(
    '/campaigns/:id/leads/csv-headers',
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: { tags, params, body: csvHeadersInputSchema, response: { 200: csvHeadersSchema } },
    },
    async (request) =>
      readLeadCsvHeaders(ctx, requireAuth(request).userId, request.params.id, request.body.csv),
  );
  r.post(
    '/campaigns/:id/leads/import',
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: { tags, params, body: importLeadsCsvInputSchema, response: { 200: leadImportReportSchema } },
    },
    async (request) => importLeadsCsv(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.post(
    '/campaigns/:id/leads/bulk-email',
    { schema: { tags, params, body: bulkEmailInputSchema, response: { 200: bulkEmailResultSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      // A sandbox anyone can open must not become a way to mail arbitrary addresses.
      if (auth.isDemo) throw new AppError('demo_restricted');
      return sendBulkEmail(ctx, auth.userId, request.params.id, request.body);
    },
  );
  r.get(
    '/campaigns/:id/leads/call-list.csv',
    {
      schema: {
        tags,
        params,
        description: 'The call list as a CSV download (text/csv).',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await buildCallList(ctx, requireAuth(request).userId, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${fileName.ascii}"; filename*=UTF-8''${encodeURIComponent(fileName.utf8)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  r.get(
    '/growth/credentials',
    { schema: { tags, response: { 200: z.array(growthCredentialSchema) } } },
    async (request) => listGrowthCredentials(ctx, requireAuth(request).userId),
  );
  r.put(
    '/growth/credentials/:provider',
    {
      schema: {
        tags,
        params: providerParams,
        body: saveGrowthCredentialInputSchema,
        response: { 200: growthCredentialSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Sandboxes are shared sample data; a real key there would be spent by anyone holding it.
      if (auth.isDemo) throw new AppError('demo_restricted');
      return saveGrowthCredential(ctx, auth.userId, request.params.provider, request.body);
    },
  );
  r.delete(
    '/growth/credentials/:provider',
    { schema: { tags, params: providerParams, response: { 200: okSchema } } },
    async (request) => {
      await deleteGrowthCredential(ctx, requireAuth(request).userId, request.params.provider);
      return { ok: true as const };
    },
  );
}
