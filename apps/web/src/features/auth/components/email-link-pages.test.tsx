import { routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, makeSession, fakeRoute } from '@/test-support/fake-api';
import { signedInRoutes } from '@/test-support/render-with-providers';
import { renderAuth } from '../test-support/render-auth';

const TOKEN = 'tok_0123456789abcdef';

describe('email link pages', () => {
  it('verifies the email once and takes the token out of the address', async () => {
    const { fake, location } = renderAuth({
      path: `/auth/verify?token=${TOKEN}`,
      server: { ...fakeRoute(apiRoutes.auth.verifyEmail, { body: { ok: true } }) },
    });
    expect(await screen.findByText('Your email is verified. You can sign in now.')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.auth.verifyEmail).map((call) => call.body)).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(location().search).toBe(''));
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('explains an expired verification link', async () => {
    renderAuth({
      path: `/auth/verify?token=${TOKEN}`,
      server: {
        ...fakeRoute(
          apiRoutes.auth.verifyEmail,
          errorReply(400, 'invalid_token', 'Token has expired or is invalid'),
        ),
      },
    });
    expect(await screen.findByText('Token has expired or is invalid')).toBeInTheDocument();
  });

  it('says a link without its token is incomplete', async () => {
    renderAuth({ path: '/auth/verify' });
    expect(
      await screen.findByText('This link is incomplete. Open it again from the email.'),
    ).toBeInTheDocument();
  });

  it('sets a new password, validating it first', async () => {
    const { user, fake } = renderAuth({
      path: `/auth/reset?token=${TOKEN}`,
      server: { ...fakeRoute(apiRoutes.auth.resetPassword, { body: { ok: true } }) },
    });
    const password = await screen.findByLabelText('New password');
    await user.type(password, '123');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.type(password, '456');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(
      await screen.findByText('Your password has been updated. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.auth.resetPassword)[0]!.body).toEqual({
      token: TOKEN,
      password: '123456',
    });
  });

  it('offers a new link when the reset token is no longer valid', async () => {
    const { user } = renderAuth({
      path: `/auth/reset?token=${TOKEN}`,
      server: {
        ...fakeRoute(
          apiRoutes.auth.resetPassword,
          errorReply(400, 'invalid_token', 'Token has expired or is invalid'),
        ),
      },
    });
    await user.type(await screen.findByLabelText('New password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/auth?mode=forgot',
    );
  });

  it('confirms an email change and refreshes the signed-in user', async () => {
    const session = makeSession();
    const { fake, services } = renderAuth({
      path: `/auth/confirm-email?token=${TOKEN}`,
      server: {
        ...signedInRoutes(session),
        ...fakeRoute(apiRoutes.auth.confirmEmailChange, { body: { ok: true } }),
        ...fakeRoute(apiRoutes.profile.get, { body: { ...session.user, email: 'ada@new.example' } }),
      },
    });
    expect(await screen.findByText('Your email address has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(services.session.session?.user.email).toBe('ada@new.example'));
    expect(fake.callsTo(apiRoutes.auth.confirmEmailChange)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to the app' })).toHaveAttribute('href', '/actions');
  });
});
