import {
  createSignalSourceInputSchema,
  listSignalItemsQuerySchema,
  MAX_SIGNAL_SOURCES,
  updateSignalSourceInputSchema,
  type CreateSignalSourceInput,
  type ListSignalItemsQuery,
  type SignalItem,
  type SignalItemKind,
  type SignalSource,
  type SignalSourceList,
  type UpdateSignalSourceInput,
} from '@doppel/contracts';
import { and, asc, desc, eq, signalItems, signalSources, users, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { nextSlotStart } from './content-plan';
import { cancelPolls, lockSource, schedulePoll } from './schedule-poll';

export const SOURCE_NOT_FOUND = 'Signal source not found';
export const POLLING_OFF_IN_DEMO = 'Polling is off in demo mode.';

type SourceRow = typeof signalSources.$inferSelect;

export function toSignalSource(row: SourceRow): SignalSource {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: row.url,
    subreddit: row.subreddit,
    keywords: row.keywords,
    cadencePerWeek: row.cadencePerWeek,
    platforms: row.platforms,
    isActive: row.isActive,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    nextFetchAt: row.nextFetchAt?.toISOString() ?? null,
    itemsSeen: row.itemsSeen,
    tasksCreated: row.tasksCreated,
    lastError: row.lastError,
    isSample: row.isSample,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether the user is a demo sandbox: its sources are samples and nothing is polled for it. */
export async function isDemoUser(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  return user?.isDemo ?? false;
}

export async function getSignalSource(db: DbOrTx, userId: string, sourceId: string): Promise<SignalSource> {
  const [row] = await db
    .select()
    .from(signalSources)
    .where(and(eq(signalSources.id, sourceId), eq(signalSources.userId, userId)));
  if (!row) throw new AppError('not_found', SOURCE_NOT_FOUND, { reason: 'signal_source_not_found' });
  return toSignalSource(row);
}

/** The user's sources, oldest first (the order they were added). */
export async function listSignalSources(ctx: AppContext, userId: string): Promise<SignalSourceList> {
  const [rows, demo] = await Promise.all([
    ctx.db
      .select()
      .from(signalSources)
      .where(eq(signalSources.userId, userId))
      .orderBy(asc(signalSources.createdAt), asc(signalSources.id)),
    isDemoUser(ctx.db, userId),
  ]);
  return { items: rows.map(toSignalSource), pollingEnabled: !demo };
}

function defaultName(input: ReturnType<typeof createSignalSourceInputSchema.parse>): string {
  switch (input.kind) {
    case 'rss':
      return new URL(input.url).host;
    case 'reddit':
      return `r/${input.subreddit}`;
    case 'content_plan':
      return 'Content plan';
  }
}

/**
 * Adds a source. Outside demo mode its first poll is due at once (a content plan proposes the
 * current slot's post); a sandbox keeps it unpolled.
 */
export async function createSignalSource(
  ctx: AppContext,
  userId: string,
  input: CreateSignalSourceInput,
): Promise<SignalSource> {
  const data = createSignalSourceInputSchema.parse(input);
  const now = ctx.clock.now();
  const demo = await isDemoUser(ctx.db, userId);
  const source = await ctx.db.transaction(async (tx) => {
    // Locks the user's row so two adds at once cannot both pass the checks below.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const existing = await tx.select().from(signalSources).where(eq(signalSources.userId, userId));
    if (existing.length >= MAX_SIGNAL_SOURCES)
      throw new AppError('conflict', `You can follow at most ${MAX_SIGNAL_SOURCES} sources.`, {
        reason: 'signal_source_limit',
      });
    if (data.kind === 'rss' && existing.some((row) => row.kind === 'rss' && row.url === data.url))
      throw new AppError('conflict', 'You already follow this feed.', { reason: 'already_following_feed' });
    if (
      data.kind === 'reddit' &&
      existing.some((row) => row.subreddit?.toLowerCase() === data.subreddit.toLowerCase())
    )
      throw new AppError('conflict', `You already follow r/${data.subreddit}.`, {
        reason: 'already_following_subreddit',
      });
    if (data.kind === 'content_plan' && existing.some((row) => row.kind === 'content_plan'))
      throw new AppError('conflict', 'You already have a content plan; change its cadence instead.', {
        reason: 'content_plan_exists',
      });
    const [row] = await tx
      .insert(signalSources)
      .values({
        userId,
        kind: data.kind,
        name: data.name ?? defaultName(data),
        nameFromSource: data.kind === 'rss' && !data.name,
        url: data.kind === 'rss' ? data.url : null,
        subreddit: data.kind === 'reddit' ? data.subreddit : null,
        keywords: data.kind === 'content_plan' ? [] : data.keywords,
        cadencePerWeek: data.kind === 'content_plan' ? data.cadencePerWeek : null,
        platforms: data.kind === 'content_plan' ? data.platforms : [],
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!demo) await schedulePoll(ctx, tx, userId, row!.id, now);
    return getSignalSource(tx, userId, row!.id);
  });
  return source;
}

/** Pause or resume, rename, change keywords (feeds, subreddits) or cadence (a content plan). */
export async function updateSignalSource(
  ctx: AppContext,
  userId: string,
  sourceId: string,
  input: UpdateSignalSourceInput,
): Promise<SignalSource> {
  const changes = updateSignalSourceInputSchema.parse(input);
  const now = ctx.clock.now();
  const demo = await isDemoUser(ctx.db, userId);
  const source = await ctx.db.transaction(async (tx) => {
    const row = await lockSource(tx, userId, sourceId);
    if (!row) throw new AppError('not_found', SOURCE_NOT_FOUND, { reason: 'signal_source_not_found' });
    const plan = row.kind === 'content_plan';
    if (changes.keywords !== undefined && plan)
      throw new AppError('validation_failed', 'A content plan has no keywords.', {
        reason: 'content_plan_has_no_keywords',
        fields: { keywords: 'notForContentPlan' },
      });
    if ((changes.cadencePerWeek !== undefined || changes.platforms !== undefined) && !plan)
      throw new AppError('validation_failed', 'Only a content plan has a cadence and platforms.', {
        reason: 'cadence_only_for_content_plan',
        fields: { cadencePerWeek: 'onlyForContentPlan' },
      });
    await tx
      .update(signalSources)
      .set({
        ...(changes.name !== undefined && { name: changes.name, nameFromSource: false }),
        ...(changes.keywords !== undefined && { keywords: changes.keywords }),
        ...(changes.cadencePerWeek !== undefined && { cadencePerWeek: changes.cadencePerWeek }),
        ...(changes.platforms !== undefined && { platforms: changes.platforms }),
        ...(changes.isActive !== undefined && { isActive: changes.isActive }),
        ...(changes.isActive === false && { nextFetchAt: null }),
        // Resuming starts afresh: the back-off of earlier failures does not carry over.
        ...(changes.isActive === true && !row.isActive && { failures: 0 }),
        updatedAt: now,
      })
      .where(eq(signalSources.id, sourceId));
    const active = changes.isActive ?? row.isActive;
    if (!active) {
      await cancelPolls(ctx, tx, sourceId);
    } else if (!demo) {
      if (changes.isActive === true && !row.isActive) {
        await schedulePoll(ctx, tx, userId, sourceId, now);
      } else if (
        plan &&
        changes.cadencePerWeek !== undefined &&
        changes.cadencePerWeek !== row.cadencePerWeek
      ) {
        // The slots move with the cadence: the next poll waits for the next one.
        await cancelPolls(ctx, tx, sourceId);
        await schedulePoll(ctx, tx, userId, sourceId, nextSlotStart(now, changes.cadencePerWeek));
      }
    }
    return getSignalSource(tx, userId, sourceId);
  });
  return source;
}

/** Removes a source and its queued polls. Its items stay, so their keys still de-duplicate. */
export async function deleteSignalSource(ctx: AppContext, userId: string, sourceId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockSource(tx, userId, sourceId);
    if (!row) throw new AppError('not_found', SOURCE_NOT_FOUND, { reason: 'signal_source_not_found' });
    await cancelPolls(ctx, tx, sourceId);
    await tx.delete(signalSources).where(eq(signalSources.id, sourceId));
  });
}

/** "Poll now": the source's poll is due at once (one queued job, moved up). Refused in demo mode. */
export async function requestPoll(ctx: AppContext, userId: string, sourceId: string): Promise<void> {
  if (await isDemoUser(ctx.db, userId))
    throw new AppError('demo_restricted', POLLING_OFF_IN_DEMO, { reason: 'polling_off_in_demo' });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockSource(tx, userId, sourceId);
    if (!row) throw new AppError('not_found', SOURCE_NOT_FOUND, { reason: 'signal_source_not_found' });
    if (!row.isActive)
      throw new AppError('conflict', 'This source is paused; resume it to poll it.', {
        reason: 'signal_source_paused',
      });
    await schedulePoll(ctx, tx, userId, sourceId, now);
  });
}

function toSignalItem(row: typeof signalItems.$inferSelect): SignalItem {
  return {
    id: row.id,
    sourceId: row.sourceId,
    kind: row.kind,
    title: row.title,
    url: row.url,
    taskId: row.taskId,
    seenAt: row.seenAt.toISOString(),
  };
}

/** A source's most recent items, newest first, with the tasks they made. */
export async function listSignalItems(
  ctx: AppContext,
  userId: string,
  sourceId: string,
  query: ListSignalItemsQuery,
): Promise<SignalItem[]> {
  const { limit } = listSignalItemsQuerySchema.parse(query);
  await getSignalSource(ctx.db, userId, sourceId);
  const rows = await ctx.db
    .select()
    .from(signalItems)
    .where(and(eq(signalItems.userId, userId), eq(signalItems.sourceId, sourceId)))
    .orderBy(desc(signalItems.seenAt), desc(signalItems.id))
    .limit(limit);
  return rows.map(toSignalItem);
}

/** The user's items of one kind that have no source (job changes), newest first. */
export async function listItemsOfKind(
  ctx: AppContext,
  userId: string,
  kind: SignalItemKind,
  query: ListSignalItemsQuery,
): Promise<SignalItem[]> {
  const { limit } = listSignalItemsQuerySchema.parse(query);
  const rows = await ctx.db
    .select()
    .from(signalItems)
    .where(and(eq(signalItems.userId, userId), eq(signalItems.kind, kind)))
    .orderBy(desc(signalItems.seenAt), desc(signalItems.id))
    .limit(limit);
  return rows.map(toSignalItem);
}
