import { randomBytes } from 'node:crypto';
import {
  socialAppInputSchema,
  socialPlatforms,
  type SocialAccount,
  type SocialAccountProblem,
  type SocialAppInput,
  type SocialPlatform,
} from '@doppel/contracts';
import { and, eq, socialAccounts, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { OAuthApp } from '../../lib/config';
import type { AppContext } from '../../lib/context';
import { sha256 } from '../../lib/crypto';
import { grantsAll, OAuthError, type OAuthTokens } from '../../integrations/social/oauth';
import {
  createRedditApi,
  exchangeRedditCode,
  redditAuthorizeUrl,
  REDDIT_SCOPES,
  revokeRedditToken,
} from '../../integrations/social/reddit';
import {
  createLinkedInApi,
  exchangeLinkedInCode,
  LINKEDIN_SCOPES,
  linkedinAuthorizeUrl,
  revokeLinkedInToken,
} from '../../integrations/social/linkedin';

/*
 * Connecting Reddit and LinkedIn accounts (issue 19, docs/decisions/032): OAuth 2.0's
 * authorization code flow. Connect stores a one-time state (its hash, for ten minutes) on the
 * user's row and sends the browser to the platform's consent page; the platform sends it back
 * to the web app's /oauth/<platform>/callback, which hands code and state to the server with
 * the user's session. So a callback only completes the consent its own user started: a state
 * that is not the row's (forged, replayed, expired) is refused and changes nothing.
 */

/** How long a consent may take between Connect and the callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export type SocialRow = typeof socialAccounts.$inferSelect;

/** Doppel's User-Agent, as Reddit asks of API clients: platform:app:version (by …). */
export function redditUserAgent(ctx: AppContext): string {
  return `server:doppel:0.1 (by Doppel; ${ctx.config.publicUrl})`;
}

/** Where the platform sends the browser back: a page of the web app (it holds the session). */
export function redirectUriFor(ctx: AppContext, platform: SocialPlatform): string {
  return `${ctx.config.publicUrl}/oauth/${platform}/callback`;
}

export async function socialRowOf(
  db: DbOrTx,
  userId: string,
  platform: SocialPlatform,
): Promise<SocialRow | null> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)));
  return row ?? null;
}

/**
 * Whether the user has an account on the platform that Publish goes through (connected, or
 * waiting to be reconnected: then Publish says so instead of falling back to copy-and-open).
 */
export async function hasSocialAccount(
  ctx: AppContext,
  userId: string,
  platform: SocialPlatform,
): Promise<boolean> {
  const row = await socialRowOf(ctx.db, userId, platform);
  return Boolean(row && !row.isSample && row.state !== 'disconnected');
}

/** The OAuth app the platform is reached with: the user's own, else the server's. */
export function appOf(ctx: AppContext, row: SocialRow | null, platform: SocialPlatform): OAuthApp | null {
  if (row?.appClientId && row.appClientSecret) {
    return {
      clientId: row.appClientId,
      clientSecret: ctx.secrets.decryptSecret(row.appClientSecret, row.id),
    };
  }
  return ctx.config.social[platform].app;
}

export function tokensOf(
  ctx: AppContext,
  row: SocialRow,
): { accessToken: string; refreshToken: string | null } | null {
  if (!row.tokens) return null;
  return JSON.parse(ctx.secrets.decryptSecret(row.tokens, row.id)) as {
    accessToken: string;
    refreshToken: string | null;
  };
}

export function sealTokens(ctx: AppContext, rowId: string, tokens: OAuthTokens): string {
  return ctx.secrets.encryptSecret(
    JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
    rowId,
  );
}

function viewOf(ctx: AppContext, platform: SocialPlatform, row: SocialRow | null): SocialAccount {
  const ownApp = Boolean(row?.appClientId);
  const serverApp = ctx.config.social[platform].app;
  return {
    platform,
    state: row?.state ?? 'disconnected',
    accountName: row?.state === 'disconnected' ? null : (row?.accountName ?? null),
    problem: row?.problem ?? null,
    app: {
      source: ownApp ? 'user' : serverApp ? 'server' : 'none',
      // The server's own client id is configuration, not the user's business.
      clientId: ownApp ? row!.appClientId : null,
    },
    redirectUri: redirectUriFor(ctx, platform),
    connectedAt: row?.state === 'connected' ? (row.connectedAt?.toISOString() ?? null) : null,
    isSample: row?.isSample ?? false,
  };
}

export async function listSocialAccounts(ctx: AppContext, userId: string): Promise<SocialAccount[]> {
  const rows = await ctx.db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
  return socialPlatforms.map((platform) =>
    viewOf(ctx, platform, rows.find((row) => row.platform === platform) ?? null),
  );
}

async function getSocialAccount(ctx: AppContext, userId: string, platform: SocialPlatform) {
  return viewOf(ctx, platform, await socialRowOf(ctx.db, userId, platform));
}

/** The row of the user's platform, made when missing (inside `tx`). */
async function ensureRow(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  platform: SocialPlatform,
): Promise<SocialRow> {
  await tx.insert(socialAccounts).values({ userId, platform }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)))
    .for('update');
  return row!;
}

/**
 * Saves the user's own OAuth app. A connected account was authorized for the app it replaced,
 * so its tokens go: the user connects again through the new app.
 */
export async function saveSocialApp(
  ctx: AppContext,
  userId: string,
  platform: SocialPlatform,
  input: SocialAppInput,
): Promise<SocialAccount> {
  const { clientId, clientSecret } = socialAppInputSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const row = await ensureRow(ctx, tx, userId, platform);
    await tx
      .update(socialAccounts)
      .set({
        appClientId: clientId,
        appClientSecret: ctx.secrets.encryptSecret(clientSecret, row.id),
        ...disconnectedFields(),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(socialAccounts.id, row.id));
  });
  return getSocialAccount(ctx, userId, platform);
}

/** Forgets the user's own app (the server's is used, if it has one); the account goes with it. */
export async function removeSocialApp(
  ctx: AppContext,
  userId: string,
  platform: SocialPlatform,
): Promise<SocialAccount> {
  const row = await socialRowOf(ctx.db, userId, platform);
  if (row?.appClientId) {
    await revokeQuietly(ctx, row);
    await ctx.db
      .update(socialAccounts)
      .set({ appClientId: null, appClientSecret: null, ...disconnectedFields(), updatedAt: ctx.clock.now() })
      .where(and(eq(socialAccounts.id, row.id), eq(socialAccounts.userId, userId)));
  }
  return getSocialAccount(ctx, userId, platform);
}

function disconnectedFields() {
  return {
    state: 'disconnected' as const,
    problem: null,
    accountId: null,
    accountName: null,
    tokens: null,
    scope: null,
    accessExpiresAt: null,
    pendingStateHash: null,
    pendingStateUntil: null,
    rateLimitedUntil: null,
    connectedAt: null,
  };
}

/** Connect: a fresh one-time state on the row, and the consent page to send the browser to. */
export async function startSocialConnect(
  ctx: AppContext,
  userId: string,
  platform: SocialPlatform,
): Promise<{ authorizeUrl: string }> {
  const state = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const app = await ctx.db.transaction(async (tx) => {
    const row = await ensureRow(ctx, tx, userId, platform);
    const app = appOf(ctx, row, platform);
    if (!app) throw new AppError('social_app_required');
    await tx
      .update(socialAccounts)
      .set({
        pendingStateHash: sha256(state),
        pendingStateUntil: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
        updatedAt: now,
      })
      .where(eq(socialAccounts.id, row.id));
    return app;
  });
  const request = { clientId: app.clientId, state, redirectUri: redirectUriFor(ctx, platform) };
  const { siteUrl } = ctx.config.social[platform];
  return {
    authorizeUrl:
      platform === 'reddit' ? redditAuthorizeUrl(siteUrl, request) : linkedinAuthorizeUrl(siteUrl, request),
  };
}

/** What the platform's redirect carried: a code, or an error (the user declined). */
export interface ConsentAnswer {
  state: string;
  code?: string;
  error?: string;
}

/**
 * The callback: the state must be the one this user's Connect issued, unexpired; it is used up
 * either way. Then the code becomes tokens, the granted scopes are checked and the account's
 * name is read. A refusal says why, as a code, and leaves an earlier connection as it was.
 */
export async function finishSocialConnect(
  ctx: AppContext,
  userId: string,
  platform: SocialPlatform,
  answer: ConsentAnswer,
): Promise<SocialAccount> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)))
      .for('update');
    const matches =
      current?.pendingStateHash &&
      current.pendingStateUntil &&
      current.pendingStateUntil > now &&
      current.pendingStateHash === sha256(answer.state);
    if (!current || !matches) return null;
    await tx
      .update(socialAccounts)
      .set({ pendingStateHash: null, pendingStateUntil: null, updatedAt: now })
      .where(eq(socialAccounts.id, current.id));
    return current;
  });
  if (!row) throw oauthRefused('state_mismatch');
  if (answer.error || !answer.code) throw oauthRefused('consent_denied');
  const app = appOf(ctx, row, platform);
  if (!app) throw new AppError('social_app_required');
  const redirectUri = redirectUriFor(ctx, platform);
  const config = ctx.config.social[platform];
  let tokens: OAuthTokens;
  let account: { id: string; name: string };
  try {
    if (platform === 'reddit') {
      const options = { siteUrl: config.siteUrl, ...app, userAgent: redditUserAgent(ctx), now };
      tokens = await exchangeRedditCode(options, answer.code, redirectUri);
      if (!grantsAll(tokens.scope, REDDIT_SCOPES)) throw oauthRefused('scope_missing');
      account = await createRedditApi({
        apiUrl: config.apiUrl,
        siteUrl: config.siteUrl,
        userAgent: redditUserAgent(ctx),
        accessToken: tokens.accessToken,
      }).me();
    } else {
      tokens = await exchangeLinkedInCode({ siteUrl: config.siteUrl, ...app, now }, answer.code, redirectUri);
      if (!grantsAll(tokens.scope, LINKEDIN_SCOPES)) throw oauthRefused('scope_missing');
      account = await createLinkedInApi({
        apiUrl: config.apiUrl,
        siteUrl: config.siteUrl,
        apiVersion: ctx.config.social.linkedin.apiVersion,
        accessToken: tokens.accessToken,
      }).me();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof OAuthError)
      throw oauthRefused(error.reason === 'refused' ? 'token_refused' : 'unreachable');
    ctx.log.warn(
      { platform, err: { name: (error as Error).name, message: (error as Error).message } },
      'social account: reading the account failed',
    );
    throw oauthRefused('unreachable');
  }
  await ctx.db
    .update(socialAccounts)
    .set({
      state: 'connected',
      problem: null,
      accountId: account.id,
      accountName: account.name,
      tokens: sealTokens(ctx, row.id, tokens),
      scope: tokens.scope,
      accessExpiresAt: tokens.expiresAt,
      rateLimitedUntil: null,
      connectedAt: now,
      updatedAt: now,
    })
    .where(and(eq(socialAccounts.id, row.id), eq(socialAccounts.userId, userId)));
  return getSocialAccount(ctx, userId, platform);
}

const PROBLEM_CODES = {
  consent_denied: 'oauth_consent_denied',
  state_mismatch: 'oauth_state_mismatch',
  token_refused: 'oauth_token_refused',
  scope_missing: 'oauth_scope_missing',
  not_configured: 'social_app_required',
  unreachable: 'social_unreachable',
} as const satisfies Record<SocialAccountProblem, string>;

function oauthRefused(problem: SocialAccountProblem): AppError {
  return new AppError(PROBLEM_CODES[problem]);
}

/** Tells the platform to forget the tokens; a failure does not keep the account connected. */
async function revokeQuietly(ctx: AppContext, row: SocialRow): Promise<void> {
  const tokens = tokensOf(ctx, row);
  const app = appOf(ctx, row, row.platform);
  if (!tokens || !app || row.isSample) return;
  const config = ctx.config.social[row.platform];
  const now = ctx.clock.now();
  try {
    if (row.platform === 'reddit') {
      await revokeRedditToken(
        { siteUrl: config.siteUrl, ...app, userAgent: redditUserAgent(ctx), now },
        tokens.refreshToken ?? tokens.accessToken,
      );
    } else {
      await revokeLinkedInToken({ siteUrl: config.siteUrl, ...app, now }, tokens.accessToken);
    }
  } catch {
    ctx.log.info({ platform: row.platform }, 'social account: revoking the token failed; forgotten anyway');
  }
}

/** Disconnect: the platform is asked to revoke the tokens, and Doppel forgets them. */
export async function disconnectSocialAccount(
  ctx: AppContext,
  userId: string,
  platform: SocialPlatform,
): Promise<SocialAccount> {
  const row = await socialRowOf(ctx.db, userId, platform);
  if (row && row.state !== 'disconnected') {
    await revokeQuietly(ctx, row);
    await ctx.db
      .update(socialAccounts)
      .set({ ...disconnectedFields(), updatedAt: ctx.clock.now() })
      .where(and(eq(socialAccounts.id, row.id), eq(socialAccounts.userId, userId)));
  }
  return getSocialAccount(ctx, userId, platform);
}
