import type { SignalItemKind, SignalPlatform } from '@doppel/contracts';
import { and, eq, signalItems, signalSources, sql, tasks, type DbOrTx } from '@doppel/db';

/*
 * The demo sandbox's signal sources: a news feed, a subreddit and a
 * content plan, each labelled as sample (is_sample, "(sample)" in the name), with items that
 * point at the sandbox's sample tasks of the matching kind, plus a job change. Nothing is
 * scheduled: sandboxes never poll.
 */

interface SampleSource {
  kind: 'rss' | 'reddit' | 'content_plan';
  name: string;
  url?: string;
  subreddit?: string;
  keywords?: string[];
  cadencePerWeek?: number;
  platforms?: SignalPlatform[];
  itemsSeen: number;
  /** Sample tasks this source made: chosen by their type and trigger. */
  taskOf: { type: string; triggerType: string | null };
  item: { kind: SignalItemKind; title: string; url: string | null };
}

const SAMPLE_SOURCES: SampleSource[] = [
  {
    kind: 'rss',
    name: 'Sample Tech News (sample)',
    url: 'https://example.com/news/feed.xml',
    keywords: ['seed round', 'outreach'],
    itemsSeen: 14,
    taskOf: { type: 'proactive_message', triggerType: 'rss_news' },
    item: {
      kind: 'rss_item',
      title: 'Atelier Numérique lève 2 M€',
      url: 'https://example.com/news/atelier-numerique',
    },
  },
  {
    kind: 'reddit',
    name: 'r/venturecapital (sample)',
    subreddit: 'venturecapital',
    keywords: ['investor updates', 'outreach tools'],
    itemsSeen: 37,
    taskOf: { type: 'reddit_comment', triggerType: 'social_comment' },
    item: {
      kind: 'reddit_post',
      title: 'Which tools do founders use to keep up with investor updates?',
      url: 'https://www.reddit.com/r/venturecapital/',
    },
  },
  {
    kind: 'content_plan',
    name: 'Content plan (sample)',
    cadencePerWeek: 2,
    platforms: ['linkedin', 'reddit'],
    itemsSeen: 1,
    taskOf: { type: 'linkedin_post', triggerType: null },
    item: { kind: 'content_slot', title: 'LinkedIn post: lessons from 100 customer calls', url: null },
  },
];

/** The sample task of a type and trigger in this sandbox, if the sample tasks have one. */
async function sampleTaskId(
  tx: DbOrTx,
  userId: string,
  taskOf: { type: string; triggerType: string | null },
): Promise<string | null> {
  const [row] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        sql`${tasks.type} = ${taskOf.type}`,
        taskOf.triggerType === null
          ? sql`${tasks.context}->>'triggerType' is null`
          : sql`${tasks.context}->>'triggerType' = ${taskOf.triggerType}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Seeds the sample sources and items; call after the sample tasks are in. */
export async function seedSampleSignals(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  for (const [index, sample] of SAMPLE_SOURCES.entries()) {
    const createdAt = new Date(now.getTime() - (SAMPLE_SOURCES.length - index) * 86_400_000);
    const taskId = await sampleTaskId(tx, userId, sample.taskOf);
    const [source] = await tx
      .insert(signalSources)
      .values({
        userId,
        kind: sample.kind,
        name: sample.name,
        url: sample.url ?? null,
        subreddit: sample.subreddit ?? null,
        keywords: sample.keywords ?? [],
        cadencePerWeek: sample.cadencePerWeek ?? null,
        platforms: sample.platforms ?? [],
        isActive: true,
        lastFetchedAt: new Date(now.getTime() - (index + 1) * 20 * 60_000),
        nextFetchAt: null,
        itemsSeen: sample.itemsSeen,
        tasksCreated: taskId ? 1 : 0,
        isSample: true,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: signalSources.id });
    await tx.insert(signalItems).values({
      userId,
      sourceId: source!.id,
      kind: sample.item.kind,
      dedupeKey: `sample:${sample.kind}:${index}`,
      title: sample.item.title,
      url: sample.item.url,
      taskId,
      seenAt: new Date(now.getTime() - (index + 1) * 3_600_000),
    });
  }
  const jobChangeTask = await sampleTaskId(tx, userId, {
    type: 'proactive_message',
    triggerType: 'linkedin_job_change',
  });
  await tx.insert(signalItems).values({
    userId,
    sourceId: null,
    kind: 'job_change',
    dedupeKey: 'sample:job_change',
    title: 'Lucía García moved to Soluciones Sol as Head of Partnerships (sample)',
    url: null,
    taskId: jobChangeTask,
    seenAt: new Date(now.getTime() - 4 * 3_600_000),
  });
}
