import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { enterDemo } from './support/accounts';

test.beforeEach(async ({ page }) => {
  await enterDemo(page);
});

/** Makes a task on the board and answers its title; the board is left showing every task. */
async function createTask(page: Page): Promise<string> {
  const title = `Workflow check ${randomUUID().slice(0, 8)}`;
  await page.goto('/tasks');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Create task' }).click();
  const form = page.getByRole('dialog', { name: 'New task' });
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();
  await expect(form).toBeHidden();
  return title;
}

test('the board moves a task pending → in progress → completed → pending, and plans it', async ({ page }) => {
  // A long walk through the board on a two-core machine shared with the server.
  test.slow();
  const title = await createTask(page);
  const main = page.getByRole('main');
  const card = main.getByRole('article', { name: title });
  const actions = card.getByRole('group', { name: 'Change status' });
  await expect(card.getByRole('img', { name: 'Status: Pending' })).toBeVisible();
  await expect(actions.getByRole('button')).toHaveText(['Start', 'Complete']);

  await actions.getByRole('button', { name: 'Start' }).click();
  await expect(card.getByRole('img', { name: 'Status: In progress' })).toBeVisible();
  await expect(actions.getByRole('button')).toHaveText(['Complete', 'Reopen']);

  await actions.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(card.getByRole('img', { name: 'Status: Completed' })).toBeVisible();
  await expect(card.getByText('Done')).toBeVisible();
  await expect(actions.getByRole('button')).toHaveText(['Reopen', 'Start']);

  await actions.getByRole('button', { name: 'Reopen' }).click();
  await expect(card.getByRole('img', { name: 'Status: Pending' })).toBeVisible();
  await expect(card.getByText('Done')).toHaveCount(0);

  // Assignee and a due date already past: the card says who and that it is overdue.
  await card.getByRole('button', { name: 'Edit assignee and due date' }).click();
  const plan = page.getByRole('dialog', { name: 'Assignee and due date' });
  await plan.getByLabel('Assignee').selectOption({ label: 'Twin' });
  await plan.getByLabel('Due date').fill('2024-01-15');
  await plan.getByRole('button', { name: 'Save' }).click();
  await expect(plan).toBeHidden();
  await expect(card.getByText('Assignee: Twin')).toBeVisible();
  await expect(card.getByText('Overdue')).toBeVisible();

  // The server kept all of it.
  await page.reload();
  await expect(card.getByRole('img', { name: 'Status: Pending' })).toBeVisible();
  await expect(card.getByText('Assignee: Twin')).toBeVisible();
  await expect(card.getByText('15.01')).toBeVisible();

  // Bulk delete asks first, saying how many.
  await card.getByRole('checkbox', { name: `Select “${title}”` }).check();
  const bar = main.getByRole('toolbar', { name: 'Selected tasks' });
  await expect(bar.getByText('1 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 1 task?' });
  await expect(confirm).toContainText('1 task will be deleted.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 task deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('the Assistant detail moves a task pending → in progress → completed → pending', async ({ page }) => {
  test.slow();
  const title = await createTask(page);
  await page.goto('/actions');
  const card = page.getByRole('list', { name: 'Task list' }).getByRole('button', { name: new RegExp(title) });
  await card.click();
  const detail = page.getByRole('article', { name: 'Unknown Contact' });
  await expect(detail.getByText(title)).toBeVisible();
  const actions = detail.getByRole('group', { name: 'Change status' });
  await expect(detail.getByText('Status: Pending')).toBeVisible();

  await actions.getByRole('button', { name: 'Start' }).click();
  await expect(detail.getByText('Status: In progress')).toBeVisible();
  await actions.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(detail.getByText('Status: Completed')).toBeVisible();
  await expect(card).toContainText('Completed');
  await actions.getByRole('button', { name: 'Reopen' }).click();
  await expect(detail.getByText('Status: Pending')).toBeVisible();
  await expect(card).not.toContainText('Completed');

  await page.reload();
  await expect(
    page.getByRole('article', { name: 'Unknown Contact' }).getByText('Status: Pending'),
  ).toBeVisible();
});

test('the Assistant list answers the keyboard: ↑/↓, Enter, E and ?', async ({ page }) => {
  const list = page.getByRole('list', { name: 'Task list' });
  await expect(list.getByRole('button')).toHaveCount(8);
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('button').nth(0)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('button').nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(list.getByRole('button').nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  const first = list.getByRole('button').nth(0);
  await expect(first).toHaveAttribute('aria-current', 'true');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('article')).toBeFocused();
  await page.keyboard.press('e');
  const message = page.getByRole('textbox', { name: 'Message' });
  await expect(message).toBeFocused();
  // Typed into the field, "?" is text.
  await page.keyboard.type('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);

  await message.blur();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Select the next task');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(help).toBeVisible();
});
