import { createHash } from 'node:crypto';
import {
  FIRST_POLL_WINDOW_DAYS,
  REDDIT_POLL_MINUTES,
  RSS_POLL_MINUTES,
  type FeedReadProblem,
  type RedditReadProblem,
  type SignalSourceProblem,
  type TaskContext,
} from '@doppel/contracts';
import { contacts, eq, signalSources, type DbOrTx } from '@doppel/db';
import { z } from 'zod';
import { FeedFetchError, fetchFeed, type FeedFetchFailure } from '../../integrations/feeds/fetch-feed';
import { FeedParseError, readFeed, type FeedEntry } from '../../integrations/feeds/parse-feed';
import { RedditError, type RedditPost, type RedditRule } from '../../integrations/social/reddit';
import { anyAddress } from '../../integrations/web/fetch-page';
import type { AppContext } from '../../lib/context';
import type { JobHandler } from '../../lib/job-queue';
import { OFFLINE_ENGINE } from '../engine';
import { getTwinVoice } from '../personas';
import { getUserSettings } from '../settings';
import { redditReaderFor, SocialAccountUnavailable } from '../social-accounts';
import { pollContentPlan } from './content-plan';
import {
  commentWelcome,
  firstMatchingPhrase,
  matchContact,
  personaPhrases,
  type ContactCandidate,
} from './match-signal';
import { POLL_JOB_KIND, lockSource, schedulePoll, type PollJobPayload } from './schedule-poll';
import { isDemoUser } from './signal-sources';
import {
  recordActivity,
  REDDIT_LISTING_LIMIT,
  subredditAbout,
  subredditSocialContext,
} from './subreddit-metrics';
import {
  claimItem,
  counterIncrements,
  finishSignalTask,
  insertSignalTask,
  type SignalItemInput,
  type SignalTaskInput,
} from './signal-tasks';
import { cutText, shortenText } from '../../lib/text';
import { textsIn, type Texts } from '../../lib/translations';

/*
 * The durable 'signals.poll' job (docs/decisions/020). It reads one source, records every new
 * item, turns the matching ones into tasks, and schedules the source's next poll in the same
 * transaction that saves the source's state. What a feed or Reddit did wrong (unreachable,
 * HTTP error, not a feed, rate limit) is the source's lastError — a code of
 * signalSourceProblems the card words in the user's language — and a later poll
 * with back-off — the job itself succeeds, so the worker does not retry a broken feed in a
 * storm. Only unexpected failures (the database) throw and are retried by the queue.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The longest a failing source waits between polls. */
const MAX_BACKOFF_MS = 6 * 60 * MINUTE_MS;
const ORIGINAL_POST_MAX = 4000;

type SourceRow = typeof signalSources.$inferSelect;

interface PollResult {
  /** The source answered (a 304 included): lastFetchedAt moves. */
  fetched: boolean;
  itemsSeen: number;
  tasksCreated: number;
  lastError: string | null;
  /** When to poll next; a failure's back-off is added by the caller. */
  nextRunAt: Date;
  /** A failed fetch, counted for the back-off (a content plan without themes is not one). */
  failed?: boolean;
  validators?: { etag: string | null; lastModified: string | null };
  feedTitle?: string | null;
}

/** Back-off after `failures` failed polls in a row: the interval doubled per failure, capped. */
export function backoffMs(intervalMs: number, failures: number): number {
  return Math.min(intervalMs * 2 ** Math.min(failures, 8), Math.max(MAX_BACKOFF_MS, intervalMs));
}

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);
const validUrl = (value: string | null) => (value && httpUrl.safeParse(value).success ? value : undefined);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The de-duplication key of a feed entry: its guid, else its link, else a hash of its title
 * and date. A guid that is an address or a URN is unique on its own; a bare one ("1234") is
 * only unique within its feed, so the feed's address is part of the key.
 */
export function feedEntryKey(feedUrl: string, entry: FeedEntry): string {
  if (entry.guid)
    return /^[a-z][a-z0-9+.-]*:/i.test(entry.guid) ? `rss:${entry.guid}` : `rss:${feedUrl}#${entry.guid}`;
  if (entry.link) return `rss:${entry.link}`;
  return `rss:${feedUrl}#${sha256(`${entry.title}|${entry.publishedAt?.toISOString() ?? ''}`)}`;
}

/** On a source's first poll only recent items make tasks; the rest are recorded as seen. */
function isRecent(publishedAt: Date | null, now: Date): boolean {
  return publishedAt !== null && now.getTime() - publishedAt.getTime() <= FIRST_POLL_WINDOW_DAYS * DAY_MS;
}

/** Records an item and, when it is new and matched, its task — in one transaction. */
async function recordItem(
  ctx: AppContext,
  userId: string,
  item: SignalItemInput,
  task: SignalTaskInput | null,
  now: Date,
): Promise<{ seen: boolean; taskId: string | null }> {
  const result = await ctx.db.transaction(async (tx) => {
    const itemId = await claimItem(tx, userId, item, now);
    if (!itemId) return { seen: false, taskId: null };
    return { seen: true, taskId: task ? await insertSignalTask(tx, userId, itemId, task, now) : null };
  });
  if (result.taskId) await finishSignalTask(ctx, userId, result.taskId, { priorityFromAnalysis: true });
  return result;
}

async function contactCandidates(db: DbOrTx, userId: string): Promise<ContactCandidate[]> {
  return db
    .select({ id: contacts.id, name: contacts.name, company: contacts.company, language: contacts.language })
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(contacts.createdAt, contacts.id);
}

/** What a news item asks of the user: a message to the contact it names, or a post on a theme. */
function newsTask(
  entry: FeedEntry,
  newsSource: string,
  people: readonly ContactCandidate[],
  phrases: readonly string[],
  postLanguage: string,
  t: Texts,
): SignalTaskInput | null {
  const text = `${entry.title}\n${entry.summary}`;
  const headline = entry.title || shortenText(entry.summary, 200);
  const triggerData: NonNullable<TaskContext['triggerData']> = {
    newsTitle: shortenText(headline, 1000),
    newsSource: shortenText(newsSource, 500),
    newsUrl: validUrl(entry.link),
  };
  const contact = matchContact(text, people);
  if (contact) {
    return {
      type: 'proactive_message',
      title: t('signals.newsAboutContact.title', { contact: contact.label, headline }),
      description: shortenText(entry.summary, 1000),
      contactId: contact.contact.id,
      context: {
        triggerType: 'rss_news',
        triggerData,
        summary: shortenText(
          t('signals.newsAboutContact.summary', { contact: contact.label, source: newsSource, headline }),
          4000,
        ),
        // The contact is written to in their language, whatever the news was written in.
        language: contact.contact.language,
      },
    };
  }
  const phrase = firstMatchingPhrase(text, phrases);
  if (!phrase) return null;
  return {
    type: 'linkedin_post',
    title: t('signals.newsOnTheme.title', { headline }),
    description: shortenText(entry.summary, 1000),
    contactId: null,
    context: {
      triggerType: 'rss_news',
      triggerData,
      summary: shortenText(t('signals.newsOnTheme.summary', { phrase, source: newsSource, headline }), 4000),
      recommendation: t('markers.line', {
        marker: t('markers.social'),
        text: t('signals.newsOnTheme.recommendation'),
      }),
      recommendationKind: 'social',
      analyzedBy: OFFLINE_ENGINE,
      language: postLanguage,
      analysisData: {
        opportunityType: t('signals.newsOnTheme.type'),
        recommendedApproach: t('signals.newsOnTheme.approach'),
      },
    },
  };
}

/** The language posts are written in, and the texts the user reads (their interface language). */
async function languagesOf(ctx: AppContext, userId: string): Promise<{ postLanguage: string; t: Texts }> {
  const settings = await getUserSettings(ctx, userId);
  return {
    postLanguage: settings.responseLanguage !== 'auto' ? settings.responseLanguage : settings.language,
    t: textsIn(settings.language),
  };
}

const FEED_FETCH_PROBLEMS: Record<Exclude<FeedFetchFailure, 'http_status'>, FeedReadProblem> = {
  refused: 'feed_refused',
  unreachable: 'feed_unreachable',
  timeout: 'feed_timeout',
  too_large: 'feed_too_large',
  redirects: 'feed_redirects',
};

/**
 * Why a feed could not be had, as the code the source card words (signalSourceProblems): an
 * error status is told apart only where the user can do something different about it.
 */
function feedFetchProblem(error: FeedFetchError): FeedReadProblem {
  if (error.reason !== 'http_status') return FEED_FETCH_PROBLEMS[error.reason];
  switch (error.status) {
    case 404:
    case 410:
      return 'feed_not_found';
    case 401:
    case 403:
    case 451:
      return 'feed_forbidden';
    default:
      return 'feed_http_status';
  }
}

async function pollFeed(ctx: AppContext, source: SourceRow, now: Date): Promise<PollResult> {
  const nextRunAt = new Date(now.getTime() + RSS_POLL_MINUTES * MINUTE_MS);
  // The error's English sentence (the status, the host) goes to the log; the user gets the code.
  const failure = (problem: FeedReadProblem, error: Error): PollResult => {
    ctx.log.info({ err: error, sourceId: source.id, problem }, 'could not read a news feed');
    return { fetched: false, itemsSeen: 0, tasksCreated: 0, lastError: problem, nextRunAt, failed: true };
  };
  let fetched;
  try {
    fetched = await fetchFeed(source.url!, {
      etag: source.etag,
      lastModified: source.lastModified,
      allowAddress: ctx.config.fetchAllowPrivateAddresses ? anyAddress : undefined,
    });
  } catch (error) {
    if (error instanceof FeedFetchError) return failure(feedFetchProblem(error), error);
    throw error;
  }
  if (fetched.status === 'not_modified') {
    return { fetched: true, itemsSeen: 0, tasksCreated: 0, lastError: null, nextRunAt };
  }
  let feed;
  try {
    feed = readFeed(fetched.body);
  } catch (error) {
    // The validators of a broken answer are not kept: the next poll must read it again.
    if (error instanceof FeedParseError) return failure('feed_unreadable', error);
    throw error;
  }
  const first = source.lastFetchedAt === null;
  const newsSource = feed.title ?? new URL(source.url!).host;
  const [people, persona, { postLanguage, t }] = await Promise.all([
    contactCandidates(ctx.db, source.userId),
    getTwinVoice(ctx.db, source.userId),
    languagesOf(ctx, source.userId),
  ]);
  const phrases = [...source.keywords, ...personaPhrases(persona)];
  let itemsSeen = 0;
  let tasksCreated = 0;
  // Oldest first, so the newest news is the newest task.
  for (const entry of [...feed.entries].reverse()) {
    if (!entry.title && !entry.summary) continue;
    const task =
      !first || isRecent(entry.publishedAt, now)
        ? newsTask(entry, newsSource, people, phrases, postLanguage, t)
        : null;
    const result = await recordItem(
      ctx,
      source.userId,
      {
        sourceId: source.id,
        kind: 'rss_item',
        dedupeKey: feedEntryKey(source.url!, entry),
        title: entry.title || shortenText(entry.summary, 200),
        url: validUrl(entry.link) ?? null,
        publishedAt: entry.publishedAt,
      },
      task,
      now,
    );
    if (result.seen) itemsSeen++;
    if (result.taskId) tasksCreated++;
  }
  return {
    fetched: true,
    itemsSeen,
    tasksCreated,
    lastError: null,
    nextRunAt,
    validators: { etag: fetched.etag, lastModified: fetched.lastModified },
    feedTitle: feed.title,
  };
}

function redditTask(
  post: RedditPost,
  subreddit: string,
  keyword: string,
  welcome: ReturnType<typeof commentWelcome>,
  t: Texts,
  socialContext: TaskContext['socialContext'],
): SignalTaskInput {
  const community = `r/${subreddit}`;
  return {
    type: 'reddit_comment',
    title: t('signals.reddit.title', { community, title: post.title }),
    description: t('signals.reddit.description', { keyword, url: post.url }),
    contactId: null,
    context: {
      triggerType: 'social_comment',
      triggerData: {
        platform: 'reddit',
        community,
        originalAuthor: `u/${post.author}`,
        postId: post.fullname,
        postUrl: post.url,
        originalPost: shortenText(
          [post.title, post.selftext.trim()].filter(Boolean).join('\n\n'),
          ORIGINAL_POST_MAX,
        ),
      },
      // Whether a comment is welcome leads the analysis; the activity line keeps it when a
      // model rewrites the summary and recommendation.
      recommendation: t('markers.line', { marker: t('markers.social'), text: welcome.statement }),
      recommendationKind: 'social',
      analysisData: { contactActivity: welcome.statement, recommendedApproach: welcome.approach },
      ...(socialContext && { socialContext }),
    },
  };
}

/**
 * Why a subreddit could not be read, as the code the source card words (signals'
 * redditReadProblems); null for a failure that is not Reddit's (the database), which throws.
 */
function redditReadProblem(error: unknown): RedditReadProblem | null {
  if (error instanceof SocialAccountUnavailable) {
    return error.reason === 'not_connected'
      ? 'reddit_not_connected'
      : error.reason === 'reconnect'
        ? 'reddit_reconnect'
        : 'reddit_rate_limited';
  }
  if (!(error instanceof RedditError)) return null;
  switch (error.reason) {
    case 'rate_limited':
      return 'reddit_rate_limited';
    case 'not_found':
    case 'no_community':
      return 'reddit_not_found';
    case 'forbidden':
    case 'banned':
      return 'reddit_forbidden';
    default:
      return 'reddit_unreachable';
  }
}

async function pollSubreddit(ctx: AppContext, source: SourceRow, now: Date): Promise<PollResult> {
  const interval = REDDIT_POLL_MINUTES * MINUTE_MS;
  const nextRunAt = new Date(now.getTime() + interval);
  const subreddit = source.subreddit!;
  // Read through the user's Reddit account (OAuth): Reddit refuses servers that read without one.
  const reddit = redditReaderFor(ctx, source.userId);
  let posts: RedditPost[];
  try {
    posts = await reddit.newPosts(subreddit, REDDIT_LISTING_LIMIT);
  } catch (error) {
    const problem = redditReadProblem(error);
    if (!problem) throw error;
    const waited = (error as { retryAfterMs?: number | null }).retryAfterMs ?? 0;
    return {
      fetched: false,
      itemsSeen: 0,
      tasksCreated: 0,
      lastError: problem,
      // Reddit's rate limit is honoured: no poll before it, whatever the back-off says.
      nextRunAt: new Date(now.getTime() + Math.max(interval, waited)),
      failed: true,
    };
  }
  const first = source.lastFetchedAt === null;
  const [persona, { t }] = await Promise.all([
    getTwinVoice(ctx.db, source.userId),
    languagesOf(ctx, source.userId),
  ]);
  // The source's own keywords decide; without any, the persona's themes do.
  const phrases = source.keywords.length > 0 ? source.keywords : personaPhrases(persona);
  // The listing is the activity's sample: no call of its own (decision 051).
  const activity = recordActivity(source.userId, subreddit, posts, now);
  // The rules and the subreddit's about are read once per poll, and only when a post needs them.
  let rules: RedditRule[] | null | undefined;
  let about: ReturnType<typeof subredditAbout> | undefined;
  let itemsSeen = 0;
  let tasksCreated = 0;
  for (const post of [...posts].reverse()) {
    const keyword =
      post.stickied || (first && !isRecent(post.createdAt, now))
        ? null
        : firstMatchingPhrase(`${post.title}\n${post.selftext}`, phrases);
    let task: SignalTaskInput | null = null;
    if (keyword) {
      if (rules === undefined) rules = await reddit.rules(subreddit).catch(() => null);
      about ??= subredditAbout(ctx, source.userId, reddit, subreddit, now);
      const socialContext = subredditSocialContext({ subreddit, about: await about, activity, post, now });
      task = redditTask(post, subreddit, keyword, commentWelcome(subreddit, rules, t), t, socialContext);
    }
    const result = await recordItem(
      ctx,
      source.userId,
      {
        sourceId: source.id,
        kind: 'reddit_post',
        dedupeKey: `reddit:${post.fullname}`,
        title: post.title,
        url: validUrl(post.url) ?? null,
        publishedAt: post.createdAt,
      },
      task,
      now,
    );
    if (result.seen) itemsSeen++;
    if (result.taskId) tasksCreated++;
  }
  return {
    fetched: true,
    itemsSeen,
    tasksCreated,
    lastError: phrases.length === 0 ? ('no_keywords' satisfies SignalSourceProblem) : null,
    nextRunAt,
  };
}

function intervalOf(source: SourceRow): number {
  return (source.kind === 'reddit' ? REDDIT_POLL_MINUTES : RSS_POLL_MINUTES) * MINUTE_MS;
}

/** Saves what a poll found and schedules the next one, with the source locked. */
async function savePoll(ctx: AppContext, source: SourceRow, now: Date, result: PollResult): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockSource(tx, source.userId, source.id);
    if (!row) return;
    const failures = result.failed ? row.failures + 1 : 0;
    const nextRunAt = result.failed
      ? new Date(
          Math.max(result.nextRunAt.getTime(), now.getTime() + backoffMs(intervalOf(row), failures - 1)),
        )
      : result.nextRunAt;
    await tx
      .update(signalSources)
      .set({
        ...(result.fetched && { lastFetchedAt: now }),
        ...(result.validators && result.validators),
        ...(result.feedTitle && { feedTitle: cutText(result.feedTitle, 500) }),
        ...(result.feedTitle && row.nameFromSource && { name: cutText(result.feedTitle, 200) }),
        lastError: result.lastError,
        failures,
        ...counterIncrements(result.itemsSeen, result.tasksCreated),
        updatedAt: now,
      })
      .where(eq(signalSources.id, row.id));
    // Paused while the poll ran: no next poll until resumed.
    if (row.isActive) await schedulePoll(ctx, tx, row.userId, row.id, nextRunAt);
  });
}

/**
 * One poll of one source. A paused, removed or sample source — or any source of a demo
 * sandbox — is left alone and not rescheduled.
 */
export async function pollSignalSource(ctx: AppContext, userId: string, sourceId: string): Promise<void> {
  const [source] = await ctx.db.select().from(signalSources).where(eq(signalSources.id, sourceId));
  if (!source || source.userId !== userId || !source.isActive || source.isSample) return;
  if (await isDemoUser(ctx.db, userId)) return;
  const now = ctx.clock.now();
  const result =
    source.kind === 'rss'
      ? await pollFeed(ctx, source, now)
      : source.kind === 'reddit'
        ? await pollSubreddit(ctx, source, now)
        : { fetched: true, ...(await pollContentPlan(ctx, source, now)) };
  await savePoll(ctx, source, now, result);
}

/**
 * A poll that kept failing unexpectedly (not a feed's fault: those never throw) still leaves
 * the source with a next poll, so one bad moment does not stop it for good.
 */
async function recordUnexpectedFailure(ctx: AppContext, payload: PollJobPayload): Promise<void> {
  const [source] = await ctx.db.select().from(signalSources).where(eq(signalSources.id, payload.sourceId));
  if (!source || source.userId !== payload.userId || !source.isActive) return;
  const now = ctx.clock.now();
  await savePoll(ctx, source, now, {
    fetched: false,
    itemsSeen: 0,
    tasksCreated: 0,
    lastError: 'poll_failed' satisfies SignalSourceProblem,
    nextRunAt: new Date(now.getTime() + intervalOf(source)),
    failed: true,
  });
}

export function signalsPollJob(ctx: AppContext): JobHandler<PollJobPayload> {
  return {
    kind: POLL_JOB_KIND,
    maxAttempts: 3,
    // Sources are polled over the network, each on its own; their items dedupe in the database.
    concurrency: 2,
    run: (payload) => pollSignalSource(ctx, payload.userId, payload.sourceId),
    onFailed: (payload) => recordUnexpectedFailure(ctx, payload),
  };
}
