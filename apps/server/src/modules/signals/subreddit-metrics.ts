import type { TaskContext } from '@doppel/contracts';
import type { RedditPost, SubredditAbout } from '../../integrations/social/reddit';
import type { AppContext } from '../../lib/context';
import { redditReaderFor, type RedditReader } from '../social-accounts';
import { engagementRate, subredditActivity, type SubredditActivity } from './subreddit-activity';

/*
 * The social metrics of a Reddit task (docs/decisions/051), from Reddit's own answers and within
 * a small call budget: the listing a poll reads anyway gives the posts' figures and the
 * subreddit's activity; `about` (subscribers, active users) is one more call, made only when a
 * poll makes a task and then kept for hours, since subscribers change slowly. The readings are
 * kept per user — each is read with that user's account — in this process's memory: a restart
 * costs one call per subreddit, not a wrong figure.
 */

type SocialContext = NonNullable<TaskContext['socialContext']>;

const HOUR_MS = 3_600_000;
/** Reddit's listing answers at most 100 posts: the newest 100 are the activity's sample. */
export const REDDIT_LISTING_LIMIT = 100;
/** A subreddit's `about` is read at most once in this long per user. */
export const ABOUT_TTL_MS = 6 * HOUR_MS;
/** A listing's activity serves the content plan's posts in the subreddit for this long. */
export const ACTIVITY_TTL_MS = 6 * HOUR_MS;
/** Readings kept at most (the oldest go first): a bounded memory whatever the users follow. */
const CACHE_MAX = 5000;

interface Reading<T> {
  value: T;
  readAt: Date;
}

const abouts = new Map<string, Reading<SubredditAbout>>();
const activities = new Map<string, Reading<SubredditActivity>>();

const keyOf = (userId: string, subreddit: string) => `${userId}:${subreddit.toLowerCase()}`;

function remember<T>(cache: Map<string, Reading<T>>, key: string, reading: Reading<T>): Reading<T> {
  cache.delete(key);
  cache.set(key, reading);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return reading;
}

function fresh<T>(cache: Map<string, Reading<T>>, key: string, now: Date, ttlMs: number): Reading<T> | null {
  const reading = cache.get(key);
  return reading && now.getTime() - reading.readAt.getTime() < ttlMs ? reading : null;
}

/** The activity of the listing a poll read; kept for the content plan's posts in the subreddit. */
export function recordActivity(
  userId: string,
  subreddit: string,
  posts: readonly RedditPost[],
  now: Date,
): Reading<SubredditActivity> {
  return remember(activities, keyOf(userId, subreddit), {
    value: subredditActivity(posts, now),
    readAt: now,
  });
}

/**
 * The subreddit's `about`, remembered or read now; null when Reddit did not give it. A failure
 * never fails the caller: the figures it would give are simply absent.
 */
export async function subredditAbout(
  ctx: AppContext,
  userId: string,
  reader: RedditReader,
  subreddit: string,
  now: Date,
): Promise<Reading<SubredditAbout> | null> {
  const key = keyOf(userId, subreddit);
  const known = fresh(abouts, key, now, ABOUT_TTL_MS);
  if (known) return known;
  try {
    return remember(abouts, key, { value: await reader.about(subreddit), readAt: now });
  } catch (error) {
    ctx.log.info({ err: error, subreddit }, 'reddit: could not read a subreddit’s about');
    return null;
  }
}

/**
 * The figures of a task in the subreddit: only those Reddit gave. measuredAt is the oldest
 * reading used, so "as of" never claims a fresher figure than there is. Undefined when nothing
 * was measured.
 */
export function subredditSocialContext(input: {
  subreddit: string;
  about: Reading<SubredditAbout> | null;
  activity: Reading<SubredditActivity> | null;
  /** A comment task's post, from the listing read at `now`. */
  post?: RedditPost;
  now: Date;
}): SocialContext | undefined {
  const { about, activity, post } = input;
  const figures: SocialContext = {};
  const readings: Date[] = [];
  if (about) {
    if (about.value.subscribers !== null) figures.audienceSize = about.value.subscribers;
    if (about.value.activeUsers !== null) figures.activeUsers = about.value.activeUsers;
    const rate = engagementRate(activity?.value.medianEngagement ?? null, about.value.subscribers);
    if (rate !== null) figures.engagementRate = rate;
    readings.push(about.readAt);
  }
  if (activity && activity.value.sampleSize > 0) {
    if (activity.value.bestPostingSlot) figures.bestPostingSlot = activity.value.bestPostingSlot;
    figures.sampleSize = activity.value.sampleSize;
    readings.push(activity.readAt);
  }
  if (post) {
    if (post.score !== null) figures.postScore = post.score;
    if (post.numComments !== null) figures.postComments = post.numComments;
    if (post.upvoteRatio !== null) figures.upvoteRatio = post.upvoteRatio;
    readings.push(input.now);
  }
  if (Object.keys(figures).length === 0) return undefined;
  const measuredAt = new Date(Math.min(...readings.map((date) => date.getTime())));
  return {
    platform: 'reddit',
    community: `r/${input.subreddit}`,
    ...figures,
    measuredAt: measuredAt.toISOString(),
  };
}

/**
 * The figures of a post to write in the subreddit (the content plan's): the activity a poll of
 * the subreddit remembered, else one listing read now, and its `about`. Undefined without a
 * usable Reddit account.
 */
export async function measureSubreddit(
  ctx: AppContext,
  userId: string,
  subreddit: string,
  now: Date,
): Promise<SocialContext | undefined> {
  const reader = redditReaderFor(ctx, userId);
  const about = await subredditAbout(ctx, userId, reader, subreddit, now);
  const activity =
    fresh(activities, keyOf(userId, subreddit), now, ACTIVITY_TTL_MS) ??
    (await reader
      .newPosts(subreddit, REDDIT_LISTING_LIMIT)
      .then((posts) => recordActivity(userId, subreddit, posts, now))
      .catch((error: unknown) => {
        ctx.log.info({ err: error, subreddit }, 'reddit: could not read a subreddit’s activity');
        return null;
      }));
  return subredditSocialContext({ subreddit, about, activity, now });
}
