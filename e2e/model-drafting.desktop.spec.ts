import { expect, test } from '@playwright/test';
import { FAKE_OPENAI_ANSWER, FAKE_OPENAI_PORT } from './fake-servers/fake-openai-server';
import { apiAs, createVerifiedAccount, signInThroughForm, useFakeModel } from './support/accounts';

test("a detailed draft streams into the composer as the user's model writes it", async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'Ada Lovelace');
  const api = await apiAs(request, account);
  await useFakeModel(api, `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`);
  await api('POST', '/api/tasks', {
    title: 'Answer Charles about the engine',
    type: 'message_reply',
    context: { lastMessage: 'Could you describe the engine in detail?' },
  });

  await signInThroughForm(page, account);
  await page.getByRole('button', { name: /Answer Charles about the engine/ }).click();
  await page.getByRole('button', { name: 'Generate detailed' }).click();

  const message = page.getByRole('textbox', { name: 'Message' });
  // The fake model sends a word at a time: the field fills in steps, read-only meanwhile.
  await expect(page.getByRole('status').filter({ hasText: 'Writing…' })).toBeVisible();
  await expect(message).toHaveAttribute('readonly', '');
  await expect(message).toHaveValue(/^Hello( from)?$/);
  await expect(message).toHaveValue(FAKE_OPENAI_ANSWER);
  await expect(page.getByText('Written by fake-model-1.')).toBeVisible();
  await expect(message).not.toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
});
