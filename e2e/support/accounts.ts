import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { emailedLink, uniqueEmail } from './mailbox';

export interface TestAccount {
  email: string;
  password: string;
  fullName: string;
}

/** Creates and verifies an account through the public API and the emailed link. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  fullName = 'Olivia Stone',
): Promise<TestAccount> {
  const account = { email: uniqueEmail(), password: 'correct horse battery', fullName };
  const created = await request.post('/api/auth/sign-up', { data: account });
  expect(created.status()).toBe(201);
  const link = new URL(await emailedLink(account.email, '/auth/verify'));
  const verified = await request.post('/api/auth/verify-email', {
    data: { token: link.searchParams.get('token') },
  });
  expect(verified.ok()).toBe(true);
  return account;
}

/** Signs in through the form on /auth, the way a person does, and waits for the workspace. */
export async function signInThroughForm(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/actions$/);
}

export function settingsButton(page: Page) {
  return page.getByRole('button', { name: /^Open settings/ });
}

/** Enters a fresh demo sandbox from /auth, as a visitor does, and waits for the Assistant. */
export async function enterDemo(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Try demo' }).click();
  await expect(page).toHaveURL(/\/actions$/);
}
