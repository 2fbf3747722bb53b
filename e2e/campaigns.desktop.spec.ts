import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, createVerifiedAccount, signInThroughForm } from './support/accounts';

const SLOW = { timeout: 15_000 };

async function choose(dialog: Locator, names: string[]) {
  for (const name of names) await dialog.getByRole('button', { name, exact: true }).click();
}

const card = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Campaigns' }).getByRole('article', { name: title });

test('wizard → draft in the list → search and chips → detail → CSV import → lead statuses → funnel → Start/Pause', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createVerifiedAccount(request, 'Rosa Diaz');
  // A second campaign of another type, made through the API, so the chips have two types.
  const api = await apiAs(request, account);
  await api('POST', '/api/campaigns', {
    goal: 'find_partners',
    name: 'Integration Partners',
    description: 'CRM vendors',
    sources: ['inner_crm'],
    targetContactCount: 50,
    tools: ['hunter'],
    channels: ['email'],
  });

  await signInThroughForm(page, account);
  await page.getByRole('link', { name: 'Growth' }).click();
  await expect(card(page, 'Integration Partners')).toBeVisible();

  // ── The wizard, with every case where Continue stays disabled ──
  await page.getByRole('button', { name: 'Create Campaign' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'Create Campaign' });
  const next = wizard.getByRole('button', { name: 'Continue' });
  await expect(wizard.getByText('Step 1 of 5, 20% complete')).toBeVisible();
  await expect(wizard.getByRole('heading', { name: "What's your main goal?" })).toBeVisible();
  await expect(next).toBeDisabled();
  await choose(wizard, ['Raise Funding']);
  await next.click();

  await expect(wizard.getByRole('heading', { name: 'Where should we find contacts?' })).toBeVisible();
  await expect(next).toBeDisabled();
  await choose(wizard, ['CSV Upload', 'Manual Input']);
  await expect(next).toBeEnabled();
  const target = wizard.getByRole('spinbutton', { name: 'Target contact count' });
  await expect(target).toHaveValue('100');
  for (const [value, allowed] of [
    ['9', false],
    ['10001', false],
    ['10', true],
    ['10000', true],
    ['250', true],
  ] as const) {
    await target.fill(value);
    if (allowed) await expect(next).toBeEnabled();
    else await expect(next).toBeDisabled();
  }
  await next.click();

  await expect(wizard.getByRole('heading', { name: 'How should we enrich the data?' })).toBeVisible();
  await expect(next).toBeDisabled();
  await choose(wizard, ['Clearbit', 'ZoomInfo']);
  // (0.10 + 0.25) × 250 contacts.
  await expect(wizard.getByText('$87.50', { exact: true })).toBeVisible();
  await expect(wizard.getByText('$0.350 per contact')).toBeVisible();
  // Both have no adapter: the wizard says so before launch.
  await expect(wizard.getByText(/^Simulated, at no cost: Clearbit and ZoomInfo\./)).toBeVisible();
  await next.click();

  await expect(wizard.getByRole('heading', { name: 'How should we reach out?' })).toBeVisible();
  await expect(next).toBeDisabled();
  await choose(wizard, ['Email']);
  await next.click();

  await expect(wizard.getByText('Step 5 of 5, 100% complete')).toBeVisible();
  const name = wizard.getByRole('textbox', { name: 'Campaign name' });
  await expect(name).toHaveValue('Raise Funding Campaign');
  const launch = wizard.getByRole('button', { name: 'Launch Campaign' });
  await name.fill('   ');
  await expect(launch).toBeDisabled();
  await name.fill('Seed Investors');
  await launch.click();
  await expect(wizard).toBeHidden();

  // ── The draft in the list, search and chips ──
  const seed = card(page, 'Seed Investors');
  await expect(seed).toBeVisible();
  await expect(seed.getByText('Draft')).toBeVisible();
  await expect(seed.getByText('Extraction')).toBeVisible();
  const chips = page.getByRole('group', { name: 'Filter by campaign type' });
  await expect(chips.getByRole('button', { name: 'All Campaigns (2)' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('seed');
  await expect(card(page, 'Integration Partners')).toBeHidden();
  await expect(seed).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await chips.getByRole('button', { name: 'Partner (1)' }).click();
  await expect(seed).toBeHidden();
  await expect(card(page, 'Integration Partners')).toBeVisible();
  await chips.getByRole('button', { name: 'All Campaigns (2)' }).click();

  // The wizard starts afresh, with the target back to 50.
  await page.getByRole('button', { name: 'Create Campaign' }).first().click();
  await choose(wizard, ['Hire Talent']);
  await next.click();
  await expect(wizard.getByRole('spinbutton', { name: 'Target contact count' })).toHaveValue('50');
  await wizard
    .getByRole('button', { name: 'Cancel' })
    .or(wizard.getByRole('button', { name: 'Back' }))
    .first()
    .click();
  await page.keyboard.press('Escape');
  await expect(wizard).toBeHidden();

  // ── Detail: import leads from a CSV with a bad row ──
  await page.getByRole('link', { name: 'Seed Investors', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Seed Investors' })).toBeVisible();
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const importDialog = page.getByRole('dialog', { name: 'Import leads from CSV' });
  await importDialog.getByLabel('CSV file').setInputFiles({
    name: 'investors.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Name,Email,Company,Title\nAnn Lee,ann@acme.test,Acme,Partner\nBo Chen,bo@north.test,Northwind,Principal\nCy Park,not-an-email,Atlas,Analyst\n',
    ),
  });
  await importDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(importDialog.getByRole('combobox', { name: 'Name (required)' })).toHaveValue('Name');
  await importDialog.getByRole('button', { name: 'Import' }).click();
  const rejected = importDialog.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected).toContainText('4');
  await expect(rejected).toContainText('not-an-email');
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('rowheader', { name: /Ann Lee/ })).toBeVisible();

  // ── Lead statuses drive the funnel ──
  await page.getByRole('combobox', { name: 'Status of Ann Lee' }).selectOption('qualified');
  await expect(page.getByText('Status of Ann Lee changed')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status of Bo Chen' }).selectOption('contacted');
  await expect(page.getByText('Status of Bo Chen changed')).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const funnel = page.getByRole('region', { name: 'Conversion funnel' });
  await expect(funnel.getByRole('listitem')).toHaveText([
    'Found2',
    'Contacted2 · 100% of Found',
    'Responded1 · 50% of Contacted',
    'Qualified1 · 100% of Responded',
    'Converted0 · 0% of Qualified',
  ]);
  await expect(page.getByRole('figure', { name: 'Leads over time' })).toBeVisible();

  // ── Start and Pause ──
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Campaign started')).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeEnabled(SLOW);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Campaign paused')).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible(SLOW);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible(SLOW);
});
