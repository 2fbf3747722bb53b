import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, settingsButton, signInThroughForm } from './support/accounts';

// The device prefers light, so Dark is a visible change and System is light.
test.use({ colorScheme: 'light' });

declare global {
  interface Window {
    /** The class <html> had when <body> first appeared: before any paint and any app script. */
    __themeAtBody?: string;
    /** The class <html> had on DOMContentLoaded. */
    __themeAtReady?: string;
  }
}

/** Records the theme class at the earliest moments of every load (init scripts run first). */
async function watchEarlyTheme(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      window.__themeAtBody = document.documentElement.className;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      window.__themeAtReady = document.documentElement.className;
    });
  });
}

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the chosen theme applies at once, is saved, and is there from the first frame after a reload', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await createVerifiedAccount(request, 'Ada Lovelace');
  await watchEarlyTheme(page);
  await signInThroughForm(page, account);
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);
  const lightBackground = await bodyBackground(page);

  await settingsButton(page).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Language' }).click();
  const theme = settings.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/settings') && response.request().method() === 'PATCH',
  );
  await theme.getByRole('radio', { name: 'Dark' }).check();
  expect((await saved).ok()).toBe(true);

  await expect(html).toHaveClass(/\bdark\b/);
  await expect.poll(() => bodyBackground(page)).not.toBe(lightBackground);
  const darkBackground = await bodyBackground(page);
  expect(await page.evaluate(() => localStorage.getItem('doppel.theme'))).toBe('dark');

  // Reloaded: dark before the app's script runs, so no frame is painted light.
  await page.reload();
  expect(await page.evaluate(() => window.__themeAtBody)).toMatch(/\bdark\b/);
  expect(await page.evaluate(() => window.__themeAtReady)).toMatch(/\bdark\b/);
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await bodyBackground(page)).toBe(darkBackground);
  await settingsButton(page).click();
  await settings.getByRole('tab', { name: 'Language' }).click();
  await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();

  // The account's theme wins over what this device remembered.
  await page.evaluate(() => localStorage.setItem('doppel.theme', 'light'));
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).not.toHaveClass(/\blight\b/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('doppel.theme'))).toBe('dark');

  // System follows the device again: no class, light here.
  await settingsButton(page).click();
  await settings.getByRole('tab', { name: 'Language' }).click();
  await theme.getByRole('radio', { name: 'System' }).check();
  await expect(html).not.toHaveClass(/\b(dark|light)\b/);
  await expect.poll(() => bodyBackground(page)).toBe(lightBackground);
});
