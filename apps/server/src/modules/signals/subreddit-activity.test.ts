import { describe, expect, it } from 'vitest';
import { engagementRate, MIN_POSTS, subredditActivity, type PostActivity } from './subreddit-activity';

// Tuesday 3 March 2026, 10:00 UTC.
const now = new Date('2026-03-03T10:00:00Z');

/** A post at an ISO time with its score and comments. */
const post = (at: string, score: number, numComments: number, extra: Partial<PostActivity> = {}) => ({
  createdAt: new Date(at),
  score,
  numComments,
  stickied: false,
  ...extra,
});

/** `count` unremarkable posts on Wednesday 25 February, one an hour from 00:00 UTC. */
const filler = (count: number, engagement = 4) =>
  Array.from({ length: count }, (_, hour) =>
    post(`2026-02-25T${String(hour).padStart(2, '0')}:30:00Z`, engagement, 0),
  );

describe('subreddit activity', () => {
  it('without posts there is nothing to say', () => {
    expect(subredditActivity([], now)).toEqual({
      sampleSize: 0,
      medianEngagement: null,
      bestPostingSlot: null,
    });
  });

  it('too few measured posts give no rate and no slot; stickied, unscored and fresh posts are not measured', () => {
    const posts = [
      ...filler(MIN_POSTS - 1),
      post('2026-02-25T20:00:00Z', 900, 90, { stickied: true }),
      { ...post('2026-02-25T21:00:00Z', 0, 0), score: null },
      // Twenty minutes old: still gathering votes.
      post('2026-03-03T09:40:00Z', 2, 0),
    ];
    expect(subredditActivity(posts, now)).toEqual({
      sampleSize: MIN_POSTS - 1,
      medianEngagement: null,
      bestPostingSlot: null,
    });
  });

  it('the best slot is the weekday and UTC hour whose posts drew the most, one viral post is no slot', () => {
    const posts = [
      ...filler(10),
      // Monday 14:xx UTC: two posts, score + comments 40 + 10 and 60 + 20.
      post('2026-03-02T14:05:00Z', 40, 10),
      post('2026-02-23T14:50:00Z', 60, 20),
      // Sunday 09:xx: three posts, less engagement.
      post('2026-03-01T09:00:00Z', 20, 5),
      post('2026-03-01T09:20:00Z', 25, 5),
      post('2026-02-22T09:10:00Z', 30, 0),
      // Saturday 20:xx: one viral post alone.
      post('2026-02-28T20:00:00Z', 5000, 800),
      // A downvoted post counts its comments only.
      post('2026-02-27T08:00:00Z', -30, 2),
    ];
    const activity = subredditActivity(posts, now);
    expect(activity.bestPostingSlot).toEqual({ weekday: 1, hourUtc: 14 });
    expect(activity.sampleSize).toBe(17);
    // Engagements sorted: 2, 4×10, 25, 30, 30, 50, 80, 5800 → the ninth of 17 is 4.
    expect(activity.medianEngagement).toBe(4);
  });

  it('ties go to the slot with more posts, then to the earlier one in the week', () => {
    const tiedOnMedian = [
      ...filler(10, 1),
      // Thursday 18:xx: median 30 from two posts; Friday 12:xx, later in the week: from three.
      post('2026-02-26T18:00:00Z', 20, 0),
      post('2026-02-19T18:00:00Z', 40, 0),
      post('2026-02-27T12:00:00Z', 30, 0),
      post('2026-02-27T12:10:00Z', 30, 0),
      post('2026-02-20T12:00:00Z', 30, 0),
    ];
    expect(subredditActivity(tiedOnMedian, now).bestPostingSlot).toEqual({ weekday: 5, hourUtc: 12 });

    const tiedOnBoth = [
      ...filler(10, 1),
      post('2026-02-27T12:00:00Z', 30, 0),
      post('2026-02-20T12:00:00Z', 30, 0),
      post('2026-02-26T18:00:00Z', 30, 0),
      post('2026-02-19T18:00:00Z', 30, 0),
    ];
    expect(subredditActivity(tiedOnBoth, now).bestPostingSlot).toEqual({ weekday: 4, hourUtc: 18 });
  });

  it('with enough posts but no slot of two, there is a rate and no slot', () => {
    const spread = Array.from({ length: 12 }, (_, day) =>
      post(`2026-02-${String(10 + day).padStart(2, '0')}T${String(day).padStart(2, '0')}:00:00Z`, day, 1),
    );
    const activity = subredditActivity(spread, now);
    expect(activity.bestPostingSlot).toBeNull();
    expect(activity.medianEngagement).toBe(6.5);
  });
});

describe('engagement rate', () => {
  it('is the median engagement per 100 subscribers, to three significant digits', () => {
    expect(engagementRate(42, 1000)).toBe(4.2);
    expect(engagementRate(20, 1_700_000)).toBe(0.00118);
    expect(engagementRate(1, 3)).toBe(33.3);
  });

  it('is absent without subscribers or without a median, and never above 100', () => {
    expect(engagementRate(10, null)).toBeNull();
    expect(engagementRate(10, 0)).toBeNull();
    expect(engagementRate(null, 5000)).toBeNull();
    expect(engagementRate(80, 20)).toBe(100);
  });
});
