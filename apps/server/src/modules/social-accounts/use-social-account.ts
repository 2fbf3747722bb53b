import type { PublishProblem, SocialPlatform } from '@doppel/contracts';
import { and, eq, socialAccounts } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { OAuthError, type OAuthTokens } from '../../integrations/social/oauth';
import {
  createRedditApi,
  RedditError,
  refreshRedditToken,
  type RedditApi,
  type RedditLimits,
  type RedditPost,
  type RedditRule,
  type SubredditAbout,
} from '../../integrations/social/reddit';
import { createLinkedInApi, LinkedInError, refreshLinkedInToken } from '../../integrations/social/linkedin';
import { appOf, redditUserAgent, sealTokens, socialRowOf, tokensOf, type SocialRow } from './social-accounts';

/*
 * Calls made with a connected account's tokens. An access token about to expire is refreshed
 * first; one the platform refuses (401) is refreshed once and the call made again; when no
 * refresh works the account turns to "reconnect" on the card and the caller is told. Reddit's
 * rate limit is obeyed across processes: when an answer says none are left, the row holds the
 * reset time and no call goes out before it.
 */

/** Refresh this long before the platform's expiry, so a call does not start with a dying token. */
const REFRESH_MARGIN_MS = 60_000;
/** Below this many requests left in Reddit's window, wait for its reset. */
const REDDIT_REMAINING_FLOOR = 2;

/** Why a connected account could not be used. */
export class SocialAccountUnavailable extends Error {
  override name = 'SocialAccountUnavailable';
  constructor(
    /** not_connected: no account; reconnect: its tokens stopped working; rate_limited: wait. */
    readonly reason: 'not_connected' | 'reconnect' | 'rate_limited',
    readonly retryAfterMs: number | null = null,
  ) {
    super(`social account ${reason}`);
  }
}

async function markReconnect(ctx: AppContext, row: SocialRow): Promise<void> {
  await ctx.db
    .update(socialAccounts)
    .set({ state: 'reconnect', problem: 'token_refused', updatedAt: ctx.clock.now() })
    .where(and(eq(socialAccounts.id, row.id), eq(socialAccounts.userId, row.userId)));
}

/** A fresh access token from the refresh token; null when there is none or it was refused. */
async function refresh(ctx: AppContext, row: SocialRow): Promise<string | null> {
  const tokens = tokensOf(ctx, row);
  const app = appOf(ctx, row, row.platform);
  if (!tokens?.refreshToken || !app) return null;
  const config = ctx.config.social[row.platform];
  const now = ctx.clock.now();
  let fresh: OAuthTokens;
  try {
    fresh =
      row.platform === 'reddit'
        ? await refreshRedditToken(
            { siteUrl: config.siteUrl, ...app, userAgent: redditUserAgent(ctx), now },
            tokens.refreshToken,
            row.scope ?? '',
          )
        : await refreshLinkedInToken(
            { siteUrl: config.siteUrl, ...app, now },
            tokens.refreshToken,
            row.scope ?? '',
          );
  } catch (error) {
    if (error instanceof OAuthError && error.reason === 'refused') return null;
    throw error;
  }
  await ctx.db
    .update(socialAccounts)
    .set({
      tokens: sealTokens(ctx, row.id, { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refreshToken }),
      accessExpiresAt: fresh.expiresAt,
      scope: fresh.scope || row.scope,
      updatedAt: now,
    })
    .where(and(eq(socialAccounts.id, row.id), eq(socialAccounts.userId, row.userId)));
  return fresh.accessToken;
}

const isUnauthorized = (error: unknown) =>
  (error instanceof RedditError || error instanceof LinkedInError) && error.reason === 'unauthorized';

/**
 * Runs `call` with the account's access token: refreshed when it is about to expire, and once
 * more when the platform refuses it. Throws SocialAccountUnavailable when there is no usable
 * account, and the platform's own error otherwise.
 */
export async function withAccount<T>(
  ctx: AppContext,
  userId: string,
  platform: SocialPlatform,
  call: (accessToken: string, row: SocialRow) => Promise<T>,
): Promise<T> {
  const row = await socialRowOf(ctx.db, userId, platform);
  if (!row || row.isSample || row.state === 'disconnected')
    throw new SocialAccountUnavailable('not_connected');
  if (row.state === 'reconnect') throw new SocialAccountUnavailable('reconnect');
  const now = ctx.clock.now();
  if (row.rateLimitedUntil && row.rateLimitedUntil > now) {
    throw new SocialAccountUnavailable('rate_limited', row.rateLimitedUntil.getTime() - now.getTime());
  }
  let accessToken = tokensOf(ctx, row)?.accessToken ?? null;
  let refreshed = false;
  if (
    !accessToken ||
    (row.accessExpiresAt && row.accessExpiresAt.getTime() - REFRESH_MARGIN_MS < now.getTime())
  ) {
    accessToken = await refresh(ctx, row);
    refreshed = true;
  }
  if (accessToken) {
    try {
      return await call(accessToken, row);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
    }
    // Refused before its time (revoked, or the platform's clock): one refresh, one more try.
    accessToken = refreshed ? null : await refresh(ctx, row);
    if (accessToken) {
      try {
        return await call(accessToken, row);
      } catch (error) {
        if (!isUnauthorized(error)) throw error;
      }
    }
  }
  await markReconnect(ctx, row);
  throw new SocialAccountUnavailable('reconnect');
}

function redditApi(ctx: AppContext, userId: string, accessToken: string): RedditApi {
  const { apiUrl, siteUrl } = ctx.config.social.reddit;
  return createRedditApi({
    apiUrl,
    siteUrl,
    userAgent: redditUserAgent(ctx),
    accessToken,
    now: () => ctx.clock.now(),
    onLimits: (limits) => holdForRateLimit(ctx, userId, limits),
  });
}

/** Reddit's window ran (almost) out: no call before its reset, from any process. */
async function holdForRateLimit(ctx: AppContext, userId: string, limits: RedditLimits): Promise<void> {
  if (limits.remaining >= REDDIT_REMAINING_FLOOR) return;
  const until = new Date(ctx.clock.now().getTime() + Math.max(1, limits.resetSeconds) * 1000);
  await ctx.db
    .update(socialAccounts)
    .set({ rateLimitedUntil: until })
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, 'reddit')))
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'reddit: keeping the rate limit failed'));
}

/** What the signals read from Reddit with the user's account. */
export interface RedditReader {
  newPosts(subreddit: string, limit: number): Promise<RedditPost[]>;
  rules(subreddit: string): Promise<RedditRule[]>;
  about(subreddit: string): Promise<SubredditAbout>;
}

export function redditReaderFor(ctx: AppContext, userId: string): RedditReader {
  return {
    newPosts: (subreddit, limit) =>
      withAccount(ctx, userId, 'reddit', (token) => redditApi(ctx, userId, token).newPosts(subreddit, limit)),
    rules: (subreddit) =>
      withAccount(ctx, userId, 'reddit', (token) => redditApi(ctx, userId, token).rules(subreddit)),
    about: (subreddit) =>
      withAccount(ctx, userId, 'reddit', (token) => redditApi(ctx, userId, token).about(subreddit)),
  };
}

/** A post or comment to publish with the user's account. */
export type Publication =
  | { platform: 'reddit'; kind: 'post'; subreddit: string; title: string; text: string }
  | { platform: 'reddit'; kind: 'comment'; thingId: string; text: string }
  | { platform: 'linkedin'; kind: 'post'; text: string };

/**
 * How publishing went: published (with its link); failed (nothing was posted; why, and the
 * platform's own words); unknown (the platform never answered: it may be posted, the user checks
 * before trying again); not_connected (no account: the user publishes by hand).
 */
export type PublishOutcome =
  | { status: 'published'; url: string; id: string }
  | { status: 'failed'; reason: PublishProblem; detail: string | null; retryAfterSeconds: number | null }
  | { status: 'unknown' }
  | { status: 'not_connected' };

export async function publishWithAccount(
  ctx: AppContext,
  userId: string,
  publication: Publication,
): Promise<PublishOutcome> {
  try {
    return await withAccount(ctx, userId, publication.platform, async (token, row) => {
      if (publication.platform === 'linkedin') {
        const { apiUrl, siteUrl, apiVersion } = ctx.config.social.linkedin;
        const api = createLinkedInApi({
          apiUrl,
          siteUrl,
          apiVersion,
          accessToken: token,
          now: () => ctx.clock.now(),
        });
        const post = await api.createPost({ authorId: row.accountId!, text: publication.text });
        return { status: 'published' as const, url: post.url, id: post.urn };
      }
      const api = redditApi(ctx, userId, token);
      const done =
        publication.kind === 'post'
          ? await api.submitPost(publication)
          : await api.comment({ thingId: publication.thingId, text: publication.text });
      return { status: 'published' as const, url: done.url, id: done.fullname };
    });
  } catch (error) {
    if (error instanceof SocialAccountUnavailable) {
      if (error.reason === 'not_connected') return { status: 'not_connected' };
      return failed(error.reason, null, error.retryAfterMs);
    }
    if (error instanceof RedditError) return fromRedditError(error);
    if (error instanceof LinkedInError) return fromLinkedInError(error);
    if (error instanceof OAuthError) return failed('unreachable', null, null);
    throw error;
  }
}

function failed(reason: PublishProblem, detail: string | null, retryAfterMs: number | null): PublishOutcome {
  return {
    status: 'failed',
    reason,
    detail,
    retryAfterSeconds: retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000),
  };
}

function fromRedditError(error: RedditError): PublishOutcome {
  switch (error.reason) {
    case 'uncertain':
      return { status: 'unknown' };
    case 'removed':
    case 'banned':
    case 'locked':
    case 'no_community':
    case 'rate_limited':
    case 'rejected':
    case 'unreachable':
      return failed(error.reason, error.detail, error.retryAfterMs);
    case 'not_found':
      return failed('no_community', error.detail, null);
    case 'forbidden':
      return failed('banned', error.detail, null);
    default:
      return failed('rejected', error.detail, null);
  }
}

function fromLinkedInError(error: LinkedInError): PublishOutcome {
  switch (error.reason) {
    case 'uncertain':
      return { status: 'unknown' };
    case 'rate_limited':
    case 'unreachable':
      return failed(error.reason, error.detail, error.retryAfterMs);
    default:
      // forbidden (no w_member_social), duplicate, rejected, invalid: LinkedIn's words say which.
      return failed('rejected', error.detail, null);
  }
}
