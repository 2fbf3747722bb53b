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
 * A fake LinkedIn on 127.0.0.1 speaking what Doppel uses of the real one, on one port for
 * www.linkedin.com (GET/POST /oauth/v2/authorization: the consent page; POST
 * /oauth/v2/accessToken with the client credentials in the form; /oauth/v2/revoke) and
 * api.linkedin.com (GET /v2/userinfo, OpenID Connect; POST /rest/posts, the versioned Posts API,
 * which needs LinkedIn-Version and X-Restli-Protocol-Version and answers 201 with the post's URN
 * in x-restli-id). Access tokens last 60 days and come without a refresh token, as for apps
 * outside LinkedIn's partner programme.
 */

export interface FakeLinkedInPost {
  urn: string;
  author: string;
  commentary: string;
  body: Record<string, unknown>;
  version: string;
}

export interface FakeLinkedIn {
  baseUrl: string;
  requests: FakeRequest[];
  app: { clientId: string; clientSecret: string };
  setMember(member: { sub: string; name: string }): void;
  grantOnly(scopes: string[] | null): void;
  consent(authorizeUrl: string, decision: 'allow' | 'deny'): Promise<string>;
  /** The member revoked the app, or the tokens expired: every token stops working. */
  revokeAll(): void;
  failNext(...answers: FakeAnswer[]): void;
  posts: FakeLinkedInPost[];
  close(): Promise<void>;
}

export const FAKE_LINKEDIN_APP = { clientId: 'fake-linkedin-app', clientSecret: 'fake-linkedin-secret' };

export async function startFakeLinkedIn(options: { port?: number } = {}): Promise<FakeLinkedIn> {
  const app = { ...FAKE_LINKEDIN_APP };
  let member = { sub: 'aBcD3fGh1J', name: 'Dana Founder' };
  let grantedScopes: string[] | null = null;
  const codes = new Map<string, { redirectUri: string; scope: string; member: typeof member }>();
  const tokens = new Map<string, { scope: string; member: typeof member }>();
  const failures: FakeAnswer[] = [];
  const posts: FakeLinkedInPost[] = [];
  let nextShare = 7_100_000_000_000_000_000n;

  function consentRequestOf(params: URLSearchParams): ConsentRequest | FakeAnswer {
    if (params.get('client_id') !== app.clientId) return { status: 400, body: 'invalid client_id' };
    if (params.get('response_type') !== 'code') return { status: 400, body: 'invalid response_type' };
    const redirectUri = params.get('redirect_uri');
    if (!redirectUri) return { status: 400, body: 'invalid redirect_uri' };
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
      return redirectBack(request.redirectUri, {
        state: request.state,
        error: 'user_cancelled_authorize',
        error_description: 'The user cancelled the authorization',
      });
    }
    const asked = request.scope.split(/[\s,]+/).filter(Boolean);
    const code = newToken('linkedin-code');
    codes.set(code, { redirectUri: request.redirectUri, scope: (grantedScopes ?? asked).join(','), member });
    return redirectBack(request.redirectUri, { state: request.state, code });
  }

  function grantOf(request: FakeRequest) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    return token ? tokens.get(token) : undefined;
  }

  const revoked = () =>
    jsonAnswer(401, {
      status: 401,
      serviceErrorCode: 65601,
      code: 'REVOKED_ACCESS_TOKEN',
      message: 'The token used in the request has been revoked by the user',
    });

  function handle(request: FakeRequest): FakeAnswer {
    if (request.path === '/oauth/v2/authorization') {
      if (request.method === 'POST') return answerConsent(request.form);
      const consent = consentRequestOf(request.query);
      if ('status' in consent) return consent;
      return consentPage(
        'LinkedIn',
        '/oauth/v2/authorization',
        request.query,
        consent.scope.split(/[\s,]+/).filter(Boolean),
      );
    }
    if (request.path === '/oauth/v2/accessToken' && request.method === 'POST') {
      if (
        request.form.get('client_id') !== app.clientId ||
        request.form.get('client_secret') !== app.clientSecret
      ) {
        return jsonAnswer(401, {
          error: 'invalid_client',
          error_description: 'Client authentication failed',
        });
      }
      if (request.form.get('grant_type') !== 'authorization_code') {
        return jsonAnswer(400, {
          error: 'invalid_request',
          error_description: 'Refresh tokens are not enabled for this application',
        });
      }
      const code = codes.get(request.form.get('code') ?? '');
      codes.delete(request.form.get('code') ?? '');
      if (!code || code.redirectUri !== request.form.get('redirect_uri')) {
        return jsonAnswer(400, {
          error: 'invalid_request',
          error_description: 'Unable to retrieve access token: authorization code not found',
        });
      }
      const accessToken = newToken('linkedin-access');
      tokens.set(accessToken, { scope: code.scope, member: code.member });
      return jsonAnswer(200, {
        access_token: accessToken,
        expires_in: 5_183_999,
        scope: code.scope,
        token_type: 'Bearer',
        id_token: 'eyJ.fake.jwt',
      });
    }
    // A post's page, as a browser opening its link sees it.
    const feed = /^\/feed\/update\/(urn:li:share:\d+)\/$/.exec(request.path);
    if (feed && request.method === 'GET') {
      const post = posts.find((entry) => entry.urn === feed[1]);
      if (!post)
        return {
          status: 404,
          headers: { 'content-type': 'text/html' },
          body: '<h1>This post cannot be displayed</h1>',
        };
      return {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: `<!doctype html><html lang="en"><head><title>LinkedIn post</title></head><body><main><article><p>${escapeHtml(post.author)}</p><p>${escapeHtml(post.commentary.replace(/\\(.)/g, '$1'))}</p></article></main></body></html>`,
      };
    }
    if (request.path === '/oauth/v2/revoke' && request.method === 'POST') {
      tokens.delete(request.form.get('token') ?? '');
      return { status: 200 };
    }
    const failure = failures.shift();
    if (failure) return failure;
    const grant = grantOf(request);
    if (request.path === '/v2/userinfo' && request.method === 'GET') {
      if (!grant) return revoked();
      const [given, ...family] = grant.member.name.split(' ');
      return jsonAnswer(200, {
        sub: grant.member.sub,
        name: grant.member.name,
        given_name: given,
        family_name: family.join(' '),
        locale: { country: 'US', language: 'en' },
      });
    }
    if (request.path === '/rest/posts' && request.method === 'POST') {
      const version = String(request.headers['linkedin-version'] ?? '');
      if (!/^20\d{4}$/.test(version))
        return jsonAnswer(400, {
          status: 400,
          code: 'VERSION_MISSING',
          message:
            'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        });
      if (request.headers['x-restli-protocol-version'] !== '2.0.0')
        return jsonAnswer(400, { status: 400, message: 'X-Restli-Protocol-Version 2.0.0 expected' });
      if (!grant) return revoked();
      if (!grant.scope.split(',').includes('w_member_social'))
        return jsonAnswer(403, {
          status: 403,
          serviceErrorCode: 100,
          code: 'ACCESS_DENIED',
          message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE.20261001',
        });
      const body = (request.json ?? {}) as Record<string, unknown>;
      if (body.author !== `urn:li:person:${grant.member.sub}`)
        return jsonAnswer(403, { status: 403, message: 'Not enough permissions to post as this author' });
      const commentary = typeof body.commentary === 'string' ? body.commentary : '';
      if (!commentary || body.lifecycleState !== 'PUBLISHED' || body.visibility !== 'PUBLIC')
        return jsonAnswer(422, { status: 422, message: 'ERROR :: /commentary :: is required' });
      const duplicate = posts.find((post) => post.author === body.author && post.commentary === commentary);
      if (duplicate)
        return jsonAnswer(422, { status: 422, message: `Content is a duplicate of ${duplicate.urn}` });
      const urn = `urn:li:share:${nextShare++}`;
      posts.push({ urn, author: body.author, commentary, body, version });
      return { status: 201, headers: { 'x-restli-id': urn, 'x-linkedin-id': urn } };
    }
    return jsonAnswer(404, { status: 404, message: 'Not Found' });
  }

  const server = await startFakeHttp(handle, options.port);
  const { baseUrl } = server;
  return {
    baseUrl,
    requests: server.requests,
    app,
    setMember: (next) => {
      member = next;
    },
    grantOnly: (scopes) => {
      grantedScopes = scopes;
    },
    consent: answerConsentPage,
    revokeAll: () => tokens.clear(),
    failNext: (...answers) => failures.push(...answers),
    posts,
    close: () => server.close(),
  };
}
