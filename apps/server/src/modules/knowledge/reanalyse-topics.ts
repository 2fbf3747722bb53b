import { setImmediate } from 'node:timers/promises';
import { and, documents, eq, gt, lte } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import type { JobHandler } from '../../lib/job-queue';
import { OFFLINE_SUMMARY } from './documents';
import { threadTask } from './extract-text';
import { topicsAndSummary } from './text-analysis';

/*
 * Documents processed before key phrases (docs/decisions/047) keep the word counts they were
 * given ("pilot, pilots, always") until their topics are worked out again from their stored
 * text. One job per user does it, a batch of documents per run in id order from a cursor in its
 * payload, queueing its continuation until none is left. Migration 0024 queues the first run
 * for every user with processed documents: a migration runs once per database, so the backfill
 * does too. Only documents last written before the backfill was queued are touched: one processed since has its topics from the new code, maybe
 * a model's. Writing the same topics again changes nothing, so a run taken over after a crash,
 * or the whole backfill run twice, is harmless.
 */

export const REANALYSE_TOPICS_JOB = 'knowledge.reanalyse-topics';

/** Documents per run: a run reads their whole texts at once. */
export const DOCUMENTS_PER_RUN = 25;

/** Texts this long are analysed in a worker thread, as process-document.ts does. */
const ANALYSE_IN_THREAD_CHARS = 20_000;

export interface ReanalyseTopicsPayload {
  userId: string;
  /** Documents last written up to this time (ISO) are re-analysed. */
  before: string;
  /** The continuation's starting point: the last document id the run before it did. */
  after?: string;
}

function analyse(ctx: AppContext, text: string, facts: { title: string; language: string | null }) {
  return text.length > ANALYSE_IN_THREAD_CHARS
    ? ctx.threads.run<ReturnType<typeof topicsAndSummary>>(threadTask('topicsAndSummary'), [text, facts])
    : Promise.resolve(topicsAndSummary(text, facts));
}

/** One run: a batch of the user's documents gets its topics (and an extractive summary) anew. */
export async function reanalyseTopics(ctx: AppContext, payload: ReanalyseTopicsPayload): Promise<void> {
  const { userId, before, after } = payload;
  const writtenBefore = and(eq(documents.userId, userId), lte(documents.updatedAt, new Date(before)));
  const batch = await ctx.db
    .select({
      id: documents.id,
      name: documents.name,
      content: documents.content,
      language: documents.language,
      keyTopics: documents.keyTopics,
      summary: documents.summary,
      summarizedBy: documents.summarizedBy,
    })
    .from(documents)
    .where(and(writtenBefore, eq(documents.status, 'processed'), after ? gt(documents.id, after) : undefined))
    .orderBy(documents.id)
    .limit(DOCUMENTS_PER_RUN);
  for (const document of batch) {
    const { topics, summary } = await analyse(ctx, document.content, {
      title: document.name,
      language: document.language,
    });
    // A model's summary stays; an extractive one picks its sentence by the topics.
    const offline = document.summarizedBy === OFFLINE_SUMMARY;
    const sameTopics = JSON.stringify(topics) === JSON.stringify(document.keyTopics);
    if (!sameTopics || (offline && summary !== document.summary)) {
      await ctx.db
        .update(documents)
        .set({ keyTopics: topics, ...(offline && { summary }) })
        .where(and(eq(documents.id, document.id), writtenBefore));
    }
    // An embedded database answers other requests between the documents.
    await setImmediate();
  }
  if (batch.length < DOCUMENTS_PER_RUN) return;
  await ctx.db.transaction(async (tx) => {
    const next = { userId, before, after: batch.at(-1)!.id };
    const waiting = await ctx.jobs.queued(tx, REANALYSE_TOPICS_JOB, { userId });
    if (waiting.length === 0) await ctx.jobs.enqueue(tx, REANALYSE_TOPICS_JOB, next);
  });
}

export function reanalyseTopicsJob(ctx: AppContext): JobHandler<ReanalyseTopicsPayload> {
  return {
    kind: REANALYSE_TOPICS_JOB,
    maxAttempts: 3,
    // Background housekeeping: one user's batch at a time leaves the workers to new documents.
    concurrency: 1,
    run: (payload) => reanalyseTopics(ctx, payload),
  };
}
