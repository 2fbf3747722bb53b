import type { DbOrTx } from '@doppel/db';
import type { JobHandler } from '../../jobs/job-queue';
import type { AppContext } from '../../lib/context';

/** The durable job that runs a campaign's stages: extraction → enrichment → engagement. */
export const CAMPAIGN_RUN_JOB = 'campaigns.run';

export interface CampaignRunPayload {
  userId: string;
  campaignId: string;
  [key: string]: unknown;
}

/**
 * Queues the next run of a campaign in the transaction that started it; call ctx.jobs.wake()
 * after the commit.
 */
export async function enqueueCampaignRun(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  campaignId: string,
): Promise<void> {
  await ctx.jobs.enqueue(tx, CAMPAIGN_RUN_JOB, { userId, campaignId });
}

export function campaignRunJob(ctx: AppContext): JobHandler<CampaignRunPayload> {
  return {
    kind: CAMPAIGN_RUN_JOB,
    maxAttempts: 3,
    run: async (payload) => {
      // Filled in by the runs work (issue 8 §4).
      void ctx;
      void payload;
    },
  };
}
