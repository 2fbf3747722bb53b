import {
  answerConsent as answerConsentPage,
  consentPage,
  escapeHtml,
  jsonAnswer,
  newToken,
  redirectBack,
  startFakeHttp,
  type ConsentRequest,
  type FakeAnswer,
  type FakeRequest,
} from './oauth-fake-server';

/*
 * A fake Reddit on 127.0.0.1 speaking what Doppel uses of the real one, on one port for both of
 * Reddit's hosts: www.reddit.com's OAuth (GET/POST /api/v1/authorize: the consent page;
 * /api/v1/access_token: authorization_code and refresh_token grants with HTTP Basic client
 * credentials; /api/v1/revoke_token) and oauth.reddit.com's API with a bearer token
 * (/api/v1/me, /r/<sr>/new, /r/<sr>/about, /r/<sr>/about/rules, POST /api/submit and /api/comment with
 * api_type=json errors). Every API answer carries X-Ratelimit-Used/-Remaining/-Reset.
 */

export interface FakeRedditPost {
  id: string;
  title: string;
  selftext?: string;
  author?: string;
  /** Seconds since the epoch, as Reddit sends it. */
  createdUtc: number;
  stickied?: boolean;
  locked?: boolean;
  /** Removed by moderators: comments are refused (DELETED_LINK). */
  removed?: boolean;
  /** The listing's figures (default: score 1, no comments, ratio 1, as a fresh post has). */
  score?: number;
  numComments?: number;
  upvoteRatio?: number;
}

/** What /r/<sr>/about tells: subscribers, and active users when Reddit gives them. */
export interface FakeSubredditAbout {
  subscribers: number;
  activeUserCount?: number;
}

export interface FakeRedditRule {
  short_name: string;
  description?: string;
}

interface Subreddit {
  name: string;
  posts: FakeRedditPost[];
  rules: FakeRedditRule[];
  private: boolean;
  /** The account is banned here: submitting and commenting are refused. */
  banned: boolean;
  /** null: /about answers 500. */
  about: FakeSubredditAbout | null;
}

export interface FakeRedditSubmission {
  fullname: string;
  subreddit: string;
  title: string;
  text: string;
  author: string;
  url: string;
}

export interface FakeRedditComment {
  fullname: string;
  thingId: string;
  text: string;
  author: string;
  url: string;
}

export interface FakeReddit {
  /** Both hosts: REDDIT_BASE_URL and REDDIT_API_URL point here. */
  baseUrl: string;
  requests: FakeRequest[];
  /** The app the consent page and the token endpoint know. */
  app: { clientId: string; clientSecret: string };
  /** Who signs in on the consent page. */
  setUser(user: { id: string; name: string }): void;
  /** Scopes the user grants (default: all that were asked). */
  grantOnly(scopes: string[] | null): void;
  setSubreddit(
    name: string,
    content: {
      posts: FakeRedditPost[];
      rules?: FakeRedditRule[];
      private?: boolean;
      banned?: boolean;
      /** Default: 0 subscribers; null: /about fails with a 500. */
      about?: FakeSubredditAbout | null;
    },
  ): void;
  /** Answers the consent page as a person would; the redirect's address back to the client. */
  consent(authorizeUrl: string, decision: 'allow' | 'deny'): Promise<string>;
  /** Every access token handed out so far stops working (they expired). */
  expireAccessTokens(): void;
  /** The user revoked the app on Reddit: refresh tokens and access tokens stop working. */
  revokeAll(): void;
  /** The rate-limit window: requests left and seconds to its reset. */
  setRateLimit(remaining: number, resetSeconds: number): void;
  /** The next API requests answer these instead. */
  failNext(...answers: FakeAnswer[]): void;
  /** The next submit or comment answers Reddit's RATELIMIT error. */
  rateLimitNextWrite(minutes: number): void;
  submissions: FakeRedditSubmission[];
  comments: FakeRedditComment[];
  close(): Promise<void>;
}

export const FAKE_REDDIT_APP = { clientId: 'fake-reddit-app', clientSecret: 'fake-reddit-secret' };

export async function startFakeReddit(options: { port?: number } = {}): Promise<FakeReddit> {
  const app = { ...FAKE_REDDIT_APP };
  let user = { id: 'u1a2b3', name: 'doppel_founder' };
  let grantedScopes: string[] | null = null;
  const subreddits = new Map<string, Subreddit>();
  const codes = new Map<string, { redirectUri: string; scope: string; user: typeof user }>();
  const refreshTokens = new Map<string, { scope: string; user: typeof user }>();
  const accessTokens = new Map<string, { scope: string; user: typeof user }>();
  const failures: FakeAnswer[] = [];
  let writeRateLimitMinutes: number | null = null;
  let rate = { used: 0, remaining: 600, reset: 600 };
  const submissions: FakeRedditSubmission[] = [];
  const comments: FakeRedditComment[] = [];
  let nextId = 1000;
  let baseUrl = '';

  const clientOk = (request: FakeRequest) =>
    request.headers.authorization ===
    `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;

  function issueTokens(grant: { scope: string; user: typeof user }, withRefresh: boolean) {
    const accessToken = newToken('reddit-access');
    accessTokens.set(accessToken, grant);
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: 86_400,
      scope: grant.scope,
    };
    if (withRefresh) {
      const refreshToken = newToken('reddit-refresh');
      refreshTokens.set(refreshToken, grant);
      answer.refresh_token = refreshToken;
    }
    return jsonAnswer(200, answer);
  }

  function consentRequestOf(params: URLSearchParams): ConsentRequest | FakeAnswer {
    if (params.get('client_id') !== app.clientId) return { status: 400, body: 'invalid client id' };
    if (params.get('response_type') !== 'code') return { status: 400, body: 'invalid response type' };
    const redirectUri = params.get('redirect_uri');
    if (!redirectUri) return { status: 400, body: 'invalid redirect uri' };
    return {
      clientId: app.clientId,
      redirectUri,
      state: params.get('state') ?? '',
      scope: params.get('scope') ?? '',
    };
  }

  function answerConsent(params: URLSearchParams): FakeAnswer {
    const request = consentRequestOf(params);
    if ('status' in request) return request;
    if (params.get('decision') !== 'allow') {
      return redirectBack(request.redirectUri, { state: request.state, error: 'access_denied' });
    }
    const asked = request.scope.split(/[\s,]+/).filter(Boolean);
    const scope = (grantedScopes ?? asked).join(' ');
    const code = newToken('reddit-code');
    codes.set(code, { redirectUri: request.redirectUri, scope, user });
    return redirectBack(request.redirectUri, { state: request.state, code });
  }

  function withRate(answer: FakeAnswer): FakeAnswer {
    rate = { ...rate, used: rate.used + 1, remaining: Math.max(0, rate.remaining - 1) };
    return {
      ...answer,
      headers: {
        ...answer.headers,
        'x-ratelimit-used': String(rate.used),
        'x-ratelimit-remaining': rate.remaining.toFixed(1),
        'x-ratelimit-reset': String(rate.reset),
      },
    };
  }

  const apiError = (code: string, explanation: string, field: string, extra: Record<string, unknown> = {}) =>
    jsonAnswer(200, { json: { errors: [[code, explanation, field]], ...extra } });

  function api(request: FakeRequest): FakeAnswer {
    const token = /^bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const grant = token ? accessTokens.get(token) : undefined;
    if (!grant) return jsonAnswer(401, { message: 'Unauthorized', error: 401 });
    if (rate.remaining <= 0)
      return jsonAnswer(
        429,
        { message: 'Too Many Requests', error: 429 },
        { 'retry-after': String(rate.reset) },
      );
    const failure = failures.shift();
    if (failure) return failure;
    if (request.path === '/api/v1/me') return jsonAnswer(200, { id: grant.user.id, name: grant.user.name });
    const listing = /^\/r\/([A-Za-z0-9_]+)\/(new|about|about\/rules)$/.exec(request.path);
    if (listing && request.method === 'GET') {
      const sub = subreddits.get(listing[1]!.toLowerCase());
      if (!sub) return { status: 302, headers: { location: `/subreddits/search.json?q=${listing[1]}` } };
      if (sub.private) return jsonAnswer(403, { reason: 'private', message: 'Forbidden', error: 403 });
      if (listing[2] === 'about') {
        if (!sub.about) return jsonAnswer(500, { message: 'Internal Server Error', error: 500 });
        return jsonAnswer(200, {
          kind: 't5',
          data: {
            display_name: sub.name,
            display_name_prefixed: `r/${sub.name}`,
            subscribers: sub.about.subscribers,
            ...(sub.about.activeUserCount !== undefined && { active_user_count: sub.about.activeUserCount }),
            public_description: '',
            subreddit_type: 'public',
          },
        });
      }
      if (listing[2] === 'about/rules') {
        return jsonAnswer(200, {
          rules: sub.rules.map((rule, index) => ({
            kind: 'all',
            description: rule.description ?? '',
            short_name: rule.short_name,
            violation_reason: rule.short_name,
            priority: index,
          })),
          site_rules: ['Spam'],
        });
      }
      const limit = Number(request.query.get('limit') ?? 25);
      const posts = [...sub.posts].sort((a, b) => b.createdUtc - a.createdUtc).slice(0, limit);
      return jsonAnswer(200, {
        kind: 'Listing',
        data: {
          after: null,
          dist: posts.length,
          children: posts.map((post) => ({
            kind: 't3',
            data: {
              id: post.id,
              name: `t3_${post.id}`,
              subreddit: sub.name,
              title: post.title,
              selftext: post.selftext ?? '',
              author: post.author ?? 'someone',
              permalink: `/r/${sub.name}/comments/${post.id}/post/`,
              created_utc: post.createdUtc,
              stickied: post.stickied ?? false,
              locked: post.locked ?? false,
              archived: false,
              score: post.score ?? 1,
              num_comments: post.numComments ?? 0,
              upvote_ratio: post.upvoteRatio ?? 1,
            },
          })),
        },
      });
    }
    if (request.method === 'POST' && (request.path === '/api/submit' || request.path === '/api/comment')) {
      if (!grant.scope.split(' ').includes('submit'))
        return jsonAnswer(403, { message: 'Forbidden', error: 403 });
      if (request.form.get('api_type') !== 'json') return { status: 400, body: 'api_type=json expected' };
      if (writeRateLimitMinutes !== null) {
        const minutes = writeRateLimitMinutes;
        writeRateLimitMinutes = null;
        return apiError(
          'RATELIMIT',
          `Looks like you've been doing that a lot. Take a break for ${minutes} minutes before trying again.`,
          'ratelimit',
          { ratelimit: minutes * 60 },
        );
      }
      return request.path === '/api/submit' ? submit(request, grant.user) : comment(request, grant.user);
    }
    return jsonAnswer(404, { message: 'Not Found', error: 404 });
  }

  function submit(request: FakeRequest, author: typeof user): FakeAnswer {
    const sub = subreddits.get((request.form.get('sr') ?? '').toLowerCase());
    if (!sub) return apiError('SUBREDDIT_NOEXIST', "that community doesn't exist", 'sr');
    if (sub.banned) return apiError('SUBREDDIT_NOTALLOWED', "you aren't allowed to post there.", 'sr');
    const title = request.form.get('title') ?? '';
    if (!title) return apiError('NO_TEXT', 'we need something here', 'title');
    if (title.length > 300) return apiError('TOO_LONG', 'this is too long (max: 300)', 'title');
    if (request.form.get('kind') !== 'self') return apiError('NO_URL', 'a url is required', 'url');
    const id = (nextId++).toString(36);
    const url = `${baseUrl}/r/${sub.name}/comments/${id}/post/`;
    const submission = {
      fullname: `t3_${id}`,
      subreddit: sub.name,
      title,
      text: request.form.get('text') ?? '',
      author: author.name,
      url,
    };
    submissions.push(submission);
    sub.posts.push({
      id,
      title,
      selftext: submission.text,
      author: author.name,
      createdUtc: Math.floor(Date.now() / 1000),
    });
    return jsonAnswer(200, { json: { errors: [], data: { url, drafts_count: 0, id, name: `t3_${id}` } } });
  }

  function comment(request: FakeRequest, author: typeof user): FakeAnswer {
    const thingId = request.form.get('thing_id') ?? '';
    const postId = thingId.replace(/^t3_/, '');
    const found = [...subreddits.values()]
      .map((sub) => ({ sub, post: sub.posts.find((post) => post.id === postId) }))
      .find((entry) => entry.post);
    if (!found?.post || found.post.removed)
      return apiError('DELETED_LINK', 'the link you are commenting on has been deleted', 'parent');
    if (found.sub.banned) return jsonAnswer(403, { message: 'Forbidden', error: 403 });
    if (found.post.locked) return apiError('THREAD_LOCKED', 'Comments are locked.', 'parent');
    const text = request.form.get('text') ?? '';
    if (!text) return apiError('NO_TEXT', 'we need something here', 'text');
    const id = (nextId++).toString(36);
    const permalink = `/r/${found.sub.name}/comments/${postId}/post/${id}/`;
    comments.push({
      fullname: `t1_${id}`,
      thingId,
      text,
      author: author.name,
      url: `${baseUrl}${permalink}`,
    });
    return jsonAnswer(200, {
      json: {
        errors: [],
        data: {
          things: [
            {
              kind: 't1',
              data: { id, name: `t1_${id}`, body: text, permalink, parent_id: thingId, author: author.name },
            },
          ],
        },
      },
    });
  }

  function handle(request: FakeRequest): FakeAnswer {
    if (request.path === '/api/v1/authorize') {
      if (request.method === 'POST') return answerConsent(request.form);
      const consent = consentRequestOf(request.query);
      if ('status' in consent) return consent;
      return consentPage(
        'reddit',
        '/api/v1/authorize',
        request.query,
        consent.scope.split(/[\s,]+/).filter(Boolean),
      );
    }
    if (request.path === '/api/v1/access_token' && request.method === 'POST') {
      if (!clientOk(request)) return jsonAnswer(401, { message: 'Unauthorized', error: 401 });
      const grantType = request.form.get('grant_type');
      if (grantType === 'authorization_code') {
        const code = codes.get(request.form.get('code') ?? '');
        codes.delete(request.form.get('code') ?? '');
        if (!code || code.redirectUri !== request.form.get('redirect_uri'))
          return jsonAnswer(200, { error: 'invalid_grant' });
        return issueTokens({ scope: code.scope, user: code.user }, true);
      }
      if (grantType === 'refresh_token') {
        const grant = refreshTokens.get(request.form.get('refresh_token') ?? '');
        if (!grant) return jsonAnswer(400, { error: 'invalid_grant' });
        return issueTokens(grant, false);
      }
      return jsonAnswer(400, { error: 'unsupported_grant_type' });
    }
    // A post's page, as a browser opening its permalink sees it (no token needed).
    const page = /^\/r\/([A-Za-z0-9_]+)\/comments\/([a-z0-9]+)\/post\/$/.exec(request.path);
    if (page && request.method === 'GET') {
      const sub = subreddits.get(page[1]!.toLowerCase());
      const post = sub?.posts.find((entry) => entry.id === page[2]);
      if (!sub || !post)
        return { status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>page not found</h1>' };
      return {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: `<!doctype html><html lang="en"><head><title>${escapeHtml(post.title)} : r/${sub.name}</title></head><body><main><p>r/${sub.name} · u/${escapeHtml(post.author ?? 'someone')}</p><h1>${escapeHtml(post.title)}</h1><p>${escapeHtml(post.selftext ?? '')}</p></main></body></html>`,
      };
    }
    if (request.path === '/api/v1/revoke_token' && request.method === 'POST') {
      if (!clientOk(request)) return jsonAnswer(401, { message: 'Unauthorized', error: 401 });
      const token = request.form.get('token') ?? '';
      const grant = refreshTokens.get(token) ?? accessTokens.get(token);
      refreshTokens.delete(token);
      accessTokens.delete(token);
      if (grant) for (const [key, value] of accessTokens) if (value === grant) accessTokens.delete(key);
      return { status: 204 };
    }
    return withRate(api(request));
  }

  const server = await startFakeHttp(handle, options.port);
  baseUrl = server.baseUrl;

  return {
    baseUrl,
    requests: server.requests,
    app,
    setUser: (next) => {
      user = next;
    },
    grantOnly: (scopes) => {
      grantedScopes = scopes;
    },
    setSubreddit(name, content) {
      subreddits.set(name.toLowerCase(), {
        name,
        posts: content.posts,
        rules: content.rules ?? [],
        private: content.private ?? false,
        banned: content.banned ?? false,
        about: content.about === undefined ? { subscribers: 0 } : content.about,
      });
    },
    consent: answerConsentPage,
    expireAccessTokens: () => accessTokens.clear(),
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    setRateLimit: (remaining, resetSeconds) => {
      rate = { used: rate.used, remaining, reset: resetSeconds };
    },
    failNext: (...answers) => failures.push(...answers),
    rateLimitNextWrite: (minutes) => {
      writeRateLimitMinutes = minutes;
    },
    submissions,
    comments,
    close: () => server.close(),
  };
}
