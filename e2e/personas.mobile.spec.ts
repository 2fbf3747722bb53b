import { expect, test } from '@playwright/test';
import { enterDemo } from './support/accounts';

test('the demo personas: summary tiles count them, and a tap opens the detail', async ({ page }) => {
  await enterDemo(page);
  await page.goto('/high-concept');
  const summary = page.getByLabel('Summary');
  await expect(summary.getByRole('term')).toHaveText(['Personas', 'Active', 'Startup']);
  // Three sample personas: two active, one draft; one startup.
  await expect(summary.getByRole('definition')).toHaveText(['3', '2', '1']);
  await expect(page.getByText('Sample').first()).toBeVisible();

  await page.getByRole('button', { name: 'Open Alex Morgan — Founder' }).click();
  const detail = page.getByRole('dialog', { name: 'Alex Morgan — Founder' });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('Founder & CEO · Lumen Pay')).toBeVisible();
  await expect(detail.getByLabel('Persona statistics')).toContainText('Contacts');
});
