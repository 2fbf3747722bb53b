import { routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, makeSession, fakeRoute, routeKey } from '@/test-support/fake-api';
import { signedInRoutes } from '@/test-support/render-with-providers';
import { renderAuth } from '../test-support/render-auth';

async function openSignIn(routes = {}) {
  const rendered = renderAuth({ server: routes });
  const form = await screen.findByRole('form', { name: 'Sign in' });
  return { ...rendered, form: within(form) };
}

describe('sign-in form', () => {
  it('shows the spec’s messages on submit and clears each one as its field is edited', async () => {
    const { user, form, fake } = await openSignIn();

    // Nothing is shown before the first submit.
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Sign in' }));
    expect(await form.findByText('Email is required')).toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();
    expect(form.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.type(form.getByLabelText('Email'), 'ada@');
    expect(form.queryByText('Email is required')).not.toBeInTheDocument();
    // Editing one field leaves the other field's error alone, and does not re-validate early.
    expect(form.getByText('Password is required')).toBeInTheDocument();
    expect(form.queryByText('Please enter a valid email')).not.toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Sign in' }));
    expect(await form.findByText('Please enter a valid email')).toBeInTheDocument();

    await user.type(form.getByLabelText('Password'), 'x');
    expect(form.queryByText('Password is required')).not.toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.auth.signIn)).toHaveLength(0);
  });

  it('signs in and opens the app', async () => {
    const session = makeSession();
    const { user, form, fake, location } = await openSignIn({
      ...signedInRoutes(session),
      ...fakeRoute(apiRoutes.auth.refresh, errorReply(401, 'unauthorized')),
      ...fakeRoute(apiRoutes.auth.signIn, { body: session }),
    });

    await user.type(form.getByLabelText('Email'), 'Ada@Example.com');
    await user.type(form.getByLabelText('Password'), 'correct horse');
    await user.click(form.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(location().pathname).toBe('/actions'));
    expect(fake.callsTo(apiRoutes.auth.signIn)[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it('shows the server’s message in a toast when the credentials are wrong', async () => {
    const { user, form } = await openSignIn({
      ...fakeRoute(
        apiRoutes.auth.signIn,
        errorReply(400, 'invalid_credentials', 'Invalid login credentials'),
      ),
    });
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'wrong');
    await user.click(form.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('falls back to the spec’s Russian text when the server gives no message', async () => {
    const { user, form } = await openSignIn({
      [routeKey(apiRoutes.auth.signIn)]: { status: 500, body: 'oops' },
    });
    await user.click(screen.getByRole('button', { name: 'RU' }));
    await user.type(form.getByLabelText('Электронная почта'), 'ada@example.com');
    await user.type(form.getByLabelText('Пароль'), 'secret1');
    await user.click(form.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Произошла ошибка при входе')).toBeInTheDocument();
  });

  it('says when to retry after too many attempts', async () => {
    const { user, form } = await openSignIn({
      ...fakeRoute(
        apiRoutes.auth.signIn,
        errorReply(429, 'rate_limited', 'Too many requests. Please try again later.', {
          retryAfter: 30,
        }),
      ),
    });
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'secret1');
    await user.click(form.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many requests. Please try again in 30 seconds.')).toBeInTheDocument();
  });

  it('offers to resend the verification email when the address is not confirmed', async () => {
    const { user, form, fake } = await openSignIn({
      ...fakeRoute(apiRoutes.auth.signIn, errorReply(403, 'email_not_verified', 'Email not confirmed')),
      ...fakeRoute(apiRoutes.auth.resendVerification, { body: { ok: true } }),
    });
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'secret1');
    await user.click(form.getByRole('button', { name: 'Sign in' }));

    await user.click(await form.findByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(fake.callsTo(apiRoutes.auth.resendVerification)).toHaveLength(1));
    expect(fake.callsTo(apiRoutes.auth.resendVerification)[0]!.body).toEqual({ email: 'ada@example.com' });
    expect(
      await form.findByText('A new verification email is on its way to ada@example.com.'),
    ).toBeInTheDocument();
  });

  it('cannot be submitted twice while signing in', async () => {
    let answer: (value: unknown) => void = () => {};
    const { user, form, fake } = await openSignIn({
      ...fakeRoute(
        apiRoutes.auth.signIn,
        () =>
          new Promise((resolve) => {
            answer = () => resolve(errorReply(400, 'invalid_credentials', 'Invalid login credentials'));
          }),
      ),
    });
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'secret1');
    await user.click(form.getByRole('button', { name: 'Sign in' }));

    const busy = await form.findByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(fake.callsTo(apiRoutes.auth.signIn)).toHaveLength(1);
    answer(null);
    expect(await form.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
