import { errorMessages, routes as apiRoutes } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthEvent } from '@/lib/session';
import { errorReply, fakeRoute, makeSession, type RouteFake } from '@/test-support/fake-api';
import { signedInRoutes } from '@/test-support/render-with-providers';
import { renderAuth } from '../test-support/render-auth';

const CHALLENGE = {
  mfaRequired: true as const,
  challenge: 'signed-challenge-of-the-password-step',
  expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
};

/** /auth with an account that has MFA on: the password step answers the code step's challenge. */
async function passwordAccepted(codeStep: RouteFake<typeof apiRoutes.auth.signInMfa>) {
  const session = makeSession({ user: { mfaEnabled: true } });
  const rendered = renderAuth({
    server: {
      ...signedInRoutes(session),
      ...fakeRoute(apiRoutes.auth.refresh, errorReply(401, 'unauthorized')),
      ...fakeRoute(apiRoutes.auth.signIn, { body: CHALLENGE }),
      ...fakeRoute(apiRoutes.auth.signInMfa, codeStep),
    },
  });
  const events: AuthEvent[] = [];
  rendered.services.session.onAuthStateChange((event) => events.push(event));
  const { user } = rendered;
  const signIn = within(await screen.findByRole('form', { name: 'Sign in' }));
  await user.type(signIn.getByLabelText('Email'), 'ada@example.com');
  await user.type(signIn.getByLabelText('Password'), 'correct horse');
  await user.click(signIn.getByRole('button', { name: 'Sign in' }));
  const step = within(await screen.findByRole('form', { name: 'Multi-factor authentication' }));
  return { ...rendered, session, events, step };
}

describe('the code step of sign-in', () => {
  it('asks for the app’s code after the password, then signs in and remembers the device', async () => {
    const { user, step, fake, events, location } = await passwordAccepted({ body: makeSession() });
    // No session yet: the password alone signed nobody in.
    expect(events).toEqual([]);
    expect(location().pathname).toBe('/auth');

    const code = step.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    await user.type(code, '123 456');
    await user.click(step.getByRole('checkbox', { name: 'Remember this device for 30 days' }));
    await user.click(step.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(location().pathname).toBe('/actions'));
    expect(fake.callsTo(apiRoutes.auth.signInMfa)[0]!.body).toEqual({
      challenge: CHALLENGE.challenge,
      code: '123456',
      rememberDevice: true,
    });
    expect(events).toEqual(['SIGNED_IN', 'MFA_VERIFIED']);
  });

  it('says what is wrong with a code, next to it, and stays on the step', async () => {
    const { user, step, fake, events } = await passwordAccepted(
      errorReply(400, 'mfa_code_invalid', errorMessages.mfa_code_invalid),
    );
    await user.click(step.getByRole('button', { name: 'Verify' }));
    expect(await step.findByText('Enter the code from your app')).toBeInTheDocument();
    await user.type(step.getByLabelText('Authentication code'), '12');
    expect(step.queryByText('Enter the code from your app')).not.toBeInTheDocument();
    await user.click(step.getByRole('button', { name: 'Verify' }));
    expect(await step.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.auth.signInMfa)).toHaveLength(0);

    await user.type(step.getByLabelText('Authentication code'), '3456');
    await user.click(step.getByRole('button', { name: 'Verify' }));
    const alert = await step.findByRole('alert');
    expect(alert).toHaveTextContent(/^That code is not right or was already used\./);
    expect(step.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');
    expect(events).toEqual([]);
  });

  it('says when to try again after too many wrong codes', async () => {
    const { user, step } = await passwordAccepted(
      errorReply(429, 'rate_limited', errorMessages.rate_limited, { retryAfter: 600 }),
    );
    await user.type(step.getByLabelText('Authentication code'), '123456');
    await user.click(step.getByRole('button', { name: 'Verify' }));
    expect(await step.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in 10 minutes.',
    );
  });

  it('takes a recovery code instead, as typed from paper', async () => {
    const { user, step, fake, location } = await passwordAccepted({ body: makeSession() });
    await user.click(step.getByRole('button', { name: 'Use a recovery code' }));
    const field = step.getByLabelText('Recovery code');
    await user.type(field, 'K7M2P X9Q4');
    await user.click(step.getByRole('button', { name: 'Verify' }));
    expect(await step.findByText(/^A recovery code has 10 letters and digits/)).toBeInTheDocument();

    await user.type(field, 'R');
    await user.click(step.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location().pathname).toBe('/actions'));
    expect(fake.callsTo(apiRoutes.auth.signInMfa)[0]!.body).toEqual({
      challenge: CHALLENGE.challenge,
      recoveryCode: 'k7m2px9q4r',
      rememberDevice: false,
    });
  });

  it('goes back to the password form with the email kept', async () => {
    const { user, step } = await passwordAccepted({ body: makeSession() });
    await user.click(step.getByRole('button', { name: 'Back to sign in' }));
    const signIn = within(await screen.findByRole('form', { name: 'Sign in' }));
    expect(signIn.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
