import { expect, test, type Page } from '@playwright/test';
import { enterDemo } from './support/accounts';

test.beforeEach(async ({ page }) => {
  await enterDemo(page);
});

const taskCard = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Task list' }).getByRole('button', { name: new RegExp(title) });

test('select a task, toggle the translation, choose the template, edit and send', async ({ page }) => {
  await expect(page.getByText('Total: 8')).toBeVisible();
  await expect(page.getByText('Select a task')).toBeVisible();

  await taskCard(page, 'Reply to Anna about the pilot').click();
  await expect(taskCard(page, 'Reply to Anna about the pilot')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Anna Schneider' })).toBeVisible();
  await expect(page.getByText('URGENT: answer within 24H and propose two call slots.')).toHaveAttribute(
    'data-tone',
    'urgent',
  );

  // The message shows translated; a click shows what Anna wrote, and back.
  const translated = 'Hi! Could we start the pilot next month? A short call this week would help.';
  const original =
    'Hallo! Könnten wir den Pilot nächsten Monat starten? Ein kurzer Call diese Woche wäre hilfreich.';
  await expect(page.getByText(translated)).toBeVisible();
  await page.getByRole('button', { name: 'Show original' }).click();
  await expect(page.getByText(original)).toBeVisible();
  await expect(page.getByText(translated)).toHaveCount(0);
  await page.getByRole('button', { name: 'Show translation' }).click();
  await expect(page.getByText(translated)).toBeVisible();

  // The suggested template is German, for a German contact, filled with her name.
  await page.getByRole('button', { name: /Suggested: Polite/ }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await expect(message).toHaveValue(/^Hallo Anna Schneider,\n\nvielen Dank für Ihre Nachricht/);
  await expect(page.getByText('Language: DE')).toBeVisible();
  const draft = await message.inputValue();
  await expect(page.getByText(`${draft.length} characters`)).toBeVisible();

  await message.fill('Hallo Anna, gern! Passt Dienstag um 10 Uhr?');
  await expect(page.getByText('43 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByText("Saved to the contact's history.", { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sent message' })).toBeVisible();
  await expect(page.getByText('To send manually')).toBeVisible();
  await expect(page.getByText('Hallo Anna, gern! Passt Dienstag um 10 Uhr?')).toBeVisible();
  await expect(taskCard(page, 'Reply to Anna about the pilot')).toContainText('Completed');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar navigation' });
  await expect(sidebar.getByRole('link', { name: /^Assistant/ })).toHaveAccessibleName(
    'Assistant Pending tasks: 5',
  );

  // Still completed, with the sent text, after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sent message' })).toBeVisible();
  await expect(taskCard(page, 'Reply to Anna about the pilot')).toContainText('Completed');
});

test('a custom message of whitespace only cannot be sent', async ({ page }) => {
  await taskCard(page, 'Answer Ivan’s question on integrations').click();
  await page.getByRole('button', { name: /Write Custom Message/ }).click();
  const message = page.getByRole('textbox', { name: 'Message' });
  await expect(message).toHaveValue('');
  await expect(message).toBeFocused();
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await message.fill('   \n  ');
  await expect(send).toBeDisabled();
  await message.press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'Sent message' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: /Suggested: Polite/ })).toBeVisible();
  await expect(taskCard(page, 'Answer Ivan’s question on integrations')).not.toContainText('Completed');
});

test('post tasks publish: the button reads Publish and offers to open the platform', async ({ page }) => {
  await taskCard(page, 'Post: lessons from 100 customer calls').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Unknown Contact' })).toBeVisible();
  await page.getByRole('button', { name: /Suggested: Professional/ }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Saved. Publish it on LinkedIn.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy and open LinkedIn' })).toBeVisible();
});
