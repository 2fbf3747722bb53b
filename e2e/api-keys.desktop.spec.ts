import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signInThroughForm } from './support/accounts';

const KEY_PATTERN = /^dpl_[A-Za-z0-9]{32}$/;

test('create a key (blank name refused), reveal, copy and test it, revoke it, then delete it', async ({
  page,
  context,
  request,
}) => {
  // A long flow: about 25 s on a quiet machine, against the default 30 s.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await createVerifiedAccount(request, 'Ines Berg');
  await signInThroughForm(page, account);
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Security notes' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'MCP client configuration' })).toContainText(
    `"url": "${new URL(page.url()).origin}/mcp"`,
  );

  // A blank name is refused under the field, and nothing is created.
  await page.getByRole('button', { name: 'Create key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await expect(dialog.getByRole('checkbox', { name: 'Contacts: read' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Messages: read' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Knowledge base: read' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'AI models: read' })).not.toBeChecked();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('   ');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Enter the key name')).toBeVisible();

  // With a name, the key is created and shown this once.
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Cursor on my laptop');
  await dialog.getByRole('checkbox', { name: 'Contacts: write' }).check();
  await dialog.getByRole('spinbutton', { name: 'Requests per minute' }).fill('50');
  await dialog.getByRole('spinbutton', { name: 'Requests per day' }).fill('5000');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(created.getByText('It will not be shown again.')).toBeVisible();
  await expect(page.getByText('API key created')).toBeVisible();

  // Reveal and hide.
  const value = created.getByRole('textbox', { name: 'API key' });
  await expect(value).toHaveValue(/^••••[A-Za-z0-9]{4}$/);
  await created.getByRole('button', { name: 'Show key' }).click();
  await expect(value).toHaveValue(KEY_PATTERN);
  const fullKey = await value.inputValue();
  await created.getByRole('button', { name: 'Hide key' }).click();
  await expect(value).toHaveValue(`••••${fullKey.slice(-4)}`);

  // Copy.
  await created.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullKey);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  const key = page
    .getByRole('list', { name: 'API keys' })
    .getByRole('article', { name: 'Cursor on my laptop' });
  await expect(key.getByText('Active')).toBeVisible();
  await expect(key.getByRole('list', { name: 'Permissions' }).getByRole('listitem')).toHaveText([
    'Contacts: read',
    'Contacts: write',
    'Messages: read',
    'Knowledge base: read',
  ]);
  await expect(key.getByText('50/min · 5,000/day')).toBeVisible();

  // Test: a real call to the public API with the key alone.
  await key.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByText('The key “Cursor on my laptop” works')).toBeVisible();
  await expect(key.getByText('Requests', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    '1',
  );

  // Revoke, after confirmation; the key no longer opens anything. The notifications may cover
  // the button: close them, as a person would (waiting for them to time out depends on how
  // fast a busy machine runs their timers).
  const notifications = page.getByRole('region', { name: /^Notifications/ });
  await expect(async () => {
    const close = notifications.getByRole('button', { name: 'Close toast' }).first();
    if ((await close.count()) > 0) await close.click({ timeout: 1_000 });
    await expect(notifications.getByRole('listitem')).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await key.getByRole('button', { name: 'Revoke' }).click();
  const revoke = page.getByRole('alertdialog', { name: 'Revoke this key?' });
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(revoke).toBeHidden();
  await expect(key.getByText('Revoked')).toBeVisible();
  await expect(key.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await key.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByText('The key is unavailable or invalid')).toBeVisible();

  // Delete, after confirmation.
  await key.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete this key?' });
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeHidden();
  await expect(key).toBeVisible();
  await key.getByRole('button', { name: 'Delete' }).click();
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('API key deleted')).toBeVisible();
  await expect(key).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No API keys yet')).toBeVisible();
});
