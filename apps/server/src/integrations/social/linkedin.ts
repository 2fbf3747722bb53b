import { z } from 'zod';
import { retryAfterMs } from '../../lib/retrying-fetch';
import { storableText } from '../../lib/text';
import { authorizeUrl, requestTokens, type OAuthTokens } from './oauth';

/*
 * LinkedIn through OAuth 2.0: "Sign In with LinkedIn using OpenID Connect" (scopes openid,
 * profile: who the member is, from /v2/userinfo) and "Share on LinkedIn" (w_member_social:
 * posting as the member through the versioned Posts API, POST /rest/posts). Access tokens last
 * 60 days; refresh tokens come only to apps in LinkedIn's partner programme, so an expired token
 * without one means connecting again.
 */

export const LINKEDIN_TIMEOUT_MS = 15_000;
export const LINKEDIN_SCOPES = ['openid', 'profile', 'w_member_social'] as const;
/** The Posts API's limit on a post's commentary. */
export const LINKEDIN_POST_MAX = 3000;

export function linkedinAuthorizeUrl(
  siteUrl: string,
  request: { clientId: string; state: string; redirectUri: string },
): string {
  return authorizeUrl(`${siteUrl}/oauth/v2/authorization`, {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    scope: LINKEDIN_SCOPES.join(' '),
  });
}

export interface LinkedInAppOptions {
  siteUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now: Date;
}

const appForm = (options: LinkedInAppOptions) => ({
  client_id: options.clientId,
  client_secret: options.clientSecret,
});

export function exchangeLinkedInCode(
  options: LinkedInAppOptions,
  code: string,
  redirectUri: string,
): Promise<OAuthTokens> {
  return requestTokens(
    `${options.siteUrl}/oauth/v2/accessToken`,
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...appForm(options) },
    { fetch: options.fetch, now: options.now },
  );
}

export function refreshLinkedInToken(
  options: LinkedInAppOptions,
  refreshToken: string,
  previousScope: string,
): Promise<OAuthTokens> {
  return requestTokens(
    `${options.siteUrl}/oauth/v2/accessToken`,
    { grant_type: 'refresh_token', refresh_token: refreshToken, ...appForm(options) },
    { fetch: options.fetch, now: options.now, previousScope },
  );
}

/** Revokes the access token; best effort on disconnect. */
export async function revokeLinkedInToken(options: LinkedInAppOptions, token: string): Promise<void> {
  const response = await (options.fetch ?? globalThis.fetch)(`${options.siteUrl}/oauth/v2/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, ...appForm(options) }).toString(),
    signal: AbortSignal.timeout(LINKEDIN_TIMEOUT_MS),
  });
  await response.body?.cancel().catch(() => undefined);
}

/**
 * Why LinkedIn did not do what was asked:
 * - unauthorized: the token was refused (expired or revoked);
 * - forbidden: the token lacks w_member_social, or the member may not post;
 * - duplicate: LinkedIn refuses a post identical to a recent one;
 * - rate_limited: throttled (429);
 * - rejected: another refusal (its message in `detail`);
 * - unreachable: no answer; nothing was posted;
 * - uncertain: the post's answer never came (timeout, 5xx): it may be on LinkedIn;
 * - invalid: an answer we could not read.
 */
export type LinkedInFailure =
  | 'unauthorized'
  | 'forbidden'
  | 'duplicate'
  | 'rate_limited'
  | 'rejected'
  | 'unreachable'
  | 'uncertain'
  | 'invalid';

export class LinkedInError extends Error {
  override name = 'LinkedInError';
  constructor(
    readonly reason: LinkedInFailure,
    readonly detail: string | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`LinkedIn: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}

/*
 * The Posts API reads commentary as "little text": these characters have meanings there
 * (mentions, hashtags, templates) and a post with one unescaped is refused or loses text.
 */
const LITTLE_TEXT_RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/** The member's text as the Posts API must receive it to show it as written. */
export function littleText(text: string): string {
  return text.replace(LITTLE_TEXT_RESERVED, (character) => `\\${character}`);
}

const userinfoSchema = z
  .object({
    sub: z.string().min(1),
    name: z.string().nullish(),
    given_name: z.string().nullish(),
    family_name: z.string().nullish(),
  })
  .loose();

export interface LinkedInApiOptions {
  apiUrl: string;
  /** Post links point at the site, not the API host. */
  siteUrl: string;
  apiVersion: string;
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

export interface LinkedInApi {
  /** The member (OpenID Connect userinfo): their id (`sub`) and name. */
  me(): Promise<{ id: string; name: string }>;
  /** A public text post as the member; its URN and link. */
  createPost(post: { authorId: string; text: string }): Promise<{ urn: string; url: string }>;
}

export function createLinkedInApi(options: LinkedInApiOptions): LinkedInApi {
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());

  async function call(
    path: string,
    init: { method: 'GET' | 'POST'; json?: unknown; rest?: boolean },
    write = false,
  ) {
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          accept: 'application/json',
          ...(init.rest
            ? { 'linkedin-version': options.apiVersion, 'x-restli-protocol-version': '2.0.0' }
            : {}),
          ...(init.json ? { 'content-type': 'application/json' } : {}),
        },
        body: init.json ? JSON.stringify(init.json) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? LINKEDIN_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
      throw new LinkedInError(write && !refused ? 'uncertain' : 'unreachable');
    }
    if (response.ok) return response;
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const message = typeof body?.message === 'string' ? storableText(body.message).slice(0, 500) : null;
    if (response.status === 401) throw new LinkedInError('unauthorized', message);
    if (response.status === 403) throw new LinkedInError('forbidden', message);
    if (response.status === 429)
      throw new LinkedInError(
        'rate_limited',
        message,
        retryAfterMs(response.headers.get('retry-after'), now().getTime()),
      );
    if (response.status === 422 && message && /duplicate/i.test(message))
      throw new LinkedInError('duplicate', message);
    if (response.status >= 500) throw new LinkedInError(write ? 'uncertain' : 'unreachable', message);
    throw new LinkedInError(write ? 'rejected' : 'invalid', message ?? `HTTP ${response.status}`);
  }

  return {
    async me() {
      const response = await call('/v2/userinfo', { method: 'GET' });
      const parsed = userinfoSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new LinkedInError('invalid');
      const { sub, name, given_name, family_name } = parsed.data;
      const fullName = name ?? [given_name, family_name].filter(Boolean).join(' ');
      return { id: sub, name: storableText(fullName || sub) };
    },
    async createPost({ authorId, text }) {
      const response = await call(
        '/rest/posts',
        {
          method: 'POST',
          rest: true,
          json: {
            author: `urn:li:person:${authorId}`,
            commentary: littleText(text),
            visibility: 'PUBLIC',
            distribution: {
              feedDistribution: 'MAIN_FEED',
              targetEntities: [],
              thirdPartyDistributionChannels: [],
            },
            lifecycleState: 'PUBLISHED',
            isReshareDisabledByAuthor: false,
          },
        },
        true,
      );
      await response.body?.cancel().catch(() => undefined);
      // 201 Created names the post in a header; its body is empty.
      const urn = response.headers.get('x-restli-id') ?? response.headers.get('x-linkedin-id');
      if (!urn || !/^urn:li:(share|ugcPost):\d+$/.test(urn)) throw new LinkedInError('uncertain');
      return { urn, url: `${options.siteUrl}/feed/update/${urn}/` };
    },
  };
}
