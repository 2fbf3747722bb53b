import { expect, test } from '@playwright/test';
import { enterDemo } from './support/accounts';

test('on a phone the console sits above the tab bar and answers /help', async ({ page }) => {
  await enterDemo(page);
  await page
    .getByRole('navigation', { name: 'Bottom navigation' })
    .getByRole('link', { name: 'Agent' })
    .click();
  await expect(page).toHaveURL(/\/agent$/);
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeInViewport();
  // Header, demo banner, console and tab bar fit the screen: the log scrolls, not the page.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeLessThanOrEqual(1);
  await input.fill('/help');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log', { name: 'Conversation with your twin' })).toContainText('/status');
});
