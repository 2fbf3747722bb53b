import type { SignalPlatform, SignalSourceProblem, TaskContext, TaskType } from '@doppel/contracts';
import { and, asc, eq, signalItems, signalSources, type DbOrTx } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { OFFLINE_ENGINE } from '../engine';
import { getTwinVoice } from '../personas';
import { getUserSettings } from '../settings';
import { contentThemes } from './match-signal';
import { claimItem, finishSignalTask, insertSignalTask } from './signal-tasks';
import { measureSubreddit } from './subreddit-metrics';
import { textsIn } from '../../lib/translations';

/*
 * The content plan: `cadencePerWeek` slots spread evenly over each ISO week (UTC, the first at
 * Monday 09:00), and at each slot the twin proposes one post — LinkedIn or Reddit, alternating
 * over the chosen platforms — on the next theme of the active persona, taken round-robin. A
 * slot's key (plan, week, cadence, slot) is its de-duplication key, so a slot never makes two
 * posts; a slot missed while the server was down is not made up, the current one is.
 * A Reddit post is proposed for the subreddit the user follows longest, when they follow one
 * (the composer shows it, the user may change it), with that subreddit's figures (decision 051).
 */

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
/** Slots start at 09:00 UTC on their day: a post proposed in the morning can go out that day. */
const FIRST_SLOT_OFFSET_MS = 9 * HOUR_MS;
/** 1970-01-05 was a Monday: weeks are counted from there. */
const EPOCH_MONDAY_MS = Date.UTC(1970, 0, 5);

/** The plan's problem when the persona has no themes to write about (the card words it). */
export const NO_THEMES_ERROR: SignalSourceProblem = 'no_themes';

export interface Slot {
  /** Weeks since the epoch Monday, and the slot's number within its week. */
  week: number;
  index: number;
  start: Date;
}

function slotStart(week: number, index: number, cadence: number): Date {
  return new Date(
    EPOCH_MONDAY_MS + week * WEEK_MS + FIRST_SLOT_OFFSET_MS + Math.floor((index * WEEK_MS) / cadence),
  );
}

/** The latest slot that has started at `now`. */
export function currentSlot(now: Date, cadence: number): Slot {
  let week = Math.floor((now.getTime() - EPOCH_MONDAY_MS) / WEEK_MS);
  for (;;) {
    for (let index = cadence - 1; index >= 0; index--) {
      const start = slotStart(week, index, cadence);
      if (start.getTime() <= now.getTime()) return { week, index, start };
    }
    week -= 1;
  }
}

/** When the slot after `now` starts. */
export function nextSlotStart(now: Date, cadence: number): Date {
  const current = currentSlot(now, cadence);
  return current.index + 1 < cadence
    ? slotStart(current.week, current.index + 1, cadence)
    : slotStart(current.week + 1, 0, cadence);
}

/** ISO 8601 week of a date (2025-W07), for the key a person can read. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Each platform's task type, brand name and the key of its approach in the `twin` texts. */
const PLATFORM_TASK: Record<SignalPlatform, { type: TaskType; label: string; approach: string }> = {
  linkedin: { type: 'linkedin_post', label: 'LinkedIn', approach: 'signals.contentPlan.linkedinApproach' },
  reddit: { type: 'reddit_post', label: 'Reddit', approach: 'signals.contentPlan.redditApproach' },
};

/** The subreddit the user has followed longest (an active, real source), or null. */
async function followedSubreddit(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ subreddit: signalSources.subreddit })
    .from(signalSources)
    .where(
      and(
        eq(signalSources.userId, userId),
        eq(signalSources.kind, 'reddit'),
        eq(signalSources.isActive, true),
        eq(signalSources.isSample, false),
      ),
    )
    .orderBy(asc(signalSources.createdAt), asc(signalSources.id))
    .limit(1);
  return row?.subreddit ?? null;
}

async function slotTaken(db: DbOrTx, userId: string, dedupeKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: signalItems.id })
    .from(signalItems)
    .where(and(eq(signalItems.userId, userId), eq(signalItems.dedupeKey, dedupeKey)))
    .limit(1);
  return row !== undefined;
}

export interface PlanPollResult {
  itemsSeen: number;
  tasksCreated: number;
  lastError: string | null;
  nextRunAt: Date;
}

/** One content-plan poll: the current slot's post, unless that slot already has one. */
export async function pollContentPlan(
  ctx: AppContext,
  source: typeof signalSources.$inferSelect,
  now: Date,
): Promise<PlanPollResult> {
  const cadence = source.cadencePerWeek ?? 1;
  const nextRunAt = nextSlotStart(now, cadence);
  const slot = currentSlot(now, cadence);
  const persona = await getTwinVoice(ctx.db, source.userId);
  const themes = contentThemes(persona);
  const platforms = source.platforms.length > 0 ? source.platforms : (['linkedin'] as SignalPlatform[]);
  if (themes.length === 0) return { itemsSeen: 0, tasksCreated: 0, lastError: NO_THEMES_ERROR, nextRunAt };

  const platform = platforms[(slot.week * cadence + slot.index) % platforms.length]!;
  const theme = themes[source.tasksCreated % themes.length]!;
  const { type, label, approach } = PLATFORM_TASK[platform];
  const settings = await getUserSettings(ctx, source.userId);
  // Written for the user to read: in their interface language.
  const t = textsIn(settings.language);
  const title = t('signals.contentPlan.title', { platform: label, theme });
  const context: TaskContext = {
    summary: t('signals.contentPlan.summary', { count: cadence, platform: label, theme }),
    recommendation: t('markers.line', {
      marker: t('markers.social'),
      text: t('signals.contentPlan.recommendation', { date: nextRunAt.toISOString().slice(0, 10) }),
    }),
    recommendationKind: 'social',
    analyzedBy: OFFLINE_ENGINE,
    language: settings.responseLanguage !== 'auto' ? settings.responseLanguage : settings.language,
    analysisData: { opportunityType: t('signals.newsOnTheme.type'), recommendedApproach: t(approach) },
  };
  const week = isoWeek(slot.start);
  const dedupeKey = `plan:${source.id}:${week}:${cadence}:${slot.index}`;
  const subreddit = platform === 'reddit' ? await followedSubreddit(ctx.db, source.userId) : null;
  // Reddit is asked only for a slot still to fill ("poll now" within a slot asks nothing).
  if (subreddit && !(await slotTaken(ctx.db, source.userId, dedupeKey))) {
    context.triggerData = { platform: 'reddit', community: `r/${subreddit}` };
    const socialContext = await measureSubreddit(ctx, source.userId, subreddit, now);
    if (socialContext) context.socialContext = socialContext;
  }
  const taskId = await ctx.db.transaction(async (tx) => {
    const itemId = await claimItem(
      tx,
      source.userId,
      {
        sourceId: source.id,
        kind: 'content_slot',
        dedupeKey,
        title,
        url: null,
        publishedAt: slot.start,
      },
      now,
    );
    if (!itemId) return null;
    return insertSignalTask(
      tx,
      source.userId,
      itemId,
      { type, title, description: theme, contactId: null, context },
      now,
    );
  });
  if (!taskId) return { itemsSeen: 0, tasksCreated: 0, lastError: null, nextRunAt };
  await finishSignalTask(ctx, source.userId, taskId, { priorityFromAnalysis: true });
  return { itemsSeen: 1, tasksCreated: 1, lastError: null, nextRunAt };
}
