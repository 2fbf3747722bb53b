import { expect, test } from '@playwright/test';
import { settingsButton } from './support/accounts';

test.describe('app shell', () => {
  test('an unauthenticated visit to /business goes to /auth', async ({ page }) => {
    await page.goto('/business');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Try demo' })).toBeVisible();
  });

  test('try demo lands on /actions in demo mode', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Try demo' }).click();
    await expect(page).toHaveURL(/\/actions$/);
    await expect(settingsButton(page)).toHaveAccessibleName(/demo mode/);
    await settingsButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Subscription' }).click();
    await expect(dialog.getByText('Pro Plan')).toBeVisible();
    await expect(dialog.getByText('sample data', { exact: true })).toBeVisible();
    // The sandbox survives a reload: the session comes back from the refresh cookie.
    await page.reload();
    await expect(settingsButton(page)).toHaveAccessibleName(/demo mode/);
  });

  test('switching the language to Russian relabels the app and survives a reload', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Try demo' }).click();
    await expect(page).toHaveURL(/\/actions$/);
    await settingsButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Language' }).click();
    await dialog.getByLabel('Interface language').selectOption('ru');
    await expect(page.getByRole('dialog', { name: 'Настройки' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByRole('link', { name: 'Ассистент' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });
});
