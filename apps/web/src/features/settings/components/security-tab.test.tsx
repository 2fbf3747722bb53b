import {
  errorMessages,
  routes as apiRoutes,
  type MfaStatus,
  type StartMfaSetupInput,
} from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeRoute, makeSession, type RouteReply } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { SettingsDialog } from './settings-dialog';

const OFF: MfaStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON: MfaStatus = { enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', recoveryCodesLeft: 10 };
const CODES = Array.from({ length: 10 }, (_, i) => `k7m2${i + 2}-x9q4r`);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP = {
  secret: SECRET,
  otpauthUri: `otpauth://totp/Doppel:ada%40example.com?secret=${SECRET}&issuer=Doppel`,
  qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
};

async function openSecurityTab(server: ServerRoutes, session = makeSession()) {
  const rendered = renderWithProviders(
    <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
    { server: { ...signedInRoutes(session), ...server } },
  );
  const settings = within(await screen.findByRole('dialog', { name: 'Settings' }));
  await rendered.user.click(settings.getByRole('tab', { name: 'Security' }));
  const tab = within(settings.getByRole('region', { name: 'Multi-factor authentication' }));
  return { ...rendered, settings, tab };
}

describe('Settings → Security', () => {
  it('turns MFA on: password, QR code and key, the first code, then the recovery codes once', async () => {
    let status = OFF;
    const { user, tab, fake, services } = await openSecurityTab({
      ...fakeRoute(apiRoutes.mfa.status, () => ({ body: status })),
      ...fakeRoute(apiRoutes.mfa.startSetup, (request) =>
        (request.body as StartMfaSetupInput).password === 'correct horse'
          ? { body: SETUP }
          : errorReply(400, 'invalid_credentials', errorMessages.invalid_credentials),
      ),
      ...fakeRoute(apiRoutes.mfa.confirmSetup, () => {
        status = ON;
        return { body: { recoveryCodes: CODES, status: ON } };
      }),
    });
    expect(await tab.findByText('Off')).toBeInTheDocument();
    await user.click(tab.getByRole('button', { name: 'Turn on' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Turn on multi-factor authentication' }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Enter your password')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Password'), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Invalid login credentials')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Password'));
    await user.type(dialog.getByLabelText('Password'), 'correct horse');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    const qr = await dialog.findByRole('img', {
      name: 'QR code that adds your Doppel account to an authenticator app',
    });
    expect(qr).toHaveAttribute('src', SETUP.qrCodeDataUrl);
    expect(dialog.getByLabelText('Setup key')).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const code = dialog.getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12');
    await user.click(dialog.getByRole('button', { name: 'Turn on' }));
    expect(await dialog.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.mfa.confirmSetup)).toHaveLength(0);
    await user.type(code, '3 456');
    await user.click(dialog.getByRole('button', { name: 'Turn on' }));

    const codesDialog = within(await screen.findByRole('dialog', { name: 'Save your recovery codes' }));
    expect(fake.callsTo(apiRoutes.mfa.confirmSetup)[0]!.body).toEqual({ code: '123456' });
    const list = codesDialog.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await user.click(codesDialog.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();

    const done = codesDialog.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(codesDialog.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(done);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Save your recovery codes' })).not.toBeInTheDocument(),
    );
    expect(tab.getByText('On')).toBeInTheDocument();
    expect(tab.getByText('10 unused recovery codes left')).toBeInTheDocument();
    expect(services.session.session?.user.mfaEnabled).toBe(true);
  });

  it('makes new recovery codes for a current code', async () => {
    const { user, tab, fake } = await openSecurityTab({
      ...fakeRoute(apiRoutes.mfa.status, { body: { ...ON, recoveryCodesLeft: 2 } }),
      ...fakeRoute(apiRoutes.mfa.regenerateRecoveryCodes, { body: { recoveryCodes: CODES, status: ON } }),
    });
    expect(await tab.findByText('2 unused recovery codes left')).toBeInTheDocument();
    expect(tab.getByText(/^You are running out of recovery codes\./)).toBeInTheDocument();
    await user.click(tab.getByRole('button', { name: 'New recovery codes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New recovery codes' }));
    await user.type(dialog.getByLabelText('Code from the app'), '654321');
    await user.click(dialog.getByRole('button', { name: 'Make new codes' }));

    const codesDialog = within(await screen.findByRole('dialog', { name: 'Save your recovery codes' }));
    expect(codesDialog.getByText('Your old recovery codes no longer work.')).toBeInTheDocument();
    expect(codesDialog.getAllByRole('listitem')).toHaveLength(10);
    expect(fake.callsTo(apiRoutes.mfa.regenerateRecoveryCodes)[0]!.body).toEqual({ code: '654321' });
    expect(tab.getByText('10 unused recovery codes left')).toBeInTheDocument();
  });

  it('turns MFA off with a code from the app, saying so when the code is wrong', async () => {
    const session = makeSession({ user: { mfaEnabled: true } });
    const { user, tab, fake, services } = await openSecurityTab(
      {
        ...fakeRoute(apiRoutes.mfa.status, { body: ON }),
        ...fakeRoute(apiRoutes.mfa.disable, (request) =>
          (request.body as { code?: string }).code === '111111'
            ? { body: OFF }
            : errorReply(400, 'mfa_code_invalid', errorMessages.mfa_code_invalid),
        ),
      },
      session,
    );
    await user.click(await tab.findByRole('button', { name: 'Turn off' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Turn off multi-factor authentication' }),
    );
    expect(dialog.getByLabelText('Password')).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Confirm with a code from the app instead' }));
    await user.type(dialog.getByLabelText('Code from the app'), '222222');
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      /^That code is not right or was already used\./,
    );

    await user.clear(dialog.getByLabelText('Code from the app'));
    await user.type(dialog.getByLabelText('Code from the app'), '111111');
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Multi-factor authentication is off')).toBeInTheDocument();
    expect(await tab.findByText('Off')).toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.mfa.disable).map((call) => call.body)).toEqual([
      { code: '222222' },
      { code: '111111' },
    ]);
    expect(services.session.session?.user.mfaEnabled).toBe(false);
  });

  it('says it is loading, and offers a retry when the status cannot be loaded', async () => {
    type Reply = RouteReply<typeof apiRoutes.mfa.status>;
    let answer: (reply: Reply) => void = () => {};
    const broken = errorReply(500, 'internal');
    let calls = 0;
    const { user, tab, fake } = await openSecurityTab({
      // The first answer waits for the test; the automatic retries fail at once.
      ...fakeRoute(apiRoutes.mfa.status, () =>
        calls++ === 0 ? new Promise<Reply>((resolve) => (answer = resolve)) : broken,
      ),
    });
    expect(await tab.findByRole('status')).toHaveTextContent('Loading your security settings…');
    answer(broken);
    expect(await tab.findByRole('alert')).toHaveTextContent('Could not load your security settings');
    fake.fake(apiRoutes.mfa.status, { body: OFF });
    await user.click(tab.getByRole('button', { name: 'Try again' }));
    expect(await tab.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('is not offered in a demo sandbox', async () => {
    const { tab } = await openSecurityTab(
      { ...fakeRoute(apiRoutes.mfa.status, { body: OFF }) },
      makeSession({ user: { isDemo: true } }),
    );
    expect(
      await tab.findByText(
        'Multi-factor authentication is not available in the demo. Create an account to use it.',
      ),
    ).toBeInTheDocument();
    expect(tab.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });
});
