import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Try demo' }).click();
  await expect(page).toHaveURL(/\/actions$/);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Tasks' })).toBeVisible();
});

test('board create → filter → quick complete → delete with confirmation', async ({ page }) => {
  const main = page.getByRole('main');
  const tabs = main.getByRole('tablist', { name: 'Filter by status' });
  // The demo sandbox: 8 sample tasks, 6 of them pending, 1 completed.
  await expect(tabs.getByRole('tab', { name: 'All 8' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'Pending 6' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Completed 1' })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Tasks' }).getByRole('article')).toHaveCount(8);

  // Create: the form validates, then the task appears on the board.
  const title = `Board check ${randomUUID().slice(0, 8)}`;
  await main.getByRole('button', { name: 'Create task' }).click();
  const form = page.getByRole('dialog', { name: 'New task' });
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Type').selectOption({ label: 'LinkedIn Post' });
  await form.getByLabel('Priority').selectOption({ label: 'High' });
  await form.getByLabel('Description').fill('Made by the board end-to-end test.');
  await form.getByLabel('Contact').selectOption({ label: 'Anna Schneider — Nordlicht Ventures' });
  await form.getByLabel('Due date').fill('2030-05-01');
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();
  await expect(form).toBeHidden();
  const card = main.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('LinkedIn Post')).toBeVisible();
  await expect(card.getByText('High')).toBeVisible();
  await expect(card.getByText('Anna Schneider')).toBeVisible();
  await expect(card.getByText('01.05')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Status: Pending' })).toBeVisible();

  // Filter: the new task is pending.
  await tabs.getByRole('tab', { name: /^Pending/ }).click();
  await expect(page).toHaveURL(/\/tasks\?status=pending$/);
  await expect(tabs.getByRole('tab', { name: 'Pending 7' })).toHaveAttribute('aria-selected', 'true');
  await expect(main.getByRole('list', { name: 'Tasks' }).getByRole('article')).toHaveCount(7);
  await expect(card).toBeVisible();

  // Quick complete: it leaves the pending list and shows up under Completed.
  await card.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Task status changed: Completed')).toBeVisible();
  await expect(card).toBeHidden();
  await expect(tabs.getByRole('tab', { name: 'Pending 6' })).toBeVisible();
  await tabs.getByRole('tab', { name: /^Completed/ }).click();
  await expect(tabs.getByRole('tab', { name: 'Completed 2' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByRole('img', { name: 'Status: Completed' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Complete' })).toHaveCount(0);

  // Delete: nothing happens until it is confirmed.
  await card.getByRole('button', { name: 'Delete task' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete task?' });
  await expect(confirm).toContainText(title);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Delete task' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Task deleted')).toBeVisible();
  await expect(card).toBeHidden();
  await expect(tabs.getByRole('tab', { name: 'Completed 1' })).toBeVisible();

  // Still gone after a reload: the server deleted it.
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'All 8' })).toBeVisible();
  await expect(main.getByRole('article', { name: title })).toHaveCount(0);
});
