import { expect, test, type Page } from '@playwright/test';
import { FAKE_REDDIT_APP } from './fake-servers/fake-social-server';
import { apiAs, createVerifiedAccount, settingsButton, signInThroughForm } from './support/accounts';

/*
 * Reddit and LinkedIn through OAuth, end to end against the fakes (e2e/fake-servers/
 * fake-social-server.ts): Settings → the platform's consent page → back to Doppel's callback →
 * a connected card → Publish on a task → the post's link on the task, which opens the post.
 */

async function openMessengers(page: Page) {
  await settingsButton(page).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Messengers' }).click();
  return settings;
}

test('Reddit: the user’s own app, consent, a connected card, and a post published with its link', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await createVerifiedAccount(request, 'Rhea Vance');
  const api = await apiAs(request, account);
  await api('POST', '/api/tasks', {
    title: 'Start a discussion in r/startups',
    type: 'reddit_post',
    context: { triggerData: { platform: 'reddit', community: 'r/startups' } },
  });
  await signInThroughForm(page, account);

  // The server has no Reddit app: the user enters theirs, then connects.
  let settings = await openMessengers(page);
  const card = settings.getByRole('listitem', { name: 'Reddit' });
  await expect(card.getByText('Not connected')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect Reddit' })).toBeDisabled();
  await card.getByLabel('Client ID').fill(FAKE_REDDIT_APP.clientId);
  await card.getByLabel('Client secret').fill(FAKE_REDDIT_APP.clientSecret);
  await card.getByRole('button', { name: 'Save app' }).click();
  await expect(card.getByText(`Your app: ${FAKE_REDDIT_APP.clientId}`)).toBeVisible();
  await card.getByRole('button', { name: 'Connect Reddit' }).click();

  // Reddit's consent page, then back through Doppel's callback to the app with Settings open.
  await expect(page).toHaveURL(/\/api\/v1\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'reddit', exact: true })).toBeVisible();
  await expect(page.getByText('It asks for: identity, read, submit')).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  // The app loads afresh on the callback: the session is restored before the code is handed over.
  await expect(page.getByText('Reddit connected as u/doppel_founder')).toBeVisible({ timeout: 15_000 });
  settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(
    settings.getByRole('listitem', { name: 'Reddit' }).getByText('Signed in as u/doppel_founder'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // Publish: a title, the subreddit from the task, and the post is on Reddit with its link.
  await page.getByRole('button', { name: /Start a discussion in r\/startups/ }).click();
  await page.getByRole('button', { name: /Write Custom Message/ }).click();
  await expect(page.getByRole('textbox', { name: 'Subreddit' })).toHaveValue('r/startups');
  await page.getByRole('textbox', { name: 'Message' }).fill('How do you follow up after a conference?');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Post title' }).fill('Following up after conferences');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published on Reddit').first()).toBeVisible();
  const link = page.getByRole('link', { name: 'View on Reddit' });
  const [post] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(post.getByRole('heading', { name: 'Following up after conferences' })).toBeVisible();
  await expect(post.getByText('How do you follow up after a conference?')).toBeVisible();
  await post.close();
  // Kept on the task: after a reload the link is still there.
  await page.reload();
  await page.getByRole('button', { name: /Start a discussion in r\/startups/ }).click();
  await expect(page.getByRole('link', { name: 'View on Reddit' })).toBeVisible();
});

test('LinkedIn: Deny connects nothing and says so; Allow connects and Publish posts as the member', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await createVerifiedAccount(request, 'Lior Brandt');
  const api = await apiAs(request, account);
  await api('POST', '/api/tasks', { title: 'Post: lessons from 100 calls', type: 'linkedin_post' });
  await signInThroughForm(page, account);

  let settings = await openMessengers(page);
  let card = settings.getByRole('listitem', { name: 'LinkedIn' });
  await card.getByRole('button', { name: 'Connect LinkedIn' }).click();
  await expect(page).toHaveURL(/\/oauth\/v2\/authorization\?/);
  await expect(page.getByRole('heading', { name: 'LinkedIn', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('heading', { name: 'LinkedIn was not connected' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('alert')).toHaveText(
    'Access was declined on the platform’s page, so nothing was connected.',
  );
  await page.getByRole('button', { name: 'Open Settings → Messengers' }).click();
  settings = page.getByRole('dialog', { name: 'Settings' });
  card = settings.getByRole('listitem', { name: 'LinkedIn' });
  await expect(card.getByText('Not connected')).toBeVisible();

  await card.getByRole('button', { name: 'Connect LinkedIn' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('LinkedIn connected as Dana Founder')).toBeVisible({ timeout: 15_000 });
  // The app opens Settings again on its own after the callback: close it once it is there.
  settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('listitem', { name: 'LinkedIn' }).getByText(/Dana Founder/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await page.getByRole('button', { name: /Post: lessons from 100 calls/ }).click();
  await page.getByRole('button', { name: /Write Custom Message/ }).click();
  const text = `What 100 customer calls taught us (part 1) ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published on LinkedIn').first()).toBeVisible();
  const [post] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'View on LinkedIn' }).click(),
  ]);
  await expect(post.getByText(text)).toBeVisible();
  await post.close();
});
