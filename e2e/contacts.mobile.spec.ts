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
