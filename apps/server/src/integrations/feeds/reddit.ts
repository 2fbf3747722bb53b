import { z } from 'zod';
import { retryAfterMs } from '../../lib/retrying-fetch';
import { storableText } from '../../lib/text';

/*
 * Reddit's public JSON listings (`/r/<name>/new.json`, `/r/<name>/about/rules.json`), read
 * without an account. Reddit asks every client to send a descriptive User-Agent and throttles
 * clients that do not; a 429 comes with Retry-After, which the caller honours by not polling
 * again before it. The base URL is configuration (REDDIT_BASE_URL), so tests use a fake server;
 * the subreddit name is checked against Reddit's own pattern before it reaches a path.
 */

export const REDDIT_TIMEOUT_MS = 15_000;
const LISTING_MAX_BYTES = 4 * 1024 * 1024;

export interface RedditPost {
  /** Reddit's fullname of the post (t3_…): unique across Reddit. */
  fullname: string;
  title: string;
  selftext: string;
  author: string;
  /** The post's address on Reddit. */
  url: string;
  createdAt: Date;
  stickied: boolean;
}

export interface RedditRule {
  shortName: string;
  description: string;
}

export type RedditFailure =
  'not_found' | 'forbidden' | 'rate_limited' | 'http_status' | 'unreachable' | 'invalid';

/** Why Reddit could not be read; `message` is ours and safe to show the user. */
export class RedditError extends Error {
  override name = 'RedditError';
  constructor(
    readonly reason: RedditFailure,
    message: string,
    /** For rate_limited: how long Reddit asked us to wait. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

const listingSchema = z.object({
  data: z.object({
    children: z.array(
      z.object({
        kind: z.string(),
        data: z
          .object({
            name: z.string(),
            title: z.string().default(''),
            selftext: z.string().nullish(),
            author: z.string().nullish(),
            permalink: z.string(),
            created_utc: z.number(),
            stickied: z.boolean().nullish(),
          })
          .loose(),
      }),
    ),
  }),
});

const rulesSchema = z.object({
  rules: z
    .array(
      z
        .object({
          short_name: z.string().nullish(),
          description: z.string().nullish(),
          violation_reason: z.string().nullish(),
        })
        .loose(),
    )
    .default([]),
});

export interface RedditClientOptions {
  baseUrl: string;
  userAgent: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  clock?: { now(): Date };
}

export interface RedditClient {
  /** The subreddit's newest posts, newest first. */
  newPosts(subreddit: string, limit?: number): Promise<RedditPost[]>;
  rules(subreddit: string): Promise<RedditRule[]>;
}

const SUBREDDIT = /^[A-Za-z0-9_]{2,21}$/;

export function createRedditClient(options: RedditClientOptions): RedditClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const now = () => (options.clock ?? { now: () => new Date() }).now();

  async function getJson(subreddit: string, path: string): Promise<unknown> {
    if (!SUBREDDIT.test(subreddit))
      throw new RedditError('invalid', `r/${subreddit} is not a subreddit name.`);
    const timeoutMs = options.timeoutMs ?? REDDIT_TIMEOUT_MS;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/r/${subreddit}/${path}`, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        // Reddit answers a missing or renamed subreddit with a redirect to its search page.
        redirect: 'manual',
      });
    } catch {
      throw new RedditError('unreachable', 'Reddit could not be reached.');
    }
    if (response.status === 429) {
      await response.body?.cancel().catch(() => {});
      const wait = retryAfterMs(response.headers.get('retry-after'), now().getTime());
      throw new RedditError(
        'rate_limited',
        'Reddit asked us to slow down; the next poll waits for it.',
        wait,
      );
    }
    if (response.status === 404 || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => {});
      throw new RedditError('not_found', `r/${subreddit} does not exist or was renamed.`);
    }
    if (response.status === 403) {
      await response.body?.cancel().catch(() => {});
      throw new RedditError('forbidden', `r/${subreddit} is private or banned, so it cannot be read.`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new RedditError('http_status', `Reddit answered with HTTP ${response.status}.`);
    }
    const text = await response.text().catch(() => {
      throw new RedditError('unreachable', 'Reddit’s answer could not be read.');
    });
    if (text.length > LISTING_MAX_BYTES) throw new RedditError('invalid', 'Reddit’s answer was too large.');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RedditError('invalid', 'Reddit did not answer with the listing format.');
    }
  }

  return {
    async newPosts(subreddit, limit = 50) {
      const parsed = listingSchema.safeParse(await getJson(subreddit, `new.json?limit=${limit}&raw_json=1`));
      if (!parsed.success) throw new RedditError('invalid', 'Reddit did not answer with the listing format.');
      return parsed.data.data.children
        .filter((child) => child.kind === 't3')
        .map(({ data }) => ({
          fullname: data.name,
          // Outside text: NUL or a broken surrogate in a post is dropped, not refused (decision 028).
          title: storableText(data.title),
          selftext: storableText(data.selftext ?? ''),
          author: storableText(data.author ?? '[deleted]'),
          url: `${baseUrl}${data.permalink.startsWith('/') ? '' : '/'}${data.permalink}`,
          createdAt: new Date(data.created_utc * 1000),
          stickied: data.stickied ?? false,
        }));
    },
    async rules(subreddit) {
      const parsed = rulesSchema.safeParse(await getJson(subreddit, 'about/rules.json'));
      if (!parsed.success) throw new RedditError('invalid', 'Reddit did not answer with the rules format.');
      return parsed.data.rules.map((rule) => ({
        shortName: rule.short_name ?? '',
        description: [rule.description, rule.violation_reason].filter(Boolean).join(' '),
      }));
    },
  };
}
