import { expect, test } from '@playwright/test';
import { apiAs, createVerifiedAccount, signInThroughForm } from './support/accounts';

/* Issue 22: on a phone a campaign's leads are cards that read without sideways scrolling. */

test('on a phone the leads are cards, with nothing wider than the screen', async ({ page, request }) => {
  test.slow();
  const account = await createVerifiedAccount(request, 'Mira Solis');
  const api = await apiAs(request, account);
  const campaign = await api<{ id: string }>('POST', '/api/campaigns', {
    goal: 'find_vendors',
    name: 'Packaging suppliers',
    description: 'Recycled packaging for the EU launch',
    sources: ['manual_input'],
    targetContactCount: 50,
    tools: ['clearbit'],
    channels: ['email'],
  });
  await api('POST', `/api/campaigns/${campaign.id}/leads`, {
    name: 'Konstantin Alexandrovich Wolkenstein-Rabenhorst',
    email: 'konstantin.wolkenstein-rabenhorst@extraordinarily-long-company-name.example',
    company: 'Extraordinarily Long Sustainable Packaging Manufacturing Company',
    position: 'Vice President of Strategic Procurement Partnerships',
  });
  await api('POST', `/api/campaigns/${campaign.id}/leads`, { name: 'Ana Ruiz', email: 'ana@verde.test' });

  await signInThroughForm(page, account);
  await page.goto(`/business/${campaign.id}`);
  await page.getByRole('tab', { name: 'Leads' }).click();
  // Cards, not a table.
  await expect(page.getByRole('table')).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Leads of this campaign' }).getByRole('article');
  await expect(cards).toHaveCount(2);
  const long = cards.filter({ hasText: 'Wolkenstein-Rabenhorst' });
  await expect(long).toContainText('Vice President of Strategic Procurement Partnerships');
  await expect(long.getByRole('combobox', { name: /^Status of Konstantin/ })).toBeVisible();
  // Nothing scrolls sideways: the page and every card fit the 390 px screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const box of await cards.evaluateAll((items) =>
    items.map((item) => item.getBoundingClientRect().right),
  )) {
    expect(box).toBeLessThanOrEqual(390);
  }
});
