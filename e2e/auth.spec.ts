import { expect, test } from '@playwright/test';
import { createVerifiedAccount, settingsButton, signInThroughForm } from './support/accounts';
import { emailedLink, uniqueEmail } from './support/mailbox';

test.describe('accounts', () => {
  test('sign-up shows each validation error, clears it on edit, then succeeds', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    const submit = page.getByRole('button', { name: 'Create account' });

    await submit.click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Full name').fill('Olivia Stone');
    await expect(page.getByText('Name is required')).toBeHidden();
    await page.getByLabel('Email').fill('olivia-at-example');
    await page.getByLabel('Password').fill('12345');
    await submit.click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    await page.getByLabel('Email').fill(uniqueEmail());
    await expect(page.getByText('Please enter a valid email')).toBeHidden();
    await page.getByLabel('Password').fill('123456');
    await expect(page.getByText('Password must be at least 6 characters')).toBeHidden();
    await submit.click();
    await expect(
      page.getByText('Account created successfully! Please check your email for verification.'),
    ).toBeVisible();
  });

  test('the emailed link verifies the account, then sign-in opens the workspace', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Full name').fill('Ivan Petrov');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(/Account created successfully/)).toBeVisible();

    await page.goto(await emailedLink(email, '/auth/verify'));
    await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();

    await signInThroughForm(page, { email, password: 'secret-pass' });
    await expect(settingsButton(page)).toHaveAccessibleName(/Ivan Petrov/);
    await expect(settingsButton(page)).toHaveAccessibleName(/authorized/);
  });

  test('signing up with a registered address looks the same and emails the owner instead', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('someone-elses-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByText('Account created successfully! Please check your email for verification.'),
    ).toBeVisible();
    await expect(page.getByText(/^Already have an account with this address\?/)).toBeVisible();

    // The owner is told, with a reset link; their own password still signs in.
    expect(await emailedLink(account.email, '/auth/reset')).toMatch(/\/auth\/reset\?token=/);
    await signInThroughForm(page, account);
  });

  test('a wrong password shows the provider message', async ({ page, request }) => {
    const account = await createVerifiedAccount(request);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid login credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('sign-out returns to /auth and the session does not come back on reload', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    await signInThroughForm(page, account);
    await settingsButton(page).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/actions');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('forgot password: the emailed link sets a new password that signs in', async ({ page, request }) => {
    const account = await createVerifiedAccount(request);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${account.email}`)).toBeVisible();

    await page.goto(await emailedLink(account.email, '/auth/reset'));
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(
      page.getByText('Your password has been updated. Sign in with your new password.'),
    ).toBeVisible();

    await signInThroughForm(page, { email: account.email, password: 'a brand new password' });
  });

  test('profile edits persist after a reload', async ({ page, request }) => {
    const account = await createVerifiedAccount(request, 'Before Rename');
    await signInThroughForm(page, account);
    await settingsButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByText('User', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit profile' }).click();
    await dialog.getByLabel('Name').fill('After Rename');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.reload();
    await expect(settingsButton(page)).toHaveAccessibleName(/After Rename/);
    await settingsButton(page).click();
    await expect(
      page.getByRole('dialog', { name: 'Settings' }).getByText('After Rename').first(),
    ).toBeVisible();
  });

  test('signing out in one tab signs out the other', async ({ page, request }) => {
    const account = await createVerifiedAccount(request);
    await signInThroughForm(page, account);
    const second = await page.context().newPage();
    await second.goto('/actions');
    await expect(settingsButton(second)).toBeVisible();

    await settingsButton(page).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(second).toHaveURL(/\/auth$/);
  });

  test('signing in in one tab signs in the other', async ({ page, request }) => {
    const account = await createVerifiedAccount(request);
    const second = await page.context().newPage();
    await second.goto('/business');
    await expect(second).toHaveURL(/\/auth$/);
    await signInThroughForm(page, account);
    await expect(settingsButton(second)).toBeVisible();
  });
});
