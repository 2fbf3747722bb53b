import { expect, test } from '@playwright/test';
import { apiAs, createVerifiedAccount, signInThroughForm } from './support/accounts';

/*
 * Issue 22: a follow-up sequence built in the campaign's Settings, the campaign started, and the
 * Overview's figures for each step — with a lead held back by the data-quality threshold.
 */

const lead = (name: string, email: string, company: string) => ({
  name,
  email,
  company,
  linkedinUrl: `https://www.linkedin.com/in/${name.toLowerCase().replace(' ', '-')}`,
});

test('build a sequence in Settings, start the campaign, and see each step’s figures', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await createVerifiedAccount(request, 'Lena Vogt');
  const api = await apiAs(request, account);
  const campaign = await api<{ id: string }>('POST', '/api/campaigns', {
    goal: 'generate_leads',
    name: 'Pipeline',
    description: 'Mid-market SaaS teams',
    sources: ['manual_input'],
    targetContactCount: 50,
    tools: ['hunter'],
    channels: ['email'],
  });
  for (const each of [
    lead('Ann Lee', 'ann@acme.test', 'Acme'),
    lead('Bo Chen', 'bo@north.test', 'Northwind'),
    // No company and no LinkedIn: under the data-quality threshold.
    { name: 'Cy Park', email: 'cy@atlas.test' },
  ]) {
    await api('POST', `/api/campaigns/${campaign.id}/leads`, each);
  }

  await signInThroughForm(page, account);
  await page.goto(`/business/${campaign.id}`);
  await expect(page.getByRole('heading', { name: 'Pipeline', level: 1 })).toBeVisible();
  const sequence = page.getByRole('region', { name: 'Sequence' });
  await expect(sequence.getByText('No follow-ups yet')).toBeVisible();

  // ── Build the sequence ──
  await sequence.getByRole('button', { name: 'Set up follow-ups' }).click();
  const settings = page.getByRole('dialog', { name: 'Campaign settings' });
  const steps = settings.getByRole('list', { name: 'Follow-ups' });
  await settings.getByRole('button', { name: 'Add step' }).click();
  const first = steps.getByRole('group', { name: 'Follow-up 1' });
  await first.getByRole('textbox', { name: 'Wait (days)' }).fill('2');
  await first.getByRole('combobox', { name: 'Content' }).selectOption({ label: 'Template' });
  // A template step needs its text: nothing is saved without it.
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    first.getByText("Enter the template's text, or let the AI draft this follow-up."),
  ).toBeVisible();
  await first.getByRole('textbox', { name: 'Template text' }).fill('Hi {name}, just following up.');
  await settings.getByRole('button', { name: 'Add step' }).click();
  await steps
    .getByRole('group', { name: 'Follow-up 2' })
    .getByRole('textbox', { name: 'Wait (days)' })
    .fill('5');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toBeHidden();

  // ── Start: the first messages wait for approval (a personal account), the held lead does not get one ──
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Campaign started')).toBeVisible();
  const messages = sequence.getByRole('list', { name: 'Messages of the sequence' });
  const firstMessage = messages
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'First message' }) });
  await expect(firstMessage.getByRole('definition').nth(1)).toHaveText('2');
  await expect(
    messages.getByRole('heading', { name: 'Follow-up 1 · after 2 days · Same channel' }),
  ).toBeVisible();
  await expect(
    messages.getByRole('heading', { name: 'Follow-up 2 · after 5 days · Same channel' }),
  ).toBeVisible();
  await expect(
    sequence.getByText('1 lead held below the quality threshold (80%): not contacted.'),
  ).toBeVisible();

  // The leads say where each one is.
  await page.getByRole('tab', { name: 'Leads' }).click();
  await expect(
    page.getByRole('row', { name: /Ann Lee/ }).getByText('First message awaiting your approval'),
  ).toBeVisible();
  const held = page.getByRole('row', { name: /Cy Park/ }).getByText('Held', { exact: true });
  await expect(held).toBeVisible();
  await expect(held).toHaveAccessibleDescription(/Its data quality \(31%\) is below/);
});
