import { expect, test } from '@playwright/test';
import { enterDemo } from './support/accounts';

// On a phone the Contacts screen is one tap from the header (the bottom bar keeps its four tabs).

test('contacts from the header, a contact’s conversation, and the persona that speaks to them', async ({
  page,
}) => {
  test.slow();
  await enterDemo(page);
  await page.getByRole('banner').getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await page
    .getByRole('list', { name: 'Contacts' })
    .getByRole('link', { name: /Anna Schneider/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Anna Schneider/ })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Messages with Anna Schneider' }).getByRole('listitem'),
  ).toHaveCount(1);
  await page
    .getByRole('combobox', { name: 'Speaks to this contact' })
    .selectOption({ label: 'Alex Morgan — Writer' });
  await expect(page.getByText('Contact saved')).toBeVisible();
});

test('from a task to its contact on a phone, and the task through every status', async ({ page }) => {
  test.slow();
  await enterDemo(page);
  const task = page
    .getByRole('list', { name: 'Task list' })
    .getByRole('button', { name: /Reply to Anna about the pilot/ });
  await task.click();
  const dialog = page.getByRole('dialog', { name: /Reply to Anna about the pilot/ });
  const actions = dialog.getByRole('group', { name: 'Change status' });
  await actions.getByRole('button', { name: 'Start' }).click();
  await expect(dialog.getByText('Status: In progress')).toBeVisible();
  await actions.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(dialog.getByText('Status: Completed')).toBeVisible();
  await actions.getByRole('button', { name: 'Reopen' }).click();
  await expect(dialog.getByText('Status: Pending')).toBeVisible();

  await dialog.getByRole('link', { name: 'Open contact Anna Schneider' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Anna Schneider/ })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Messages with Anna Schneider' }).getByRole('listitem'),
  ).toContainText(['Hallo! Könnten wir den Pilot nächsten Monat starten?']);
});
