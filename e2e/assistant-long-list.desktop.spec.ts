import { expect, test } from '@playwright/test';
import { apiAs, createVerifiedAccount, signInThroughForm } from './support/accounts';

const TASKS = 110;

test('a long task list keeps only the cards near the window in the page and loads on as it scrolls', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await createVerifiedAccount(request, 'Wen Long');
  const api = await apiAs(request, account);
  for (let start = 0; start < TASKS; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api('POST', '/api/tasks', { title: `Long list task ${start + i}`, type: 'proactive_message' }),
      ),
    );
  }

  await signInThroughForm(page, account);
  await expect(page.getByText(`Total: ${TASKS}`)).toBeVisible();
  const list = page.getByRole('list', { name: 'Task list' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // 50 tasks are loaded, but only those near the window are cards in the page.
  expect(await list.getByRole('listitem').count()).toBeLessThan(40);

  // Scrolling down reads the next pages without a click, until the oldest task is reached; it
  // says where it stands in the whole list.
  const oldest = list
    .getByRole('listitem')
    .filter({ hasText: /Long list task \d+$/ })
    .last();
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-posinset', String(TASKS), {
      timeout: 500,
    });
  }).toPass({ timeout: 30_000 });
  await expect(oldest).toHaveAttribute('aria-setsize', String(TASKS));
  expect(await list.getByRole('listitem').count()).toBeLessThan(40);
});
