/*
 * What runs in the background, in one place: each module's durable job kinds and which module
 * acts on which domain event. The composition root (app.ts) calls both once.
 */
import type { AppContext } from './lib/context';
import { campaignRunJob, markLeadContacted, markLeadsResponded } from './modules/campaigns';
import { answerContactReply } from './modules/tasks';
import { processDocumentJob } from './modules/knowledge';
import { receiveMessageJob } from './modules/messengers';
import { signalsPollJob } from './modules/signals';

/** Every kind of durable job the server runs, bound to the app's context. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.register(processDocumentJob(ctx));
  ctx.jobs.register(receiveMessageJob(ctx));
  ctx.jobs.register(campaignRunJob(ctx));
  ctx.jobs.register(signalsPollJob(ctx));
}

/** Who acts on which domain event (lib/domain-events.ts); names are stable job kinds. */
export function subscribeToDomainEvents(ctx: AppContext): void {
  ctx.domainEvents.subscribe('contact.replied', 'reply-task', (actor, event) =>
    answerContactReply(ctx, actor, event),
  );
  ctx.domainEvents.subscribe('contact.replied', 'lead-responded', (actor, event) =>
    markLeadsResponded(ctx, actor, event),
  );
  ctx.domainEvents.subscribe('message.sent', 'lead-contacted', (actor, event) =>
    markLeadContacted(ctx, actor, event),
  );
}
