import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Try demo' }).click();
  await expect(page).toHaveURL(/\/actions$/);
});

test('desktop shows the sidebar with six areas and no bottom bar', async ({ page }) => {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar navigation' });
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toHaveCount(0);
  const labels = await sidebar.getByRole('link').allInnerTexts();
  expect(labels.map((l) => l.trim())).toEqual([
    'Assistant',
    'Personas',
    'Knowledge',
    'Growth',
    'Agent',
    'API keys',
  ]);
  await expect(sidebar.getByRole('link', { name: 'Assistant' })).toHaveAttribute('aria-current', 'page');

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
