import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signInThroughForm } from './support/accounts';

/** A page on 127.0.0.1 for the link tab; the app under test may fetch it (FETCH_ALLOW_PRIVATE_ADDRESSES). */
let site: http.Server;
let pageUrl: string;

test.beforeAll(async () => {
  site = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Pricing</title>
      <meta property="og:title" content="How we price pilots">
      <meta property="og:description" content="Paid pilots convert better than free ones.">
      <meta property="og:site_name" content="Founder Notes"></head>
      <body><article><p>Every pilot we run is paid and has one success metric.</p></article></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/pricing`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test('upload two files, add a link with its preview and a thought, filter, search, open and delete', async ({
  page,
  request,
}) => {
  // A long flow: about 23 s on a quiet machine, against the default 30 s.
  test.slow();
  const account = await createVerifiedAccount(request, 'Nora Lind');
  await signInThroughForm(page, account);
  await page.getByRole('link', { name: 'Knowledge' }).click();
  await expect(page.getByText('Your knowledge base is empty')).toBeVisible();

  // Two files through the picker.
  await page.getByRole('button', { name: 'Add material' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add material' });
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Choose files').setInputFiles([
    {
      name: 'onboarding.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        '# Onboarding\n\n- Book the kickoff call within two days.\n- Send the welcome email.',
      ),
    },
    {
      name: 'glossary.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Champion: the person inside the buyer who argues for us.'),
    },
  ]);
  await expect(dialog.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);
  await add.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Files added: 2')).toBeVisible();
  const list = page.getByRole('list', { name: 'Documents' });
  // Processed in the background; the rows follow through live updates.
  await expect(list.getByRole('article', { name: 'onboarding.md' }).getByText('Processed')).toBeVisible({
    timeout: 15_000,
  });
  await expect(list.getByRole('article', { name: 'glossary.txt' }).getByText('Processed')).toBeVisible();

  // A link, previewed from the local page before saving.
  await page.getByRole('button', { name: 'Add material' }).first().click();
  await dialog.getByRole('tab', { name: 'Add link' }).click();
  await dialog.getByRole('textbox', { name: 'Link' }).fill(pageUrl);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Link preview' });
  await expect(preview.getByText('How we price pilots')).toBeVisible();
  await expect(preview.getByText('Paid pilots convert better than free ones.')).toBeVisible();
  await expect(preview.getByText('Founder Notes')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('article', { name: 'How we price pilots' }).getByText('Processed')).toBeVisible(
    {
      timeout: 15_000,
    },
  );

  // A thought.
  await page.getByRole('button', { name: 'Add material' }).first().click();
  await dialog.getByRole('tab', { name: 'Add thought' }).click();
  await dialog
    .getByRole('textbox', { name: 'Thought' })
    .fill('Never discount a pilot; offer a longer one instead.');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Thought added')).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(4);

  // Filter by category.
  const filters = page.getByRole('group', { name: 'Filter by category' });
  await filters.getByRole('button', { name: /Thoughts/ }).click();
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByRole('article', { name: /Never discount a pilot/ })).toBeVisible();
  await filters.getByRole('button', { name: /^All/ }).click();
  await expect(list.getByRole('article')).toHaveCount(4);

  // Search: ranked results with the match highlighted.
  await page.getByRole('searchbox', { name: 'Search the knowledge base' }).fill('kickoff');
  await page.keyboard.press('Enter');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.locator('mark', { hasText: 'kickoff' }).first()).toBeVisible();
  await results.getByRole('button', { name: /onboarding\.md/ }).click();

  // The detail, then delete with confirmation.
  const detail = page.getByRole('dialog', { name: 'onboarding.md' });
  await expect(detail.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(detail.getByText('Book the kickoff call within two days.').first()).toBeVisible();
  await detail.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this document?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await detail.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(list.getByRole('article')).toHaveCount(3);
  await expect(list.getByRole('article', { name: 'onboarding.md' })).toHaveCount(0);
  await page.reload();
  await expect(list.getByRole('article')).toHaveCount(3);
});
