import type { AppContext } from '../lib/context';
import { campaignRunJob } from '../modules/campaigns/run-campaign';
import { markLeadContacted, markLeadsResponded } from '../modules/campaigns/engage-leads';
import { answerContactReply } from '../modules/tasks/reply-tasks';
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

/** Who acts on which domain event (lib/domain-events.ts); names are stable job kinds. */
export function subscribeToDomainEvents(ctx: AppContext): void {
  ctx.domainEvents.subscribe('contact.replied', 'reply-task', (actor, event) => answerContactReply(ctx, actor, event));
  ctx.domainEvents.subscribe('contact.replied', 'lead-responded', (actor, event) =>
    markLeadsResponded(ctx, actor, event),
  );
  ctx.domainEvents.subscribe('message.sent', 'lead-contacted', (actor, event) => markLeadContacted(ctx, actor, event));
}
