import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, type A11yCheckOptions } from './a11y';
import { settingsButton } from './accounts';

/** The screen has drawn its data: no skeleton placeholders left. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 15_000 });
}

/** Opens a page of the app, waits for its data, and checks it. */
export async function checkRoute(page: Page, path: string, options?: A11yCheckOptions): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page, path, options);
}

/** Checks the dialog (or alert dialog) named `name`, already open. */
export async function checkDialog(
  page: Page,
  name: string | RegExp,
  role: 'dialog' | 'alertdialog' = 'dialog',
) {
  const dialog = page.getByRole(role, { name });
  await expect(dialog).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page, `dialog "${name}"`, { include: `[role="${role}"]` });
  return dialog;
}

/** Closes the open dialog with Escape and expects focus back on the control that opened it. */
export async function escapeBackTo(page: Page, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
}

const SETTINGS_TABS = [
  'Profile',
  'Subscription',
  'Tokens',
  'Security',
  'Notifications',
  'Language',
  'Learned voice',
  'Messengers',
  'MCP',
  'AI models',
];

/** Dialogs opened from a Settings tab (the demo refuses some of them: use a real account). */
const NESTED_DIALOGS: Record<string, { button: string; dialog: string }> = {
  Security: { button: 'Turn on', dialog: 'Turn on multi-factor authentication' },
  Messengers: { button: 'Connect', dialog: 'Connect a messenger' },
  'AI models': { button: 'Add model', dialog: 'Add model' },
};

/**
 * Settings, every tab and the dialogs its tabs open; Escape gives focus back to each opener and
 * at last to the user block. Tab names are matched by their start: some carry counts.
 */
export async function checkSettings(page: Page): Promise<void> {
  const opener = settingsButton(page);
  await opener.click();
  const settings = await checkDialog(page, 'Settings');
  for (const tab of SETTINGS_TABS) {
    await settings.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(settings.getByRole('tabpanel')).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, `Settings › ${tab}`, { include: '[role="dialog"]' });
    const nested = NESTED_DIALOGS[tab];
    if (nested) {
      const button = settings.getByRole('button', { name: nested.button, exact: true }).first();
      await button.click();
      await checkDialog(page, nested.dialog);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: nested.dialog })).toHaveCount(0);
      await expect(button).toBeFocused();
    }
  }
  await escapeBackTo(page, opener);
}

/** The device's colour scheme, which the app follows on the default "System" theme. */
export async function useColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).not.toHaveClass(/\b(light|dark)\b/);
}

/** The public pages: /auth's two views in both themes, or the link and error pages. */
export async function checkPublicPages(page: Page, which: 'auth' | 'others'): Promise<void> {
  if (which === 'auth') {
    for (const scheme of ['light', 'dark'] as const) {
      await page.goto('/auth');
      await useColorScheme(page, scheme);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/auth sign in, ${scheme}`);
      await page.getByRole('tab', { name: 'Sign up' }).click();
      await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/auth sign up, ${scheme}`);
    }
    return;
  }
  for (const path of [
    '/auth/verify?token=not-a-token',
    '/auth/reset?token=not-a-token',
    '/auth/confirm-email?token=not-a-token',
    '/unsubscribe?token=not-a-token',
    '/no-such-page',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, path);
  }
}
