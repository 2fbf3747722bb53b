import { z } from 'zod';

/*
 * OAuth 2.0 authorization code flow (RFC 6749 §4.1) as Reddit and LinkedIn speak it: the
 * consent page's address, and the token endpoint's answers. Each platform's file adds where its
 * endpoints are and how it wants the client to authenticate.
 */

export const OAUTH_TIMEOUT_MS = 15_000;

/** Tokens as Doppel keeps them (sealed in social_accounts.tokens). */
export interface OAuthTokens {
  accessToken: string;
  /** Null where the platform gives none (LinkedIn outside its partner programme). */
  refreshToken: string | null;
  /** When the access token stops working, as the platform said (expires_in). */
  expiresAt: Date | null;
  /** The scopes the user granted, space separated. */
  scope: string;
}

/**
 * Why a token request failed:
 * - refused: the platform refused the code or refresh token (invalid_grant: used, expired,
 *   revoked) or our client credentials (invalid_client);
 * - unreachable: no answer, or one we could not read.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly reason: 'refused' | 'unreachable',
    /** The platform's error code (invalid_grant …), for the log; never a token. */
    readonly platformCode: string | null = null,
  ) {
    super(`OAuth token request ${reason}${platformCode ? `: ${platformCode}` : ''}`);
  }
}

const tokenAnswerSchema = z
  .object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1).nullish(),
    expires_in: z.coerce.number().positive().nullish(),
    scope: z.union([z.string(), z.array(z.string())]).nullish(),
  })
  .loose();

/** The consent page's address with the request's parameters. */
export function authorizeUrl(endpoint: string, params: Record<string, string>): string {
  const url = new URL(endpoint);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * POSTs a token request (form-encoded) and reads the tokens. `basicAuth` sends the client
 * credentials as HTTP Basic (Reddit); otherwise they are in the form (LinkedIn).
 */
export async function requestTokens(
  endpoint: string,
  form: Record<string, string>,
  options: {
    basicAuth?: { clientId: string; clientSecret: string };
    userAgent?: string;
    fetch?: typeof fetch;
    now: Date;
    /** Scopes to assume when the answer names none (a refresh keeps the granted ones). */
    previousScope?: string;
  },
): Promise<OAuthTokens> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  if (options.basicAuth) {
    const { clientId, clientSecret } = options.basicAuth;
    headers.authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  }
  let response: Response;
  try {
    response = await doFetch(endpoint, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(OAUTH_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    throw new OAuthError('unreachable');
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  // Reddit answers a bad code with 200 and {"error": "invalid_grant"}; LinkedIn with a 400.
  const platformCode = typeof body?.error === 'string' ? body.error : null;
  if (response.status >= 500) throw new OAuthError('unreachable', `HTTP ${response.status}`);
  if (!response.ok || platformCode)
    throw new OAuthError('refused', platformCode ?? `HTTP ${response.status}`);
  const parsed = tokenAnswerSchema.safeParse(body);
  if (!parsed.success) throw new OAuthError('unreachable', 'unreadable token answer');
  const { access_token, refresh_token, expires_in, scope } = parsed.data;
  return {
    accessToken: access_token,
    refreshToken: refresh_token ?? null,
    expiresAt: expires_in ? new Date(options.now.getTime() + expires_in * 1000) : null,
    scope: (Array.isArray(scope) ? scope.join(' ') : (scope ?? options.previousScope ?? ''))
      .replace(/,/g, ' ')
      .trim(),
  };
}

/** Whether every scope in `needed` is among the granted ones. */
export function grantsAll(granted: string, needed: readonly string[]): boolean {
  const have = new Set(granted.split(/\s+/).filter(Boolean));
  return needed.every((scope) => have.has(scope));
}
