import { routes as apiRoutes, type UserSettings } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, fakeRoute, routeKey } from '@/test-support/fake-api';
import {
  renderWithProviders,
  sampleSettings,
  signedInRoutes,
  type ServerRoutes,
} from '@/test-support/render-with-providers';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { SettingsDialog } from './settings-dialog';

/** Dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

/** A settings server holding the user's settings: GET reads them, PATCH merges the body in. */
function settingsServer(initial: Partial<UserSettings> = {}, extra: ServerRoutes = {}): ServerRoutes {
  let settings = sampleSettings(initial);
  return {
    ...signedInRoutes(),
    ...fakeRoute(apiRoutes.settings.get, () => ({ body: settings })),
    ...fakeRoute(apiRoutes.settings.update, ({ body }) => {
      settings = { ...settings, ...(body as Partial<UserSettings>) };
      return { body: settings };
    }),
    ...extra,
  };
}

/** Opens Settings → Language, where the theme is chosen. */
async function openTheme(server: ServerRoutes) {
  const rendered = renderWithProviders(
    <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
    { server },
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  await rendered.user.click(dialog.getByRole('tab', { name: 'Language' }));
  const group = within(await dialog.findByRole('group', { name: 'Theme' }));
  return { ...rendered, dialog, group };
}

const root = document.documentElement;

afterEach(() => {
  root.classList.remove('light', 'dark');
});

describe('theme setting', () => {
  it(
    'shows the saved theme, applies Dark at once, saves it and remembers it on this device',
    async () => {
      const { user, fake, group } = await openTheme(settingsServer({ theme: 'system' }));
      expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
      expect(group.getByRole('radio', { name: 'Light' })).not.toBeChecked();
      expect(screen.getByRole('group', { name: 'Theme' })).toHaveAccessibleDescription(
        "System follows your device's light or dark setting.",
      );

      await user.click(group.getByRole('radio', { name: 'Dark' }));
      expect(root).toHaveClass('dark');
      expect(root).not.toHaveClass('light');
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
      expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.settings.update).map((call) => call.body)).toEqual([{ theme: 'dark' }]),
      );

      // The keyboard moves the choice like any radio group.
      await user.keyboard('{ArrowRight}');
      expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
      expect(group.getByRole('radio', { name: 'System' })).toHaveFocus();
      expect(root).not.toHaveClass('dark');
      expect(root).not.toHaveClass('light');
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.settings.update).map((call) => call.body)).toEqual([
          { theme: 'dark' },
          { theme: 'system' },
        ]),
      );
    },
    SLOW,
  );

  it(
    'puts the saved theme back and says so when the save fails',
    async () => {
      const { user, group } = await openTheme(
        settingsServer(
          { theme: 'light' },
          { [routeKey(apiRoutes.settings.update)]: errorReply(500, 'internal', '') },
        ),
      );
      expect(group.getByRole('radio', { name: 'Light' })).toBeChecked();

      await user.click(group.getByRole('radio', { name: 'Dark' }));
      expect(await screen.findByText('Failed to save the theme')).toBeInTheDocument();
      expect(group.getByRole('radio', { name: 'Light' })).toBeChecked();
      expect(group.getByRole('radio', { name: 'Dark' })).not.toBeChecked();
      expect(root).toHaveClass('light');
      expect(root).not.toHaveClass('dark');
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    },
    SLOW,
  );
});
