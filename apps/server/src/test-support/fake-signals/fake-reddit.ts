import { startRecordingServer, type Answer, type RecordedRequest } from './http-server';

/*
 * A fake Reddit on 127.0.0.1 speaking the public JSON listings the signals read:
 * `/r/<name>/new.json` (a Listing of t3 posts, newest first) and `/r/<name>/about/rules.json`.
 * Unknown subreddits redirect to search as Reddit does; private ones answer 403. Tests script
 * the next answers (a 429 with Retry-After) and read the requests (the User-Agent sent).
 */

export interface FakeRedditPost {
  id: string;
  title: string;
  selftext?: string;
  author?: string;
  /** Seconds since the epoch, as Reddit sends it. */
  createdUtc: number;
  stickied?: boolean;
}

export interface FakeRedditRule {
  short_name: string;
  description?: string;
}

export interface FakeReddit {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Adds a subreddit, or replaces its posts and rules. */
  setSubreddit(
    name: string,
    content: { posts: FakeRedditPost[]; rules?: FakeRedditRule[]; private?: boolean },
  ): void;
  /** The next requests answer these instead. */
  failNext(...answers: Answer[]): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown): Answer => ({
  status,
  headers: { 'content-type': 'application/json; charset=UTF-8' },
  body: JSON.stringify(body),
});

export async function startFakeReddit(): Promise<FakeReddit> {
  const subreddits = new Map<
    string,
    { posts: FakeRedditPost[]; rules: FakeRedditRule[]; private: boolean }
  >();
  const failures: Answer[] = [];

  const server = await startRecordingServer((request): Answer => {
    const failure = failures.shift();
    if (failure) return failure;
    const match = /^\/r\/([A-Za-z0-9_]+)\/(new\.json|about\/rules\.json)$/.exec(request.path);
    if (!match) return json(404, { message: 'Not Found', error: 404 });
    const sub = subreddits.get(match[1]!.toLowerCase());
    if (!sub) return { status: 302, headers: { location: `/subreddits/search.json?q=${match[1]}` } };
    if (sub.private) return json(403, { reason: 'private', message: 'Forbidden', error: 403 });
    if (match[2] === 'about/rules.json') {
      return json(200, {
        rules: sub.rules.map((rule, index) => ({
          kind: 'all',
          description: rule.description ?? '',
          short_name: rule.short_name,
          violation_reason: rule.short_name,
          created_utc: 1_600_000_000,
          priority: index,
        })),
        site_rules: ['Spam'],
      });
    }
    const limit = Number(request.query.get('limit') ?? 25);
    const posts = [...sub.posts].sort((a, b) => b.createdUtc - a.createdUtc).slice(0, limit);
    return json(200, {
      kind: 'Listing',
      data: {
        after: null,
        dist: posts.length,
        children: posts.map((post) => ({
          kind: 't3',
          data: {
            id: post.id,
            name: `t3_${post.id}`,
            subreddit: match[1],
            title: post.title,
            selftext: post.selftext ?? '',
            author: post.author ?? 'someone',
            permalink: `/r/${match[1]}/comments/${post.id}/post/`,
            url: `https://www.reddit.com/r/${match[1]}/comments/${post.id}/post/`,
            created_utc: post.createdUtc,
            stickied: post.stickied ?? false,
            score: 1,
            num_comments: 0,
          },
        })),
      },
    });
  });

  return {
    baseUrl: server.baseUrl,
    requests: server.requests,
    setSubreddit(name, content) {
      subreddits.set(name.toLowerCase(), {
        posts: content.posts,
        rules: content.rules ?? [],
        private: content.private ?? false,
      });
    },
    failNext: (...answers) => failures.push(...answers),
    close: () => server.close(),
  };
}
