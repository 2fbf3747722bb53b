import { expect, test } from '@playwright/test';
import { FAKE_OPENAI_ANSWER, FAKE_OPENAI_PORT } from './fake-servers/fake-openai-server';
import { apiAs, createVerifiedAccount, enterDemo, signInThroughForm, useFakeModel } from './support/accounts';

test('the console answers /help and /status, and sends no empty message', async ({ page }) => {
  await enterDemo(page);
  await page.getByRole('link', { name: 'Agent' }).click();
  await expect(page.getByText('Online')).toBeVisible();
  await expect(page.getByText('Offline engine')).toBeVisible();
  // The console fills the window under the demo banner; only its log scrolls.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeLessThanOrEqual(1);

  const log = page.getByRole('log', { name: 'Conversation with your twin' });
  const input = page.getByRole('textbox', { name: 'Message' });
  const send = page.getByRole('button', { name: 'Send' });

  // Empty or whitespace only: nothing is sent.
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();
  await input.press('Enter');
  await expect(log.getByRole('listitem')).toHaveCount(0);

  await input.fill('/help');
  await input.press('Enter');
  for (const command of ['/help', '/status', '/tasks', '/search', '/draft', '/clear']) {
    await expect(log).toContainText(`${command} `);
  }
  await expect(input).toHaveValue('');

  await input.fill('/status');
  await send.click();
  await expect(log).toContainText(
    'Model: offline engine (writes from templates; no language model configured) — online',
  );
  await expect(log).toContainText(/Pending tasks: \d+/);
  await expect(log).toContainText('Connected messengers: none');

  // The conversation is kept.
  await page.reload();
  await expect(page.getByRole('log', { name: 'Conversation with your twin' })).toContainText(
    'Connected messengers: none',
  );
});

test("while the twin's model answers, the input waits and 'typing...' shows", async ({ page, request }) => {
  const account = await createVerifiedAccount(request, 'Grace Hopper');
  await useFakeModel(await apiAs(request, account), `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`);
  await signInThroughForm(page, account);
  await page.goto('/agent');
  await expect(page.getByText('Online')).toBeVisible();
  await expect(page.getByText('fake-model-1')).toBeVisible();

  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Hello twin');
  await input.press('Enter');
  // The fake model sends a word every 400 ms: the answer is still being written.
  await expect(page.getByText('typing...')).toBeVisible();
  await expect(input).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

  const log = page.getByRole('log', { name: 'Conversation with your twin' });
  await expect(log).toContainText(FAKE_OPENAI_ANSWER);
  await expect(page.getByText('typing...')).toBeHidden();
  await expect(input).toBeEnabled();
});
