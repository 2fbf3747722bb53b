import { z } from 'zod';

/**
 * Social accounts (issue 19, docs/decisions/032): the user's Reddit and LinkedIn accounts,
 * connected with OAuth 2.0, through which Doppel reads Reddit and publishes posts and comments.
 */
export const socialPlatforms = ['reddit', 'linkedin'] as const;
export const socialPlatformSchema = z.enum(socialPlatforms);
export type SocialPlatform = z.infer<typeof socialPlatformSchema>;

/**
 * disconnected: nothing connected (an app's own client id may be saved);
 * connected: tokens that work;
 * reconnect: the platform refused the tokens (revoked, expired without a refresh token): the
 * user connects again.
 */
export const socialAccountStates = ['disconnected', 'connected', 'reconnect'] as const;
export type SocialAccountState = (typeof socialAccountStates)[number];

/**
 * Why connecting failed or an account needs reconnecting, as a code the app words:
 * - consent_denied: the user declined on the platform's consent page;
 * - state_mismatch: the callback's state was not the one Doppel issued (or it expired);
 * - token_refused: the platform refused the code or the refresh token;
 * - scope_missing: the user granted fewer scopes than publishing needs;
 * - not_configured: no OAuth app (client id and secret) is set for the platform;
 * - unreachable: the platform could not be reached.
 */
export const socialAccountProblems = [
  'consent_denied',
  'state_mismatch',
  'token_refused',
  'scope_missing',
  'not_configured',
  'unreachable',
] as const;
export type SocialAccountProblem = (typeof socialAccountProblems)[number];

/**
 * Why publishing failed, as a code the app words in the user's language; the platform's own
 * words are kept beside it:
 * - removed: the post being answered was removed or deleted;
 * - banned: the account may not post in this community;
 * - locked: the thread is locked or archived;
 * - rate_limited: the platform asked to wait (retryAfterSeconds when it said how long);
 * - no_community: the subreddit does not exist;
 * - rejected: the platform refused the post for another reason (its words say why);
 * - reconnect: the account's tokens no longer work;
 * - unreachable: the platform could not be reached or did not answer; nothing was posted.
 */
export const publishProblems = [
  'removed',
  'banned',
  'locked',
  'rate_limited',
  'no_community',
  'rejected',
  'reconnect',
  'unreachable',
] as const;
export type PublishProblem = (typeof publishProblems)[number];

export const socialAccountSchema = z.object({
  platform: socialPlatformSchema,
  state: z.enum(socialAccountStates),
  /** The account's name on the platform (u/name on Reddit, the member's name on LinkedIn). */
  accountName: z.string().nullable(),
  /** Why the account needs reconnecting. */
  problem: z.enum(socialAccountProblems).nullable(),
  /**
   * Where the OAuth app comes from: the server's configuration, the user's own (entered in
   * Settings: its client id is shown, the secret never), or none yet.
   */
  app: z.object({
    source: z.enum(['server', 'user', 'none']),
    clientId: z.string().nullable(),
  }),
  /** The address the platform's app must list as its redirect URI. */
  redirectUri: z.string(),
  connectedAt: z.string().nullable(),
  /** A demo sandbox's sample account: shown labelled, never contacts the platform. */
  isSample: z.boolean(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

export const socialAccountListSchema = z.object({ items: z.array(socialAccountSchema) });
export type SocialAccountList = z.infer<typeof socialAccountListSchema>;

export const socialPlatformParamsSchema = z.object({ platform: socialPlatformSchema });

/** PUT /api/social-accounts/:platform/app: the user's own OAuth app. */
export const socialAppInputSchema = z
  .object({
    clientId: z.string().trim().min(1).max(200),
    clientSecret: z.string().trim().min(1).max(500),
  })
  .strict();
export type SocialAppInput = z.infer<typeof socialAppInputSchema>;

/** POST /api/social-accounts/:platform/connect: where to send the browser for consent. */
export const socialConnectResultSchema = z.object({ authorizeUrl: z.string() });
export type SocialConnectResult = z.infer<typeof socialConnectResultSchema>;

/**
 * POST /api/social-accounts/:platform/callback: what the platform's redirect brought back to the
 * web app's callback page (code, or error when the user declined) with the state.
 */
export const socialCallbackInputSchema = z
  .object({
    state: z.string().min(1).max(500),
    code: z.string().min(1).max(2000).optional(),
    error: z.string().min(1).max(200).optional(),
  })
  .strict();
export type SocialCallbackInput = z.infer<typeof socialCallbackInputSchema>;
