import { routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession, fakeRoute } from '@/test-support/fake-api';
import { signedInRoutes, SIGNED_OUT } from '@/test-support/render-with-providers';
import { renderAuth } from '../test-support/render-auth';
import { DEMO_FLAG_KEY } from '@/lib/session';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';

describe('auth page', () => {
  it('starts in English and switches to Russian with the toggle, remembering the choice', async () => {
    const { user } = renderAuth();
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'RU' }));
    expect(await screen.findByRole('tab', { name: 'Вход' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('enters the demo: opens a sandbox, sets the demo flag and goes to /actions', async () => {
    const demo = makeSession({ user: { isDemo: true, name: 'Demo User' } });
    const { user, location, fake, services } = renderAuth({
      server: {
        ...signedInRoutes(demo),
        ...fakeRoute(apiRoutes.auth.refresh, SIGNED_OUT),
        ...fakeRoute(apiRoutes.demo.start, { body: demo }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Try demo' }));

    await waitFor(() => expect(location().pathname).toBe('/actions'));
    expect(fake.callsTo(apiRoutes.demo.start)).toHaveLength(1);
    expect(services.session.session?.user.isDemo).toBe(true);
    expect(localStorage.getItem(DEMO_FLAG_KEY)).not.toBeNull();
  });

  it('tells a visitor whose demo has ended', async () => {
    localStorage.setItem(DEMO_FLAG_KEY, '1');
    renderAuth();
    expect(
      await screen.findByText('Your demo session has ended. Start a new one or create an account.'),
    ).toBeInTheDocument();
  });

  it('opens the sign-up form directly with ?mode=signup', async () => {
    renderAuth({ path: '/auth?mode=signup' });
    expect(await screen.findByRole('tab', { name: 'Sign up', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('sends a reset link from the forgot-password form, keeping the typed email', async () => {
    const { user, fake } = renderAuth({
      server: { ...fakeRoute(apiRoutes.auth.forgotPassword, { body: { ok: true } }) },
    });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(
      await screen.findByText(
        'If an account exists for ada@example.com, a link to reset the password is on its way.',
      ),
    ).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.auth.forgotPassword)[0]!.body).toEqual({ email: 'ada@example.com' });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-in account on to the app', async () => {
    const { location } = renderAuth({ server: signedInRoutes() });
    await waitFor(() => expect(location().pathname).toBe('/actions'));
  });
});
