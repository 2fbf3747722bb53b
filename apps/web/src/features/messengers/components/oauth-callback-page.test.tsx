import { routes as apiRoutes, type SocialAccount } from '@doppel/contracts';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, type FakeRequest, fakeRoute, type RouteReply } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes } from '@/test-support/render-with-providers';
import { OAuthCallbackPage } from './oauth-callback-page';

const connected: SocialAccount = {
  platform: 'reddit',
  state: 'connected',
  accountName: 'founder_dana',
  problem: null,
  app: { source: 'server', clientId: null },
  redirectUri: 'http://localhost:3000/oauth/reddit/callback',
  connectedAt: '2026-11-27T10:00:00.000Z',
  isSample: false,
};

function renderCallback(path: string, reply: RouteReply<typeof apiRoutes.socialAccounts.callback>) {
  const calls: FakeRequest[] = [];
  const rendered = renderWithProviders(
    <>
      <Route path="/oauth/:platform/callback" element={<OAuthCallbackPage />} />
      <Route path="/actions" element={<p>Actions page</p>} />
    </>,
    {
      path,
      server: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.socialAccounts.callback, (request) => {
          calls.push(request);
          return reply;
        }),
      },
    },
  );
  return { ...rendered, calls };
}

describe('OAuth callback page', () => {
  it('hands code and state to the server once, says who is connected, and returns to the app', async () => {
    const { calls, location } = renderCallback('/oauth/reddit/callback?state=st4te&code=c0de', {
      body: connected,
    });
    expect(await screen.findByText('Reddit connected as u/founder_dana')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/actions'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/social-accounts/reddit/callback');
    expect(calls[0]!.body).toEqual({ state: 'st4te', code: 'c0de' });
  });

  it('a declined consent is passed on, and the refusal is shown in the user’s language', async () => {
    const { calls } = renderCallback(
      '/oauth/linkedin/callback?state=s2&error=user_cancelled_authorize',
      errorReply(400, 'oauth_consent_denied', ''),
    );
    expect(await screen.findByRole('heading', { name: 'LinkedIn was not connected' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Access was declined on the platform’s page, so nothing was connected.',
    );
    expect(calls[0]!.body).toEqual({ state: 's2', error: 'user_cancelled_authorize' });
    expect(screen.getByRole('button', { name: 'Open Settings → Messengers' })).toBeInTheDocument();
  });

  it('a mismatched state is refused by the server and said so', async () => {
    renderCallback('/oauth/reddit/callback?state=forged&code=x', errorReply(400, 'oauth_state_mismatch', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent(/was not started here or has expired/);
  });

  it('an unknown platform in the address sends nothing', async () => {
    const { calls } = renderCallback('/oauth/myspace/callback?state=s&code=c', { body: connected });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This address does not belong to a platform Doppel connects.',
    );
    expect(calls).toHaveLength(0);
  });
});
