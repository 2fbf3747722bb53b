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

/** Signs in through the API and returns a caller for the private API as that account. */
export async function apiAs(request: APIRequestContext, account: { email: string; password: string }) {
  const signedIn = await request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.ok()).toBe(true);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  return async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: object): Promise<T> => {
    const response = await request.fetch(path, {
      method,
      data,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** Adds a model on the fake OpenAI-compatible server and makes it the account's main model. */
export async function useFakeModel(
  api: Awaited<ReturnType<typeof apiAs>>,
  baseUrl: string,
  modelId = 'fake-model-1',
): Promise<void> {
  const model = await api<{ id: string }>('POST', '/api/ai/models', {
    name: 'Fake writer',
    provider: 'openai-compatible',
    modelId,
    baseUrl,
    apiKey: 'sk-fake-e2e',
  });
  await api('PATCH', '/api/settings', { aiPreferences: { defaultModel: model.id } });
}
