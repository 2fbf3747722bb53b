import type { FastifyInstance } from 'fastify';
import { LEAD_CSV_MAX_BYTES } from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
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
import { sequenceFigures } from './sequence-figures';
import { updateCampaign } from './update-campaign';

const tags = ['campaigns'];

/**
 * The JSON of a CSV of LEAD_CSV_MAX_BYTES characters: escapes (quotes, line breaks) and
 * multi-byte characters make it up to about three bytes a character, plus the mapping.
 */
const CSV_BODY_LIMIT = LEAD_CSV_MAX_BYTES * 3 + 64 * 1024;

/** Growth: campaigns, their leads, and provider keys. */
export async function campaignsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  // Reads are served from the user's cache until the change feed drops it (every write to
  // campaigns, leads or their usage, from any process; a write here waits for it before it
  // answers): a 10,000-lead campaign's figures cost milliseconds of database time.
  const cache = campaignReadCache(ctx);
  const cached = <T>(userId: string, key: string, load: () => Promise<T>) => cache.get(userId, key, load);
  // Cached answers are built from typed rows by toCampaign/toLead and were whole when cached;
  // re-checking them against the zod schema on every way out would cost more than the read (as
  // for the task list). The schemas still document the answers in OpenAPI.
  const plainJson = () => (data: unknown) => JSON.stringify(data);
  on('campaigns.list', { serializerCompiler: plainJson }, async (request) => {
    const { userId } = requireAuth(request);
    return cached(userId, `list:${JSON.stringify(request.query)}`, () =>
      listCampaigns(ctx, userId, request.query),
    );
  });
  on('campaigns.create', async (request, reply) =>
    reply.code(201).send(await createCampaign(ctx, requireAuth(request).userId, request.body)),
  );
  on('campaigns.get', async (request) => {
    const { userId } = requireAuth(request);
    return cached(userId, `campaign:${request.params.id}`, () => getCampaign(ctx, userId, request.params.id));
  });
  on('campaigns.update', async (request) =>
    updateCampaign(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('campaigns.changeStatus', async (request) =>
    changeCampaignStatus(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('campaigns.retry', async (request) =>
    retryCampaignRun(ctx, requireAuth(request).userId, request.params.id),
  );
  on('campaigns.delete', async (request) => {
    await deleteCampaign(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
  on('campaigns.analytics', { serializerCompiler: plainJson }, async (request) => {
    const { userId } = requireAuth(request);
    return cached(userId, `analytics:${request.params.id}`, () =>
      campaignAnalytics(ctx, userId, request.params.id),
    );
  });

  on('campaigns.sequence', { serializerCompiler: plainJson }, async (request) => {
    const { userId } = requireAuth(request);
    return cached(userId, `sequence:${request.params.id}`, () =>
      sequenceFigures(ctx, userId, request.params.id),
    );
  });

  on('campaigns.leads', { serializerCompiler: plainJson }, async (request) => {
    const { userId } = requireAuth(request);
    return cached(userId, `leads:${request.params.id}:${JSON.stringify(request.query)}`, () =>
      listLeads(ctx, userId, request.params.id, request.query),
    );
  });
  on('campaigns.createLead', async (request, reply) =>
    reply.code(201).send(await createLead(ctx, requireAuth(request).userId, request.params.id, request.body)),
  );
  on('campaigns.updateLeadStatus', async (request) =>
    updateLeadStatus(
      ctx,
      requireAuth(request).userId,
      request.params.id,
      request.params.leadId,
      request.body,
    ),
  );
  on('campaigns.deleteLead', async (request) => {
    await deleteLead(ctx, requireAuth(request).userId, request.params.id, request.params.leadId);
    return { ok: true as const };
  });
  on('campaigns.leadCsvHeaders', { bodyLimit: CSV_BODY_LIMIT }, async (request) =>
    readLeadCsvHeaders(ctx, requireAuth(request).userId, request.params.id, request.body.csv),
  );
  on('campaigns.importLeads', { bodyLimit: CSV_BODY_LIMIT }, async (request) =>
    importLeadsCsv(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('campaigns.bulkEmail', async (request) => {
    const auth = requireAuth(request);
    // A sandbox anyone can open must not become a way to mail arbitrary addresses.
    if (auth.isDemo) throw new AppError('demo_restricted');
    return sendBulkEmail(ctx, auth.userId, request.params.id, request.body);
  });
  on(
    'campaigns.callList',
    { schema: { description: 'The call list as a CSV download (text/csv).', produces: ['text/csv'] } },
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

  on('growth.credentials', async (request) => listGrowthCredentials(ctx, requireAuth(request).userId));
  on('growth.saveCredential', async (request) => {
    const auth = requireAuth(request);
    // Sandboxes are shared sample data; a real key there would be spent by anyone holding it.
    if (auth.isDemo) throw new AppError('demo_restricted');
    return saveGrowthCredential(ctx, auth.userId, request.params.provider, request.body);
  });
  on('growth.deleteCredential', async (request) => {
    await deleteGrowthCredential(ctx, requireAuth(request).userId, request.params.provider);
    return { ok: true as const };
  });
}
