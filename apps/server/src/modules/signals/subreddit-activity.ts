/*
 * A subreddit's recent activity, from the listing of its newest posts a poll reads anyway
 * (docs/decisions/051): how much a typical post is engaged with, and the weekday and UTC hour
 * whose posts drew the most. Pure arithmetic on Reddit's own numbers; nothing is estimated.
 *
 * A post's engagement is max(score, 0) + num_comments: what people did with it. A downvoted
 * post counts its comments only, so a brigaded post does not pull a slot below zero.
 * Stickied posts are left out (pinning, not their time, brought their votes), and so are posts
 * younger than an hour: they have hardly been seen yet and would read as ignored.
 */

const HOUR_MS = 3_600_000;

/** Posts younger than this are still gathering votes: not measured. */
export const SETTLE_MS = HOUR_MS;
/** Fewer measured posts than this say nothing about the subreddit: no rate, no best slot. */
export const MIN_POSTS = 10;
/** A weekday+hour slot counts only with at least this many posts: one viral post is not a pattern. */
export const MIN_SLOT_POSTS = 2;

export interface PostActivity {
  createdAt: Date;
  score: number | null;
  numComments: number | null;
  stickied: boolean;
}

export interface PostingSlot {
  /** 0 = Sunday … 6 = Saturday, in UTC. */
  weekday: number;
  hourUtc: number;
}

export interface SubredditActivity {
  /** How many posts were measured. */
  sampleSize: number;
  /** The median engagement of a measured post; null below MIN_POSTS. */
  medianEngagement: number | null;
  /** The slot with the highest median engagement; null below MIN_POSTS or without a full slot. */
  bestPostingSlot: PostingSlot | null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The activity of the posts of one listing. Ties between slots go to the slot with more posts
 * (more evidence), then to the earlier one in the week (Sunday 00:00 UTC first), so the same
 * listing always gives the same slot.
 */
export function subredditActivity(posts: readonly PostActivity[], now: Date): SubredditActivity {
  const measured = posts.flatMap((post) =>
    !post.stickied &&
    post.score !== null &&
    post.numComments !== null &&
    now.getTime() - post.createdAt.getTime() >= SETTLE_MS
      ? [{ createdAt: post.createdAt, engagement: Math.max(post.score, 0) + post.numComments }]
      : [],
  );
  if (measured.length < MIN_POSTS) {
    return { sampleSize: measured.length, medianEngagement: null, bestPostingSlot: null };
  }
  const slots = new Map<number, number[]>();
  for (const post of measured) {
    const key = post.createdAt.getUTCDay() * 24 + post.createdAt.getUTCHours();
    slots.set(key, [...(slots.get(key) ?? []), post.engagement]);
  }
  let best: { key: number; median: number; posts: number } | null = null;
  for (const [key, engagements] of [...slots].sort(([a], [b]) => a - b)) {
    if (engagements.length < MIN_SLOT_POSTS) continue;
    const candidate = { key, median: median(engagements), posts: engagements.length };
    if (
      !best ||
      candidate.median > best.median ||
      (candidate.median === best.median && candidate.posts > best.posts)
    ) {
      best = candidate;
    }
  }
  return {
    sampleSize: measured.length,
    medianEngagement: median(measured.map((post) => post.engagement)),
    bestPostingSlot: best ? { weekday: Math.floor(best.key / 24), hourUtc: best.key % 24 } : null,
  };
}

/**
 * Engagement rate in percent: the median engagement of a recent post ÷ subscribers × 100 —
 * roughly the share of the audience a typical post moves to vote or comment (it counts votes
 * and comments, not people, and anyone may vote). Three significant digits, at most 100; null
 * without subscribers.
 */
export function engagementRate(medianEngagement: number | null, subscribers: number | null): number | null {
  if (medianEngagement === null || !subscribers) return null;
  return Math.min(100, Number(((medianEngagement / subscribers) * 100).toPrecision(3)));
}
