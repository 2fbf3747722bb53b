import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { createVerifiedAccount, signInThroughForm } from './support/accounts';

test('create a persona, edit its brand bible, save, reload: the values are kept', async ({
  page,
  request,
}) => {
  // A long flow: about 20 s on a quiet machine, against the default 30 s.
  test.slow();
  const account = await createVerifiedAccount(request, 'Maya Chen');
  await signInThroughForm(page, account);
  await page.getByRole('link', { name: 'Personas' }).click();
  await expect(page.getByText('No personas yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create persona' }).first().click();
  const form = page.getByRole('dialog', { name: 'New persona' });
  await form.getByRole('button', { name: 'Create persona' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name').fill('Maya the founder');
  await form.getByLabel('Position').fill('Founder');
  await form.getByRole('button', { name: 'Create persona' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Maya the founder' })).toBeVisible();
  await expect(page.getByText("Twin's voice")).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('tab', { name: 'Brand bible' }).click();
  await page.getByRole('textbox', { name: 'Slogan' }).fill('Move money, not paperwork');
  const taglines = page.getByRole('textbox', { name: 'Add to Key phrases' });
  await taglines.fill('Pay like you text');
  await taglines.press('Enter');
  await page.getByRole('button', { name: 'Add a row to Brand personality' }).click();
  await page.getByRole('textbox', { name: 'Brand personality: key 1' }).fill('tone');
  await page.getByRole('textbox', { name: 'Brand personality: value 1' }).fill('Warm, never loud');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Maya the founder' })).toBeVisible();
  await page.getByRole('tab', { name: 'Brand bible' }).click();
  await expect(page.getByText('Move money, not paperwork')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Key phrases' }).getByText('Pay like you text')).toBeVisible();
  await expect(page.getByText('Warm, never loud')).toBeVisible();
});

test('a message template previews its placeholders filled for a sample contact', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'Leo Park');
  await signInThroughForm(page, account);
  await page.goto('/high-concept');
  await page.getByRole('button', { name: 'Create persona' }).first().click();
  const form = page.getByRole('dialog', { name: 'New persona' });
  await form.getByLabel('Name').fill('Leo');
  await form.getByRole('button', { name: 'Create persona' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leo' })).toBeVisible();

  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message template' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'message template dialog', { include: '[role="dialog"]' });
  await dialog.getByLabel('Template name').fill('Pilot intro');
  await dialog.getByLabel('Content').fill('Hi {name}, how is {company}? You asked: {message}');
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(
    'Hi Anna Schneider, how is Nordlicht Ventures? You asked: Could we start a pilot next month?',
  );
  await dialog.getByRole('button', { name: 'Create template' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Pilot intro')).toBeVisible();
});
