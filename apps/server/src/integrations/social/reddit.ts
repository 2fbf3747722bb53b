import { z } from 'zod';
import { retryAfterMs } from '../../lib/retrying-fetch';
import { storableText } from '../../lib/text';
import { authorizeUrl, requestTokens, type OAuthTokens } from './oauth';

/*
 * Reddit through OAuth 2.0 (https://github.com/reddit-archive/reddit/wiki/OAuth2): the consent
 * page and token endpoint on www.reddit.com (REDDIT_BASE_URL), the API on oauth.reddit.com
 * (REDDIT_API_URL) with the user's bearer token. Reddit asks every client for a descriptive
 * User-Agent and reports its rate limit on each answer (X-Ratelimit-Remaining, -Reset in
 * seconds); the caller keeps calls off until the reset when it runs out. Subreddit names are
 * checked against Reddit's own pattern before they reach a path.
 */

export const REDDIT_TIMEOUT_MS = 15_000;
const ANSWER_MAX_BYTES = 4 * 1024 * 1024;

/** What Doppel asks for: who the user is, reading listings, posting and commenting. */
export const REDDIT_SCOPES = ['identity', 'read', 'submit'] as const;

/** Reddit's limits: a title of at most 300 characters, a self post's text 40,000. */
export const REDDIT_TITLE_MAX = 300;
export const REDDIT_TEXT_MAX = 40_000;

export const SUBREDDIT_NAME = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;

/** "r/startups", "/r/startups/", "startups" → "startups"; null when it is not a subreddit name. */
export function subredditName(text: string): string | null {
  const name = text
    .trim()
    .replace(/^\/?r\//i, '')
    .replace(/\/+$/, '');
  return SUBREDDIT_NAME.test(name) ? name : null;
}

export interface RedditPost {
  /** Reddit's fullname of the post (t3_…): unique across Reddit, what a comment replies to. */
  fullname: string;
  title: string;
  selftext: string;
  author: string;
  /** The post's address on Reddit. */
  url: string;
  createdAt: Date;
  stickied: boolean;
  /** Comments are closed (locked or archived): nothing can be posted under it. */
  closed: boolean;
  /** Upvotes minus downvotes as Reddit shows them (fuzzed by Reddit), when it sent them. */
  score: number | null;
  numComments: number | null;
  /** The share of votes that are upvotes, 0–1. */
  upvoteRatio: number | null;
}

/** A subreddit's own figures, from GET /r/{name}/about. */
export interface SubredditAbout {
  subscribers: number | null;
  /** Accounts on the subreddit right now; Reddit leaves it out for some communities. */
  activeUsers: number | null;
}

export interface RedditRule {
  shortName: string;
  description: string;
}

export interface RedditPublished {
  /** The fullname of the new post (t3_…) or comment (t1_…). */
  fullname: string;
  /** Its permalink on Reddit. */
  url: string;
}

/**
 * Why Reddit did not do what was asked:
 * - unauthorized: the token was refused (expired or revoked): refresh, else reconnect;
 * - not_found / forbidden: a listing of a subreddit that does not exist / is private or banned;
 * - removed, banned, locked, no_community, rate_limited, rejected: a post or comment refused,
 *   with Reddit's own words in `detail`;
 * - unreachable: no answer; nothing happened;
 * - uncertain: a post or comment whose answer never came (timeout, 5xx): it may be on Reddit;
 * - invalid: an answer we could not read.
 */
export type RedditFailure =
  | 'unauthorized'
  | 'not_found'
  | 'forbidden'
  | 'removed'
  | 'banned'
  | 'locked'
  | 'no_community'
  | 'rate_limited'
  | 'rejected'
  | 'unreachable'
  | 'uncertain'
  | 'invalid';

export class RedditError extends Error {
  override name = 'RedditError';
  constructor(
    readonly reason: RedditFailure,
    /** Reddit's own words, when it gave any (an error's explanation). */
    readonly detail: string | null = null,
    /** For rate_limited: how long Reddit asked us to wait. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`Reddit: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}

/** Reddit's rate-limit headers on an answer: requests left, and seconds until the window resets. */
export interface RedditLimits {
  remaining: number;
  resetSeconds: number;
}

export function redditAuthorizeUrl(
  siteUrl: string,
  request: { clientId: string; state: string; redirectUri: string },
): string {
  return authorizeUrl(`${siteUrl}/api/v1/authorize`, {
    client_id: request.clientId,
    response_type: 'code',
    state: request.state,
    redirect_uri: request.redirectUri,
    // permanent: a refresh token comes with the access token, which lasts an hour.
    duration: 'permanent',
    scope: REDDIT_SCOPES.join(' '),
  });
}

export interface RedditAppOptions {
  siteUrl: string;
  clientId: string;
  clientSecret: string;
  userAgent: string;
  fetch?: typeof fetch;
  now: Date;
}

const tokenEndpoint = (siteUrl: string) => `${siteUrl}/api/v1/access_token`;
const basicAuth = (options: RedditAppOptions) => ({
  clientId: options.clientId,
  clientSecret: options.clientSecret,
});

export function exchangeRedditCode(
  options: RedditAppOptions,
  code: string,
  redirectUri: string,
): Promise<OAuthTokens> {
  return requestTokens(
    tokenEndpoint(options.siteUrl),
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    { basicAuth: basicAuth(options), userAgent: options.userAgent, fetch: options.fetch, now: options.now },
  );
}

export async function refreshRedditToken(
  options: RedditAppOptions,
  refreshToken: string,
  previousScope: string,
): Promise<OAuthTokens> {
  const tokens = await requestTokens(
    tokenEndpoint(options.siteUrl),
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    {
      basicAuth: basicAuth(options),
      userAgent: options.userAgent,
      fetch: options.fetch,
      now: options.now,
      previousScope,
    },
  );
  // Reddit keeps the refresh token the same and does not send it again.
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

/** Revokes the refresh token (and with it its access tokens); best effort on disconnect. */
export async function revokeRedditToken(options: RedditAppOptions, token: string): Promise<void> {
  const response = await (options.fetch ?? globalThis.fetch)(`${options.siteUrl}/api/v1/revoke_token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': options.userAgent,
    },
    body: new URLSearchParams({ token, token_type_hint: 'refresh_token' }).toString(),
    signal: AbortSignal.timeout(REDDIT_TIMEOUT_MS),
  });
  await response.body?.cancel().catch(() => undefined);
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
            locked: z.boolean().nullish(),
            archived: z.boolean().nullish(),
            // Figures are taken when they are sound numbers and left out otherwise, never refused.
            score: z.number().int().catch(NaN).nullish(),
            num_comments: z.number().int().min(0).catch(NaN).nullish(),
            upvote_ratio: z.number().min(0).max(1).catch(NaN).nullish(),
          })
          .loose(),
      }),
    ),
  }),
});

const aboutSchema = z.object({
  data: z
    .object({
      subscribers: z.number().int().min(0).catch(NaN).nullish(),
      active_user_count: z.number().int().min(0).catch(NaN).nullish(),
    })
    .loose(),
});

/** A figure Reddit sent, or null when it sent none (or something that is not one). */
const figure = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

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

const meSchema = z.object({ id: z.string(), name: z.string() }).loose();

/** api_type=json answers: {"json": {"errors": [[CODE, explanation, field]], "data": …}}. */
const jsonAnswerSchema = z.object({
  json: z
    .object({
      errors: z.array(z.array(z.unknown())).default([]),
      ratelimit: z.number().nullish(),
      data: z.unknown().optional(),
    })
    .loose(),
});

const submitDataSchema = z.object({ name: z.string(), url: z.string() }).loose();
const commentDataSchema = z.object({
  things: z
    .array(z.object({ data: z.object({ name: z.string(), permalink: z.string() }).loose() }).loose())
    .min(1),
});

/** Reddit's error codes, by what the user is told. */
const ERROR_REASONS: Record<string, RedditFailure> = {
  RATELIMIT: 'rate_limited',
  SUBREDDIT_NOEXIST: 'no_community',
  SUBREDDIT_REQUIRED: 'no_community',
  SUBREDDIT_NOTALLOWED: 'banned',
  USER_BANNED: 'banned',
  BANNED_FROM_SUBREDDIT: 'banned',
  THREAD_LOCKED: 'locked',
  TOO_OLD: 'locked',
  ARCHIVED: 'locked',
  DELETED_LINK: 'removed',
  DELETED_COMMENT: 'removed',
  DELETED_THING: 'removed',
};

export interface RedditApiOptions {
  apiUrl: string;
  /** Permalinks are made absolute against Reddit's site, not the API host. */
  siteUrl: string;
  userAgent: string;
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
  /** Called (and waited for) with the rate-limit headers of every answer that carries them. */
  onLimits?: (limits: RedditLimits) => void | Promise<void>;
}

export interface RedditApi {
  me(): Promise<{ id: string; name: string }>;
  /** The subreddit's newest posts, newest first. */
  newPosts(subreddit: string, limit?: number): Promise<RedditPost[]>;
  rules(subreddit: string): Promise<RedditRule[]>;
  /** The subreddit's subscribers and active users. */
  about(subreddit: string): Promise<SubredditAbout>;
  /** A self (text) post. */
  submitPost(post: { subreddit: string; title: string; text: string }): Promise<RedditPublished>;
  /** A top-level comment under a post (thingId t3_…). */
  comment(reply: { thingId: string; text: string }): Promise<RedditPublished>;
}

export function createRedditApi(options: RedditApiOptions): RedditApi {
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const permalink = (path: string) => `${options.siteUrl}${path.startsWith('/') ? '' : '/'}${path}`;

  async function readLimits(response: Response) {
    const remaining = Number(response.headers.get('x-ratelimit-remaining'));
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    if (
      response.headers.has('x-ratelimit-remaining') &&
      Number.isFinite(remaining) &&
      Number.isFinite(reset)
    ) {
      await options.onLimits?.({ remaining, resetSeconds: reset });
    }
  }

  /**
   * One call. `write` calls (post, comment) are not idempotent: an answer that never came, or a
   * 5xx, is `uncertain`, never retried here.
   */
  async function call(
    path: string,
    init: { method: 'GET' | 'POST'; form?: Record<string, string> },
    write = false,
  ) {
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          'user-agent': options.userAgent,
          accept: 'application/json',
          ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: init.form ? new URLSearchParams(init.form).toString() : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? REDDIT_TIMEOUT_MS),
        // Reddit answers a missing or renamed subreddit with a redirect to its search page.
        redirect: 'manual',
      });
    } catch (error) {
      const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
      throw new RedditError(write && !refused ? 'uncertain' : 'unreachable');
    }
    await readLimits(response);
    const drop = () => response.body?.cancel().catch(() => undefined);
    if (response.status === 401) {
      await drop();
      throw new RedditError('unauthorized');
    }
    if (response.status === 429) {
      await drop();
      throw new RedditError(
        'rate_limited',
        null,
        retryAfterMs(response.headers.get('retry-after'), now().getTime()),
      );
    }
    if (response.status === 404 || (response.status >= 300 && response.status < 400)) {
      await drop();
      throw new RedditError(write ? 'no_community' : 'not_found');
    }
    if (response.status === 403) {
      await drop();
      throw new RedditError(write ? 'banned' : 'forbidden');
    }
    if (response.status >= 500) {
      await drop();
      throw new RedditError(write ? 'uncertain' : 'unreachable', `HTTP ${response.status}`);
    }
    if (!response.ok) {
      await drop();
      throw new RedditError(write ? 'rejected' : 'invalid', `HTTP ${response.status}`);
    }
    const text = await response.text().catch(() => {
      throw new RedditError(write ? 'uncertain' : 'unreachable');
    });
    if (text.length > ANSWER_MAX_BYTES) throw new RedditError('invalid');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RedditError(write ? 'uncertain' : 'invalid');
    }
  }

  function checkSubreddit(name: string) {
    if (!SUBREDDIT_NAME.test(name)) throw new RedditError('no_community');
  }

  /** The data of an api_type=json answer, or the error Reddit listed first. */
  function jsonData(answer: unknown): unknown {
    const parsed = jsonAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new RedditError('uncertain');
    const [first] = parsed.data.json.errors;
    if (first) {
      const code = typeof first[0] === 'string' ? first[0] : '';
      const explanation = typeof first[1] === 'string' ? storableText(first[1]).slice(0, 500) : null;
      const reason = ERROR_REASONS[code] ?? 'rejected';
      const wait =
        reason === 'rate_limited' && parsed.data.json.ratelimit ? parsed.data.json.ratelimit * 1000 : null;
      throw new RedditError(reason, explanation ? `${code}: ${explanation}` : code, wait);
    }
    return parsed.data.json.data;
  }

  return {
    async me() {
      const parsed = meSchema.safeParse(await call('/api/v1/me', { method: 'GET' }));
      if (!parsed.success) throw new RedditError('invalid');
      return { id: `t2_${parsed.data.id}`, name: storableText(parsed.data.name) };
    },
    async newPosts(subreddit, limit = 50) {
      checkSubreddit(subreddit);
      const answer = await call(`/r/${subreddit}/new?limit=${limit}&raw_json=1`, { method: 'GET' });
      const parsed = listingSchema.safeParse(answer);
      if (!parsed.success) throw new RedditError('invalid');
      return parsed.data.data.children
        .filter((child) => child.kind === 't3')
        .map(({ data }) => ({
          fullname: data.name,
          // Outside text: NUL or a broken surrogate in a post is dropped, not refused (decision 028).
          title: storableText(data.title),
          selftext: storableText(data.selftext ?? ''),
          author: storableText(data.author ?? '[deleted]'),
          url: permalink(data.permalink),
          createdAt: new Date(data.created_utc * 1000),
          stickied: data.stickied ?? false,
          closed: Boolean(data.locked || data.archived),
          score: figure(data.score),
          numComments: figure(data.num_comments),
          upvoteRatio: figure(data.upvote_ratio),
        }));
    },
    async about(subreddit) {
      checkSubreddit(subreddit);
      const parsed = aboutSchema.safeParse(await call(`/r/${subreddit}/about?raw_json=1`, { method: 'GET' }));
      if (!parsed.success) throw new RedditError('invalid');
      return {
        subscribers: figure(parsed.data.data.subscribers),
        activeUsers: figure(parsed.data.data.active_user_count),
      };
    },
    async rules(subreddit) {
      checkSubreddit(subreddit);
      const parsed = rulesSchema.safeParse(
        await call(`/r/${subreddit}/about/rules?raw_json=1`, { method: 'GET' }),
      );
      if (!parsed.success) throw new RedditError('invalid');
      return parsed.data.rules.map((rule) => ({
        shortName: storableText(rule.short_name ?? ''),
        description: storableText([rule.description, rule.violation_reason].filter(Boolean).join(' ')),
      }));
    },
    async submitPost({ subreddit, title, text }) {
      checkSubreddit(subreddit);
      const answer = await call(
        '/api/submit',
        {
          method: 'POST',
          form: {
            api_type: 'json',
            kind: 'self',
            sr: subreddit,
            title,
            text,
            resubmit: 'true',
            sendreplies: 'true',
          },
        },
        true,
      );
      const data = submitDataSchema.safeParse(jsonData(answer));
      if (!data.success) throw new RedditError('uncertain');
      return { fullname: data.data.name, url: data.data.url };
    },
    async comment({ thingId, text }) {
      if (!/^t3_[a-z0-9]{1,13}$/.test(thingId)) throw new RedditError('removed');
      const answer = await call(
        '/api/comment',
        { method: 'POST', form: { api_type: 'json', thing_id: thingId, text } },
        true,
      );
      const data = commentDataSchema.safeParse(jsonData(answer));
      if (!data.success) throw new RedditError('uncertain');
      const [thing] = data.data.things;
      return { fullname: thing!.data.name, url: permalink(thing!.data.permalink) };
    },
  };
}
