import { expect, test } from '@playwright/test';
import { enterDemo } from './support/accounts';

test.beforeEach(async ({ page }) => {
  await enterDemo(page);
});

test('desktop shows the sidebar with the spec’s six areas, Contacts beside the Assistant, and no bottom bar', async ({
  page,
}) => {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar navigation' });
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toHaveCount(0);
  await expect(sidebar.getByRole('link')).toHaveText([
    /^Assistant/,
    'Contacts',
    'Personas',
    'Knowledge',
    'Growth',
    'Agent',
    'API keys',
  ]);
  // The demo sandbox holds six pending sample tasks, counted beside the Assistant item.
  const assistant = sidebar.getByRole('link', { name: /^Assistant/ });
  await expect(assistant).toHaveAccessibleName('Assistant Pending tasks: 6');
  await expect(assistant).toHaveAttribute('aria-current', 'page');

  await sidebar.getByRole('link', { name: 'Knowledge' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(sidebar.getByRole('link', { name: 'Knowledge' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Knowledge' })).toBeVisible();
});

test('desktop-only pages open on desktop', async ({ page }) => {
  for (const path of ['/tasks', '/documents', '/api']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('a task created elsewhere updates the pending badge without a reload', async ({ page }) => {
  const assistant = page
    .getByRole('navigation', { name: 'Sidebar navigation' })
    .getByRole('link', { name: /^Assistant/ });
  await expect(assistant).toHaveAccessibleName('Assistant Pending tasks: 6');
  // Another client of the same account (here: a script with its own access token) adds a task.
  const status = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/refresh', { method: 'POST' })).json()) as {
      accessToken: string;
    };
    const created = await fetch('/api/tasks', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Follow up with Anna', type: 'message_reply', priority: 'high' }),
    });
    return created.status;
  });
  expect(status).toBe(201);
  await expect(assistant).toHaveAccessibleName('Assistant Pending tasks: 7');
});
