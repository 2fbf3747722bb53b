import { expect, test } from '@playwright/test';
import { enterDemo } from './support/accounts';

test.beforeEach(async ({ page }) => {
  await enterDemo(page);
});

test('mobile shows the bottom bar with four tabs and no sidebar', async ({ page }) => {
  const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
  await expect(bottom).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sidebar navigation' })).toHaveCount(0);
  await expect(bottom.getByRole('link')).toHaveText([/^Assistant/, 'Growth', 'Personas', 'Agent']);
  // The demo sandbox holds six pending sample tasks: the red badge on the actions tab counts them.
  await expect(bottom.getByRole('link', { name: /^Assistant/ })).toHaveAccessibleName(
    'Assistant Pending tasks: 6',
  );
  await bottom.getByRole('link', { name: 'Growth' }).click();
  await expect(page).toHaveURL(/\/business$/);
});

test('desktop-only pages send a phone to /actions', async ({ page }) => {
  for (const path of ['/documents', '/tasks', '/api']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/actions$/);
  }
});
