import { type SignInInput, type SignUpInput, routes as apiRoutes } from '@doppel/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeApi,
  errorReply,
  makeSession,
  sequence,
  type FakeRequest,
  fakeRoute,
  routeKey,
} from '@/test-support/fake-api';
import { ApiClient, urlOf } from './api-client';
import { ApiError } from './api-error';
import { SessionManager } from './session';

const managers: SessionManager[] = [];
function signedInClient(accessToken = 'stale-token') {
  const session = new SessionManager({ locks: null, channel: null });
  managers.push(session);
  session.adopt(makeSession({ accessToken }));
  return { session, api: new ApiClient(session, { transientRetryDelayMs: 1, getLanguage: () => 'ru' }) };
}

afterEach(() => {
  for (const manager of managers.splice(0)) manager.dispose();
});

const bearer = (call: FakeRequest | undefined) => call?.headers.get('authorization');

describe('ApiClient', () => {
  it('sends the bearer, cookies and interface language, and parses JSON', async () => {
    const fake = createFakeApi({ [routeKey(apiRoutes.profile.get)]: { body: { id: 'u1' } } });
    fake.install();
    const { api } = signedInClient('live-token');

    await expect(api.call(apiRoutes.profile.get)).resolves.toEqual({ id: 'u1' });
    const [call] = fake.calls;
    expect(bearer(call)).toBe('Bearer live-token');
    expect(call!.headers.get('accept-language')).toBe('ru');
    expect(fake.fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it('on 401 refreshes the session once and repeats the request with the new token', async () => {
    const fake = createFakeApi({
      [routeKey(apiRoutes.settings.get)]: ({ headers }) =>
        headers.get('authorization') === 'Bearer fresh-token'
          ? { body: { language: 'en' } }
          : errorReply(401, 'unauthorized', 'Auth session missing!'),
      ...fakeRoute(apiRoutes.auth.refresh, { body: makeSession({ accessToken: 'fresh-token' }) }),
    });
    fake.install();
    const { api, session } = signedInClient('stale-token');

    await expect(api.call(apiRoutes.settings.get)).resolves.toEqual({ language: 'en' });
    expect(fake.calls.map((call) => `${call.method} ${call.path} ${bearer(call) ?? ''}`)).toEqual([
      'GET /api/settings Bearer stale-token',
      'POST /api/auth/refresh ',
      'GET /api/settings Bearer fresh-token',
    ]);
    expect(session.accessToken).toBe('fresh-token');
  });

  it('gives up after one retry and reports the 401 as an ApiError', async () => {
    const fake = createFakeApi({
      ...fakeRoute(apiRoutes.profile.get, errorReply(401, 'unauthorized', 'Auth session missing!')),
      ...fakeRoute(apiRoutes.auth.refresh, { body: makeSession({ accessToken: 'fresh-token' }) }),
    });
    fake.install();
    const { api } = signedInClient();

    const error = await api.call(apiRoutes.profile.get).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'unauthorized', status: 401, message: 'Auth session missing!' });
    expect(fake.callsTo(apiRoutes.profile.get)).toHaveLength(2);
    expect(fake.callsTo(apiRoutes.auth.refresh)).toHaveLength(1);
  });

  it('does not retry when the session is gone, and the session manager signs out', async () => {
    const fake = createFakeApi({
      ...fakeRoute(apiRoutes.profile.get, errorReply(401, 'unauthorized')),
      ...fakeRoute(apiRoutes.auth.refresh, errorReply(401, 'session_expired')),
    });
    fake.install();
    const { api, session } = signedInClient();

    await expect(api.call(apiRoutes.profile.get)).rejects.toMatchObject({ status: 401 });
    expect(fake.callsTo(apiRoutes.profile.get)).toHaveLength(1);
    expect(session.getState().status).toBe('signedOut');
  });

  it('never sends the bearer nor refreshes for public auth calls', async () => {
    const fake = createFakeApi({
      ...fakeRoute(
        apiRoutes.auth.signIn,
        errorReply(400, 'invalid_credentials', 'Invalid login credentials'),
      ),
    });
    fake.install();
    const { api } = signedInClient();

    await expect(
      api.call(apiRoutes.auth.signIn, { body: { email: 'a@b.co', password: 'x' }, auth: false }),
    ).rejects.toMatchObject({
      code: 'invalid_credentials',
      status: 400,
      message: 'Invalid login credentials',
    });
    expect(bearer(fake.calls[0])).toBeNull();
    expect(fake.calls[0]!.body).toEqual({ email: 'a@b.co', password: 'x' });
    expect(fake.callsTo(apiRoutes.auth.refresh)).toHaveLength(0);
  });

  it('retries 502, 503 and 504 answers', async () => {
    const fake = createFakeApi({
      ...fakeRoute(
        apiRoutes.subscription.get,
        sequence(errorReply(502, 'internal'), errorReply(504, 'internal'), {
          body: { planName: 'Pro Plan' },
        }),
      ),
    });
    fake.install();
    const { api } = signedInClient();
    await expect(api.call(apiRoutes.subscription.get)).resolves.toEqual({ planName: 'Pro Plan' });
    expect(fake.calls).toHaveLength(3);
  });

  it('does not repeat a POST after a 502, which the server may already have carried out', async () => {
    const fake = createFakeApi(fakeRoute(apiRoutes.auth.signUp, errorReply(502, 'internal')));
    fake.install();
    const { api } = signedInClient();
    await expect(
      api.call(apiRoutes.auth.signUp, { body: {} as SignUpInput, auth: false }),
    ).rejects.toMatchObject({ status: 502 });
    expect(fake.calls).toHaveLength(1);
  });

  it('unpacks validation fields and Retry-After', async () => {
    createFakeApi({
      ...fakeRoute(
        apiRoutes.auth.signUp,
        errorReply(400, 'validation_failed', 'Please fill in all required fields', {
          fields: { email: 'emailInvalid' },
        }),
      ),
      ...fakeRoute(apiRoutes.auth.signIn, {
        ...errorReply(429, 'rate_limited', 'Too many requests.'),
        headers: { 'retry-after': '30' },
      }),
    }).install();
    const { api } = signedInClient();

    await expect(
      api.call(apiRoutes.auth.signUp, { body: {} as SignUpInput, auth: false }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { email: 'emailInvalid' },
    });
    await expect(
      api.call(apiRoutes.auth.signIn, { body: {} as SignInInput, auth: false }),
    ).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfter: 30,
    });
  });

  it('sends FormData as multipart (no JSON content type) and sends it again after a refresh', async () => {
    const fake = createFakeApi({
      [routeKey(apiRoutes.knowledge.upload)]: ({ headers }) =>
        headers.get('authorization') === 'Bearer fresh-token'
          ? { status: 201, body: { results: [{ fileName: 'notes.md' }] } }
          : errorReply(401, 'unauthorized', 'Auth session missing!'),
      ...fakeRoute(apiRoutes.auth.refresh, { body: makeSession({ accessToken: 'fresh-token' }) }),
    });
    fake.install();
    const { api } = signedInClient('stale-token');
    const form = new FormData();
    form.append('category', 'references');
    form.append('files', new File(['# Notes'], 'notes.md', { type: 'text/markdown' }));

    await expect(api.call(apiRoutes.knowledge.upload, { body: form })).resolves.toEqual({
      results: [{ fileName: 'notes.md' }],
    });
    const uploads = fake.callsTo(apiRoutes.knowledge.upload);
    expect(uploads.map(bearer)).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
    for (const call of uploads) {
      // The browser must write the multipart boundary itself.
      expect(call.headers.get('content-type')).toBeNull();
      expect(call.headers.get('accept-language')).toBe('ru');
      expect(call.body).toBe(form);
    }
    const sent = uploads[1]!.body as FormData;
    expect(sent.get('category')).toBe('references');
    expect((sent.getAll('files') as File[]).map((file) => file.name)).toEqual(['notes.md']);
  });

  it('turns a failed fetch into a network_error ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { api } = signedInClient();
    await expect(api.call(apiRoutes.profile.get)).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });
});

describe('urlOf', () => {
  it('fills the params, encoded, and adds the defined query values in order', () => {
    expect(
      urlOf(apiRoutes.campaigns.leads, { id: 'a/b c' }, { page: 2, status: undefined, search: 'x&y' }),
    ).toBe('/api/campaigns/a%2Fb%20c/leads?page=2&search=x%26y');
    expect(urlOf(apiRoutes.tasks.list, undefined, {})).toBe('/api/tasks');
  });
});
