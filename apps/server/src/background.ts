/*
 * What runs in the background, in one place: each module's durable job kinds, the work the
 * cluster does on a clock, and which module acts on which domain event. The composition root
 * (app.ts) calls each once.
 */
import type { Database } from '@doppel/db';
import type { AppContext } from './lib/context';
import { emailDeliveryJob } from './integrations/email/mailer';
import { pruneRateLimitCounters } from './lib/rate-limit';
import {
  campaignRunJob,
  markLeadContacted,
  markLeadsResponded,
  recordBounces,
  recordTouch,
  sequenceJob,
  stepMailSettled,
  stepSent,
  stopOnReply,
  unsubscribeByMail,
  unsubscribeLinks,
} from './modules/campaigns';
import { removeExpiredDemoSandboxes } from './modules/demo';
import { answerContactReply, showEmailDelivery } from './modules/tasks';
import {
  embedPassagesJob,
  processDocumentJob,
  queueEmbedding,
  reanalyseTopicsJob,
  sweepEmbeddings,
} from './modules/knowledge';
import {
  checkAllMessengerHealth,
  pollMailboxes,
  pollMessengers,
  pruneInboundEvents,
  receiveMessageJob,
  sendMailJob,
  syncMailboxJob,
} from './modules/messengers';
import { signalsPollJob } from './modules/signals';
import { announceUrgentTasks, linkTelegramChat, sendDailyDigests } from './modules/notifications';

const MINUTE = 60 * 1000;
const HOUSEKEEPING_EVERY_MS = 15 * MINUTE;
const RATE_LIMIT_COUNTER_RETENTION_MS = 24 * 60 * MINUTE;
/** Platform event ids are kept this long to refuse a redelivered message. */
const INBOUND_EVENT_RETENTION_MS = 7 * 24 * 60 * MINUTE;

/** Every kind of durable job the server runs, bound to the app's context. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.register(processDocumentJob(ctx));
  ctx.jobs.register(embedPassagesJob(ctx));
  ctx.jobs.register(reanalyseTopicsJob(ctx));
  ctx.jobs.register(receiveMessageJob(ctx));
  ctx.jobs.register(syncMailboxJob(ctx));
  // Campaign mail carries campaigns' unsubscribe links.
  ctx.jobs.register(sendMailJob(ctx, unsubscribeLinks(ctx)));
  ctx.jobs.register(campaignRunJob(ctx));
  ctx.jobs.register(sequenceJob(ctx));
  ctx.jobs.register(signalsPollJob(ctx));
  // The app's own email through SMTP_URL: the mailer (an integration every module sends
  // through) owns both ends of the kind, queueing in send() and delivering here.
  ctx.jobs.register(emailDeliveryJob(ctx));
}

/**
 * Work on a clock, each run once per slot by whichever process's worker claims it (lib/job-queue
 * Schedule; docs/decisions/027). Names are stable: each names the schedule's one job row.
 */
export function registerSchedules(ctx: AppContext, database: Pick<Database, 'refreshStatistics'>): void {
  const every = (everyMs: number, name: string, run: () => Promise<void>) =>
    ctx.jobs.schedule({ name, everyMs, run });
  const ago = (ms: number) => new Date(ctx.clock.now().getTime() - ms);
  // Connections without a webhook (a local Telegram bot) pull their messages.
  every(30 * 1000, 'schedule:messengers.poll', () => pollMessengers(ctx));
  // Connected mailboxes are read for new mail (docs/decisions/031).
  every(MINUTE, 'schedule:messengers.poll-mailboxes', () => pollMailboxes(ctx));
  // The health each messenger card shows.
  every(HOUSEKEEPING_EVERY_MS, 'schedule:messengers.health', () => checkAllMessengerHealth(ctx));
  every(HOUSEKEEPING_EVERY_MS, 'schedule:demo.remove-expired', async () => {
    const removed = await removeExpiredDemoSandboxes(ctx.db, ctx.clock.now());
    if (removed > 0) ctx.log.info({ removed }, 'expired demo sandboxes removed');
  });
  every(HOUSEKEEPING_EVERY_MS, 'schedule:rate-limits.prune', () =>
    pruneRateLimitCounters(ctx.db, ago(RATE_LIMIT_COUNTER_RETENTION_MS)),
  );
  every(HOUSEKEEPING_EVERY_MS, 'schedule:messengers.prune-inbound-events', () =>
    pruneInboundEvents(ctx.db, ago(INBOUND_EVENT_RETENTION_MS)),
  );
  // Urgent tasks go out by email, push and Telegram as they come; the daily digest is due per
  // user once a day, whenever their day started (modules/notifications).
  every(30 * 1000, 'schedule:notifications.announce', () => announceUrgentTasks(ctx));
  every(15 * MINUTE, 'schedule:notifications.daily-digest', () => sendDailyDigests(ctx));
  // Search by meaning's index catches up where it stopped (a provider down, pgvector installed later).
  every(60 * MINUTE, 'schedule:knowledge.embedding-sweep', () => sweepEmbeddings(ctx));
  // PGlite has no autovacuum (a no-op on PostgreSQL). Its statistics are the one process's own,
  // and PGlite is only ever one process.
  every(HOUSEKEEPING_EVERY_MS, 'schedule:database.statistics', () => database.refreshStatistics());
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
  // Campaign sequences (docs/decisions/041): a sent step moves its lead on, every campaign
  // message is a touch of its person, and a reply — or a campaign email that failed — ends or
  // skips what was to come.
  ctx.domainEvents.subscribe('message.sent', 'sequence-step-sent', (actor, event) =>
    stepSent(ctx, actor, event),
  );
  ctx.domainEvents.subscribe('message.sent', 'campaign-touch', (actor, event) =>
    recordTouch(ctx, actor, event),
  );
  ctx.domainEvents.subscribe('contact.replied', 'sequence-stop', (actor, event) =>
    stopOnReply(ctx, actor, event),
  );
  ctx.domainEvents.subscribe('email.settled', 'sequence-mail-settled', (actor, event) =>
    stepMailSettled(ctx, actor, event),
  );
  ctx.domainEvents.subscribe('email.settled', 'task-email-delivery', (actor, event) =>
    showEmailDelivery(ctx, actor, event),
  );
  ctx.domainEvents.subscribe('email.bounced', 'email-bounced', (actor, event) =>
    recordBounces(ctx, actor, event),
  );
  ctx.domainEvents.subscribe('email.unsubscribe-requested', 'email-unsubscribe', (actor, event) =>
    unsubscribeByMail(ctx, actor, event),
  );
  // A `/start <code>` to the user's own Telegram bot links their chat for notifications.
  ctx.domainEvents.subscribe('telegram.started', 'notifications-telegram-link', (actor, event) =>
    linkTelegramChat(ctx, actor, event),
  );
  // A new search model indexes the knowledge base again; without one its vectors are dropped.
  ctx.domainEvents.subscribe('search-model.changed', 'knowledge-embeddings', (actor) =>
    ctx.db.transaction((tx) => queueEmbedding(ctx, tx, actor.userId)),
  );
}
