import { expect, test } from '@playwright/test';
// The fake news site is shared with the server's own tests (ETag, Last-Modified, 304).
import {
  startFakeFeedServer,
  type FakeFeedServer,
} from '../apps/server/src/test-support/fake-signals/fake-feed-server';
import { createVerifiedAccount, signInThroughForm } from './support/accounts';

/** The app under test may fetch 127.0.0.1 (FETCH_ALLOW_PRIVATE_ADDRESSES in the e2e server). */
let site: FakeFeedServer;

test.beforeAll(async () => {
  site = await startFakeFeedServer();
});
test.afterAll(() => site.close());

const HEADLINE = 'Usage-based pricing wins over seat licences';

test('add a feed, poll it, and the rss_news task appears in the Assistant with its trigger block', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  site.setFeed('/founders.xml', {
    format: 'rss',
    title: 'Founder Weekly',
    items: [
      {
        title: HEADLINE,
        summary: 'Why founders are moving their pricing to usage.',
        link: 'https://news.example.com/pricing',
        guid: 'founder-weekly-1',
        published: new Date(),
      },
      {
        title: 'Gardening tips for the spring',
        link: 'https://news.example.com/garden',
        guid: 'founder-weekly-2',
        published: new Date(),
      },
    ],
  });
  const account = await createVerifiedAccount(request, 'Iris Novak');
  await signInThroughForm(page, account);

  // The Assistant's header leads to Signals.
  await page.getByRole('link', { name: 'Signals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signals' })).toBeVisible();

  await page.getByRole('button', { name: 'Add source' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a source' });
  await dialog.getByRole('textbox', { name: 'Feed address' }).fill(site.url('/founders.xml'));
  await dialog.getByRole('textbox', { name: /Keywords/ }).fill('pricing');
  await dialog.getByRole('button', { name: 'Add source' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: /Founder Weekly|founders\.xml/ });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Poll now' }).click();
  // One item matched the keyword: one task; the other was seen and made none.
  await expect(card.getByText('Tasks made').locator('..')).toContainText('1', { timeout: 20_000 });
  await expect(card.getByText('Items seen').locator('..')).toContainText('2');

  await page.goto('/actions');
  const task = page
    .getByRole('list', { name: 'Task list' })
    .getByRole('button', { name: new RegExp(HEADLINE) });
  await expect(task).toBeVisible({ timeout: 15_000 });
  await task.click();
  const trigger = page.getByRole('region', { name: 'Trigger: News' });
  await expect(trigger).toContainText('Founder Weekly');
  await expect(trigger).toContainText(HEADLINE);
  await expect(trigger.getByRole('link', { name: 'Open the article' })).toHaveAttribute(
    'href',
    'https://news.example.com/pricing',
  );
  // Nothing for the item that did not match.
  await expect(
    page.getByRole('list', { name: 'Task list' }).getByRole('button', { name: /Gardening/ }),
  ).toHaveCount(0);
});
