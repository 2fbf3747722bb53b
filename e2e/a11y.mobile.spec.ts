import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  checkDialog,
  checkPublicPages,
  checkRoute,
  checkSettings,
  escapeBackTo,
  settled,
  useColorScheme,
} from './support/a11y-journeys';
import { createVerifiedAccount, enterDemo, signInThroughForm } from './support/accounts';

// WCAG 2.1 A/AA on every screen and dialog of the phone layout (no /tasks, /documents, /api
// there). Each test loads a page once and checks many screens and dialogs on it.

test.use({ colorScheme: 'light' });
// Each axe run takes seconds on a busy two-core machine, and a test runs a dozen of them.
test.beforeEach(() => test.setTimeout(120_000));

test('sign in and sign up, in both themes', async ({ page }) => {
  await checkPublicPages(page, 'auth');
});

test('the other public pages: verify, reset, unsubscribe, not found', async ({ page }) => {
  await checkPublicPages(page, 'others');
});

test('demo: the Assistant in both themes, its priority sheet and task dialog', async ({ page }) => {
  await enterDemo(page);
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    await settled(page);
    await expectNoSeriousA11yViolations(page, `/actions, ${scheme}`);
  }
  await useColorScheme(page, 'light');

  const filter = page.getByRole('button', { name: 'Priority: All' });
  await filter.click();
  await checkDialog(page, 'Filter by priority');
  await escapeBackTo(page, filter);

  const task = page
    .getByRole('list', { name: 'Task list' })
    .getByRole('button', { name: /Answer Ivan’s question on integrations/ });
  await task.click();
  await checkDialog(page, 'Answer Ivan’s question on integrations');
  await escapeBackTo(page, task);
});

test('demo: contacts from the header, and a contact’s page', async ({ page }) => {
  await enterDemo(page);
  await page.getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page, '/contacts');
  await page
    .getByRole('list', { name: 'Contacts' })
    .getByRole('link', { name: /Anna Schneider/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Anna Schneider/ })).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page, '/contacts/:id');
});

test('demo: personas, growth, signals and the agent, with their dialogs', async ({ page }) => {
  await enterDemo(page);
  await checkRoute(page, '/high-concept');
  const persona = page.getByRole('button', { name: 'Open Alex Morgan — Founder' });
  await persona.click();
  await checkDialog(page, 'Alex Morgan — Founder');
  await escapeBackTo(page, persona);

  await checkRoute(page, '/business');
  const wizardButton = page.getByRole('button', { name: 'Create Campaign' }).first();
  await wizardButton.click();
  await checkDialog(page, 'Create Campaign');
  await escapeBackTo(page, wizardButton);
  await page.getByRole('link', { name: 'Seed Round Investors (sample)', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Seed Round Investors/ })).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page, '/business/:id');

  await checkRoute(page, '/signals');
  const addSource = page.getByRole('button', { name: 'Add source' }).first();
  await addSource.click();
  await checkDialog(page, 'Add a source');
  await escapeBackTo(page, addSource);

  await checkRoute(page, '/agent');
});

test('a fresh account: the empty states', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, 'Nora Quist');
  await signInThroughForm(page, account);
  await settled(page);
  await expectNoSeriousA11yViolations(page, '/actions, empty');
  for (const path of ['/contacts', '/high-concept', '/business', '/signals']) {
    await checkRoute(page, path);
  }
});

test('Settings, every tab and the dialogs they open; focus returns to the header avatar', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'Omar Vale');
  await signInThroughForm(page, account);
  await checkSettings(page);
});
