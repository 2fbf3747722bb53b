import { expect, test } from '@playwright/test';
import { FAKE_OPENAI_ANSWER, FAKE_OPENAI_PORT, FAKE_OPENAI_USAGE } from './fake-servers/fake-openai-server';
import { createVerifiedAccount, settingsButton, signInThroughForm } from './support/accounts';

test('adds an OpenAI-compatible model, tests it for real and sees the tokens it used', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'Grace Hopper');
  await signInThroughForm(page, account);
  await settingsButton(page).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'AI models' }).click();

  // The built-in engine is always there and says what it is.
  await expect(settings.getByRole('heading', { name: /offline/i })).toBeVisible();
  await expect(settings.getByText(/not a language model/)).toBeVisible();

  await settings.getByRole('button', { name: 'Add model' }).click();
  const form = page.getByRole('dialog', { name: 'Add model' });
  await form.getByLabel('Name').fill('Local fake');
  await form.getByLabel('Provider').selectOption({ label: 'OpenAI-compatible' });
  await form.getByLabel('Model ID').fill('fake-model-1');
  await form.getByLabel('Base URL').fill(`http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`);
  await form.getByLabel('API key').fill('sk-fake-e2e');
  await form.getByRole('button', { name: 'Add model' }).click();
  await expect(form).toBeHidden();

  const card = settings.getByRole('listitem', { name: 'Local fake' });
  await expect(card.getByText('API key saved')).toBeVisible();
  await expect(card.getByText(`http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`)).toBeVisible();
  await card.getByRole('button', { name: 'Test Local fake' }).click();
  await expect(card.getByRole('status')).toContainText(FAKE_OPENAI_ANSWER);
  await expect(card.getByRole('status')).toContainText(/Latency: \d+/);

  await settings.getByRole('tab', { name: 'Tokens' }).click();
  const used = FAKE_OPENAI_USAGE.prompt_tokens + FAKE_OPENAI_USAGE.completion_tokens;
  const progress = settings.getByRole('progressbar', { name: 'Tokens used this month' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(used));
  await expect(progress).toHaveAttribute('aria-valuemax', '1000000');
  // Compact from 10,000 up (issue 27).
  await expect(settings.getByText('of 1M tokens')).toBeVisible();
  const byModel = settings.getByRole('table', { name: 'Usage by model' });
  await expect(byModel.getByRole('row')).toHaveCount(2);
  await expect(byModel.getByRole('row').nth(1)).toContainText(String(used));
  await expect(settings.getByRole('img', { name: 'Daily usage, last 30 days' })).toBeVisible();
});
