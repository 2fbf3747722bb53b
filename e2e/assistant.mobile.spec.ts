import { expect, test } from '@playwright/test';
import { enterDemo } from './support/accounts';

test.beforeEach(async ({ page }) => {
  await enterDemo(page);
});

test('the priority filter sheet counts tasks per priority and filters the list', async ({ page }) => {
  const list = page.getByRole('list', { name: 'Task list' });
  await expect(list.getByRole('button')).toHaveCount(8);
  await page.getByRole('button', { name: 'Priority: All' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filter by priority' });
  await expect(sheet.getByRole('radio')).toHaveText(['All (8)', 'High (2)', 'Medium (3)', 'Low (3)']);
  await expect(sheet.getByRole('radio', { name: 'All (8)' })).toHaveAttribute('aria-checked', 'true');

  await sheet.getByRole('radio', { name: 'High (2)' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Priority: High' })).toBeVisible();
  await expect(list.getByRole('button')).toHaveCount(2);
  await expect(page.getByText('Total: 2')).toBeVisible();
});

test('a task opens full-screen and generates a quick draft the composer offers', async ({ page }) => {
  await page
    .getByRole('list', { name: 'Task list' })
    .getByRole('button', { name: /Answer Ivan’s question on integrations/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Answer Ivan’s question on integrations' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2, name: 'Иван Петров' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate quick' }).click();
  // The offline engine writes it (no model in a demo) into the composer, and it is saved.
  const message = dialog.getByRole('textbox', { name: 'Message' });
  await expect(message).toHaveValue(/^Иван Петров, спасибо — звучит отлично\./);
  await expect(dialog.getByText('Drafted from reply templates.')).toBeVisible();
  await expect(page.getByText('Responses saved')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('button', { name: /Draft: Quick/ })).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/actions$/);
});
