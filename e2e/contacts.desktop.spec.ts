import { expect, test } from '@playwright/test';
import { enterDemo } from './support/accounts';

// The Contacts screen as a person uses it (issue 24): from a task to its contact, the whole
// conversation there, the persona that speaks to the contact, and back to the task.

test('from a task to its contact: the conversation, the persona, and back to the task', async ({ page }) => {
  test.slow();
  await enterDemo(page);
  await page
    .getByRole('list', { name: 'Task list' })
    .getByRole('button', { name: /Reply to Anna about the pilot/ })
    .click();
  await page.getByRole('link', { name: 'Open contact Anna Schneider' }).click();

  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /Anna Schneider/ })).toBeVisible();
  // What Anna wrote, as she wrote it (German), in the conversation.
  const conversation = page.getByRole('list', { name: 'Messages with Anna Schneider' });
  await expect(conversation.getByRole('listitem')).toContainText([
    'Hallo! Könnten wir den Pilot nächsten Monat starten?',
  ]);

  // The Founder persona speaks to Anna in the demo; the Advisor takes over, and it stays so.
  const persona = page.getByRole('combobox', { name: 'Speaks to this contact' });
  await expect(persona).toHaveValue(/.+/);
  await persona.selectOption({ label: 'Alex Morgan — Advisor' });
  await expect(page.getByText('Contact saved')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('combobox', { name: 'Speaks to this contact' }).locator('option:checked'),
  ).toHaveText('Alex Morgan — Advisor');

  // The list shows her with the new persona; the task on her page leads back to the Assistant.
  await page.getByRole('link', { name: 'All contacts' }).click();
  await expect(
    page.getByRole('list', { name: 'Contacts' }).getByRole('link', { name: /Anna Schneider/ }),
  ).toContainText('Persona: Alex Morgan — Advisor');
  await page
    .getByRole('list', { name: 'Contacts' })
    .getByRole('link', { name: /Anna Schneider/ })
    .click();
  await page.getByRole('link', { name: /Reply to Anna about the pilot/ }).click();
  await expect(page).toHaveURL(/\/actions\?task=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Anna Schneider' })).toBeVisible();
});

test('search finds a contact by the start of a word of the name or company', async ({ page }) => {
  await enterDemo(page);
  await page
    .getByRole('navigation', { name: 'Sidebar navigation' })
    .getByRole('link', { name: 'Contacts' })
    .click();
  const list = page.getByRole('list', { name: 'Contacts' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('schnei');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link')).toContainText('Anna Schneider');
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('zzzz');
  await expect(page.getByText('No contact matches “zzzz”')).toBeVisible();
});
