import type { InterfaceLanguage, SignalItemKind, SignalPlatform, TaskContext } from '@doppel/contracts';
import { and, contacts, eq, signalItems, signalSources, sql, tasks, type DbOrTx } from '@doppel/db';
import { textsIn, type Texts } from '../../lib/translations';

/*
 * The demo sandbox's signal sources: a news feed, a subreddit and a
 * content plan, each labelled as sample (is_sample, "(sample)" in the name, in the sandbox's
 * language), with items that point at the sandbox's sample tasks of the matching kind, plus a job
 * change. A headline or post an item found is the one its task quotes, as it was written. Nothing
 * is scheduled: sandboxes never poll.
 */

/** The sample task a source made, with what set it off. */
interface SampleTask {
  id: string;
  trigger: NonNullable<TaskContext['triggerData']>;
  contactName: string | null;
}

interface SampleSource {
  kind: 'rss' | 'reddit' | 'content_plan';
  /** The source's name before its sample label. */
  name: (t: Texts) => string;
  url?: string;
  subreddit?: string;
  keywords?: string[];
  cadencePerWeek?: number;
  platforms?: SignalPlatform[];
  itemsSeen: number;
  /** Sample tasks this source made: chosen by their type and trigger. */
  taskOf: { type: string; triggerType: string | null };
  item: {
    kind: SignalItemKind;
    /** What the item says; none without its task (there is nothing to quote). */
    title: (t: Texts, task: SampleTask | null) => string | undefined;
    url: string | null;
  };
}

const SAMPLE_SOURCES: SampleSource[] = [
  {
    kind: 'rss',
    name: (t) => t('signals.newsFeed'),
    url: 'https://example.com/news/feed.xml',
    keywords: ['seed round', 'outreach'],
    itemsSeen: 14,
    taskOf: { type: 'proactive_message', triggerType: 'rss_news' },
    item: {
      kind: 'rss_item',
      title: (_t, task) => task?.trigger.newsTitle,
      url: 'https://example.com/news/atelier-numerique',
    },
  },
  {
    kind: 'reddit',
    // A subreddit is named the same in every language.
    name: () => 'r/venturecapital',
    subreddit: 'venturecapital',
    keywords: ['investor updates', 'outreach tools'],
    itemsSeen: 37,
    taskOf: { type: 'reddit_comment', triggerType: 'social_comment' },
    item: {
      kind: 'reddit_post',
      title: (_t, task) => task?.trigger.originalPost,
      url: 'https://www.reddit.com/r/venturecapital/',
    },
  },
  {
    kind: 'content_plan',
    name: (t) => t('signals.contentPlan'),
    cadencePerWeek: 2,
    platforms: ['linkedin', 'reddit'],
    itemsSeen: 1,
    taskOf: { type: 'linkedin_post', triggerType: null },
    item: { kind: 'content_slot', title: (t) => t('signals.contentSlot'), url: null },
  },
];

/** The sample task of a type and trigger in this sandbox, if the sample tasks have one. */
async function sampleTask(
  tx: DbOrTx,
  userId: string,
  taskOf: { type: string; triggerType: string | null },
): Promise<SampleTask | null> {
  const [row] = await tx
    .select({ id: tasks.id, context: tasks.context, contactName: contacts.name })
    .from(tasks)
    .leftJoin(contacts, eq(contacts.id, tasks.contactId))
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
  return row ? { id: row.id, trigger: row.context.triggerData ?? {}, contactName: row.contactName } : null;
}

/** Seeds the sample sources and items; call after the sample tasks are in. */
export async function seedSampleSignals(
  tx: DbOrTx,
  userId: string,
  language: InterfaceLanguage,
  now: Date,
): Promise<void> {
  const t = textsIn(language, 'demo');
  for (const [index, sample] of SAMPLE_SOURCES.entries()) {
    const createdAt = new Date(now.getTime() - (SAMPLE_SOURCES.length - index) * 86_400_000);
    const task = await sampleTask(tx, userId, sample.taskOf);
    const [source] = await tx
      .insert(signalSources)
      .values({
        userId,
        kind: sample.kind,
        name: t('sampleLabel', { name: sample.name(t) }),
        url: sample.url ?? null,
        subreddit: sample.subreddit ?? null,
        keywords: sample.keywords ?? [],
        cadencePerWeek: sample.cadencePerWeek ?? null,
        platforms: sample.platforms ?? [],
        isActive: true,
        lastFetchedAt: new Date(now.getTime() - (index + 1) * 20 * 60_000),
        nextFetchAt: null,
        itemsSeen: sample.itemsSeen,
        tasksCreated: task ? 1 : 0,
        isSample: true,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: signalSources.id });
    const title = sample.item.title(t, task);
    if (title === undefined) continue;
    await tx.insert(signalItems).values({
      userId,
      sourceId: source!.id,
      kind: sample.item.kind,
      dedupeKey: `sample:${sample.kind}:${index}`,
      title,
      url: sample.item.url,
      taskId: task?.id ?? null,
      seenAt: new Date(now.getTime() - (index + 1) * 3_600_000),
    });
  }
  const jobChange = await sampleTask(tx, userId, {
    type: 'proactive_message',
    triggerType: 'linkedin_job_change',
  });
  if (!jobChange?.contactName || !jobChange.trigger.jobChangeCompany) return;
  await tx.insert(signalItems).values({
    userId,
    sourceId: null,
    kind: 'job_change',
    dedupeKey: 'sample:job_change',
    title: t('sampleLabel', {
      name: t('signals.jobChange', {
        name: jobChange.contactName,
        company: jobChange.trigger.jobChangeCompany,
      }),
    }),
    url: null,
    taskId: jobChange.id,
    seenAt: new Date(now.getTime() - 4 * 3_600_000),
  });
}
