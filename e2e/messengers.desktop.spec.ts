import { expect, test } from '@playwright/test';
import { FAKE_TELEGRAM_CHAT_ID, FAKE_TELEGRAM_PORT } from './fake-servers/fake-telegram-server';
import { createVerifiedAccount, settingsButton, signInThroughForm } from './support/accounts';

const TELEGRAM = `http://127.0.0.1:${FAKE_TELEGRAM_PORT}`;

test('Telegram: connect, a message becomes a task without a reload, the reply reaches the chat', async ({
  page,
  request,
}) => {
  // Sign-in, connecting, a live task, a send and a reload: a long flow, like the other journeys.
  test.slow();
  // A bot of its own per run: the fake keeps one webhook per token.
  const token = `${Date.now()}:E2E-${Math.random().toString(36).slice(2, 12)}`;
  const account = await createVerifiedAccount(request, 'Mara Quist');
  await signInThroughForm(page, account);

  await settingsButton(page).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Messengers' }).click();
  await expect(settings.getByRole('listitem', { name: /Telegram/ }).getByText('not connected')).toBeVisible();
  await settings.getByRole('button', { name: 'Connect', exact: true }).click();
  const connect = page.getByRole('dialog', { name: 'Connect a messenger' });
  const submit = connect.getByRole('button', { name: 'Connect', exact: true });
  await expect(submit).toBeDisabled();
  await connect.getByRole('radio', { name: /Telegram/ }).check();
  await connect.getByLabel('Bot token').fill(token);
  await submit.click();
  await expect(page.getByText('Telegram connected successfully')).toBeVisible();
  await expect(connect).toBeHidden();
  const card = settings.getByRole('listitem', { name: /Telegram/ });
  await expect(card.getByText('Connected')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // Someone writes to the bot: the fake Telegram posts the update to Doppel's webhook.
  const delivered = await request.post(`${TELEGRAM}/control/deliver`, {
    data: {
      token,
      text: 'Hi! Could we book a demo on Thursday?',
      chatId: FAKE_TELEGRAM_CHAT_ID,
      firstName: 'Oskar',
    },
  });
  expect(await delivered.json()).toMatchObject({ status: 200 });

  // The task appears through live updates, without a reload.
  const taskCard = page.getByRole('button', { name: /Oskar: Hi! Could we book a demo on Thursday\?/ });
  await expect(taskCard).toBeVisible({ timeout: 15_000 });
  await taskCard.click();
  await page.getByRole('button', { name: /Write Custom Message/ }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Thursday at 10 works. See you then!');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByText('Delivered via Telegram')).toBeVisible();
  const sent = (await (
    await request.get(`${TELEGRAM}/control/sent?token=${encodeURIComponent(token)}`)
  ).json()) as {
    items: Array<{ chat_id: unknown; text: string }>;
  };
  expect(sent.items.map((item) => [String(item.chat_id), item.text])).toEqual([
    [String(FAKE_TELEGRAM_CHAT_ID), 'Thursday at 10 works. See you then!'],
  ]);
  // Completed, and it stays so after a reload.
  await page.reload();
  await expect(page.getByText('Delivered via Telegram')).toBeVisible();
});
