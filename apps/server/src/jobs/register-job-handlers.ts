import type { AppContext } from '../lib/context';
import { campaignRunJob } from '../modules/campaigns/run-campaign';
import { processDocumentJob } from '../modules/knowledge/process-document';
import { receiveMessageJob } from '../modules/messengers/receive-message';
import { signalsPollJob } from '../modules/signals/poll-signal-source';

/** Every kind of durable job the server runs, bound to the app's context. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.register(processDocumentJob(ctx));
  ctx.jobs.register(receiveMessageJob(ctx));
  ctx.jobs.register(campaignRunJob(ctx));
  ctx.jobs.register(signalsPollJob(ctx));
}
