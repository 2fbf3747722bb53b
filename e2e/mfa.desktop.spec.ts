import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { createVerifiedAccount, settingsButton, signInThroughForm } from './support/accounts';

/** The authenticator app's code for the secret, `stepsAhead` 30-second steps from now. */
function appCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

test('turns on MFA in Settings → Security, then sign-in asks for the app’s code', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'Ada Lovelace');
  await signInThroughForm(page, account);

  await settingsButton(page).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Security' }).click();
  const security = settings.getByRole('region', { name: 'Multi-factor authentication' });
  await expect(security.getByText('Off', { exact: true })).toBeVisible();
  await security.getByRole('button', { name: 'Turn on' }).click();

  const setup = page.getByRole('dialog', { name: 'Turn on multi-factor authentication' });
  await setup.getByLabel('Password').fill(account.password);
  await setup.getByRole('button', { name: 'Continue' }).click();
  await expect(
    setup.getByRole('img', { name: 'QR code that adds your Doppel account to an authenticator app' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'MFA setup dialog', { include: '[role="dialog"]' });
  // What a person types into the app when the camera will not scan.
  const secret = (await setup.getByRole('textbox', { name: 'Setup key' }).inputValue()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await setup.getByLabel('Code from the app').fill(await appCode(secret));
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, 'recovery codes dialog', { include: '[role="dialog"]' });
  await codes.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await codes.getByRole('button', { name: 'Done' }).click();
  await expect(codes).toBeHidden();
  await expect(security.getByText('On', { exact: true })).toBeVisible();
  await expect(security.getByText('10 unused recovery codes left')).toBeVisible();

  await settings.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const step = page.getByRole('form', { name: 'Multi-factor authentication' });
  await expect(step).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  // The code that turned MFA on was used once already: the app's next one is as good and new.
  await step.getByLabel('Authentication code').fill(await appCode(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/actions$/);
  await expect(settingsButton(page)).toHaveAccessibleName(/Ada Lovelace/);
});
