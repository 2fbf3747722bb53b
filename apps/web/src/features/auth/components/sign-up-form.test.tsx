import { routes as apiRoutes } from '@doppel/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeRoute } from '@/test-support/fake-api';
import { renderAuth } from '../test-support/render-auth';

async function openSignUp(routes = {}) {
  const rendered = renderAuth({ server: routes });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Sign up' }));
  const form = await screen.findByRole('form', { name: 'Sign up' });
  return { ...rendered, form: within(form) };
}

describe('sign-up form', () => {
  it('validates name, email and password on submit and clears an error when its field is edited', async () => {
    const { user, form, fake } = await openSignUp();

    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Email is required')).toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();

    await user.type(form.getByLabelText('Full name'), 'Ada Lovelace');
    expect(form.queryByText('Name is required')).not.toBeInTheDocument();
    expect(form.getByText('Email is required')).toBeInTheDocument();

    await user.type(form.getByLabelText('Email'), 'not-an-email');
    await user.type(form.getByLabelText('Password'), '12345');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(await form.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.type(form.getByLabelText('Password'), '6');
    expect(form.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.auth.signUp)).toHaveLength(0);
  });

  it('creates the account and asks to check the email', async () => {
    const { user, form, fake } = await openSignUp({
      ...fakeRoute(apiRoutes.auth.signUp, { status: 201, body: { verificationSent: true, verified: false } }),
    });
    await user.type(form.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'analytical');
    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('Account created successfully! Please check your email for verification.'),
    ).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.auth.signUp)[0]!.body).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical',
    });
  });

  it('says before sign-up that this server cannot send email, and lets its first account in at once', async () => {
    const { user, form } = await openSignUp({
      ...fakeRoute(apiRoutes.instance.info, { body: { emailDelivery: false, hasOwner: false } }),
      ...fakeRoute(apiRoutes.auth.signUp, { status: 201, body: { verificationSent: false, verified: true } }),
    });
    expect(
      await form.findByText(
        'This server cannot send email. The first account is ready at once, without a link, and owns the server.',
      ),
    ).toBeInTheDocument();
    await user.type(form.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'analytical');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'Your account is ready. As the first account, you own this server: you can sign in now.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/check your email/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to sign in' })).toBeInTheDocument();
  });

  it('does not promise an email on a server without SMTP that already has an owner', async () => {
    const { user, form } = await openSignUp({
      ...fakeRoute(apiRoutes.instance.info, { body: { emailDelivery: false, hasOwner: true } }),
      ...fakeRoute(apiRoutes.auth.signUp, { status: 201, body: { verificationSent: true, verified: false } }),
    });
    expect(
      await form.findByText(/This server cannot send email\. After you sign up, its owner verifies/),
    ).toBeInTheDocument();
    await user.type(form.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'analytical');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(/Account created\. This server cannot send email: ask its owner/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/check your email/)).not.toBeInTheDocument();
  });

  it('shows the server’s field errors under the fields', async () => {
    const { user, form } = await openSignUp({
      ...fakeRoute(
        apiRoutes.auth.signUp,
        errorReply(400, 'validation_failed', 'Please fill in all required fields', {
          fields: { password: 'passwordTooShort' },
        }),
      ),
    });
    await user.type(form.getByLabelText('Full name'), 'Ada');
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'abcdef');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(await form.findByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('says what happens to an address that already has an account, and offers a password reset', async () => {
    // The server answers a registered address exactly like a new one, so the screen is the same.
    const { user, form } = await openSignUp({
      ...fakeRoute(apiRoutes.auth.signUp, { status: 201, body: { verificationSent: true, verified: false } }),
    });
    await user.type(form.getByLabelText('Full name'), 'Ada');
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'abcdef');
    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Account created successfully! Please check your email for verification.',
    );
    expect(
      screen.getByText(
        /Already have an account with this address\? Then nothing new was created: we have emailed you how to sign in or set a new password instead\./,
      ),
    ).toBeInTheDocument();

    // The reset form opens with the address filled in (sending it: auth-page.test.tsx).
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
