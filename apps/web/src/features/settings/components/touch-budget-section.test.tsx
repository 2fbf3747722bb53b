import { type AiModelList, routes as apiRoutes, type UserSettings } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeRoute, routeKey } from '@/test-support/fake-api';
import {
  renderWithProviders,
  sampleSettings,
  signedInRoutes,
  type ServerRoutes,
} from '@/test-support/render-with-providers';
import { SettingsDialog } from './settings-dialog';

const models: AiModelList = {
  items: [
    {
      id: 'offline',
      kind: 'offline',
      useFor: 'writing',
      name: 'Offline drafting engine',
      provider: 'offline',
      modelId: null,
      baseUrl: null,
      hasApiKey: false,
      readOnly: true,
      isDefault: true,
      createdAt: null,
      updatedAt: null,
    },
  ],
  defaultModelId: 'offline',
  temperature: 0.7,
};

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

const HINT = /^At most \d+ campaign messages? per person in any 7 days, across all campaigns and channels\.$/;

/** A settings server holding the user's settings: GET reads them, PATCH merges the body in. */
function settingsServer(initial: Partial<UserSettings> = {}, extra: ServerRoutes = {}) {
  let settings = sampleSettings({ touchesPerWeek: 3, ...initial });
  return {
    ...signedInRoutes(),
    ...fakeRoute(apiRoutes.ai.listModels, { body: models }),
    ...fakeRoute(apiRoutes.settings.get, () => ({ body: settings })),
    ...fakeRoute(apiRoutes.settings.update, ({ body }) => {
      settings = { ...settings, ...(body as Partial<UserSettings>) };
      return { body: settings };
    }),
    ...extra,
  };
}

/** Opens Settings → AI models, where the touch budget is. */
async function openTouchBudget(server: ServerRoutes) {
  const rendered = renderWithProviders(
    <Route path="*" element={<SettingsDialog open onOpenChange={() => {}} />} />,
    { server },
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
  await waitFor(() => expect(rendered.services.session.getState().status).toBe('signedIn'));
  await rendered.user.click(dialog.getByRole('tab', { name: 'AI models' }));
  const section = within(await dialog.findByRole('region', { name: 'Campaign outreach' }));
  return { ...rendered, dialog, section };
}

describe('touch budget setting', () => {
  it(
    'shows the saved budget and what it means, then saves a new one',
    async () => {
      const { user, fake, section } = await openTouchBudget(settingsServer({ touchesPerWeek: 5 }));
      const field = await section.findByRole('spinbutton', { name: 'Touch budget' });
      expect(field).toHaveValue(5);
      expect(field).toHaveAttribute('min', '1');
      expect(field).toHaveAttribute('max', '20');
      expect(field).toHaveAccessibleDescription(
        'At most 5 campaign messages per person in any 7 days, across all campaigns and channels.',
      );

      await user.clear(field);
      await user.type(field, '1');
      // The sentence follows what is typed, in the singular for one.
      expect(field).toHaveAccessibleDescription(
        'At most 1 campaign message per person in any 7 days, across all campaigns and channels.',
      );
      await user.type(field, '2');
      await user.click(section.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Touch budget saved')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.settings.update).map((call) => call.body)).toEqual([
        { touchesPerWeek: 12 },
      ]);
      expect(field).toHaveValue(12);
      expect(field).toHaveAccessibleDescription(HINT);
      expect(field).toHaveAttribute('aria-invalid', 'false');
    },
    SLOW,
  );

  it(
    'refuses a figure out of 1–20, or not a whole number, with the range, and saves nothing',
    async () => {
      const { user, fake, section } = await openTouchBudget(settingsServer());
      const field = await section.findByRole('spinbutton', { name: 'Touch budget' });
      expect(field).toHaveValue(3);

      for (const typed of ['', '0', '21', '2.5']) {
        await user.clear(field);
        if (typed) await user.type(field, typed);
        await user.click(section.getByRole('button', { name: 'Save' }));
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(field).toHaveAccessibleDescription('Enter a whole number from 1 to 20.');
        expect(section.getByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 20.');
      }
      expect(fake.callsTo(apiRoutes.settings.update)).toHaveLength(0);

      // Editing takes the error away; the edges are accepted.
      await user.clear(field);
      expect(field).toHaveAttribute('aria-invalid', 'false');
      await user.type(field, '20');
      await user.keyboard('{Enter}');
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.settings.update).map((call) => call.body)).toEqual([
          { touchesPerWeek: 20 },
        ]),
      );
      expect(field).toHaveAccessibleDescription(
        'At most 20 campaign messages per person in any 7 days, across all campaigns and channels.',
      );
    },
    SLOW,
  );

  it(
    'keeps what was typed and says so when the save fails',
    async () => {
      const { user, section } = await openTouchBudget(
        settingsServer({}, { [routeKey(apiRoutes.settings.update)]: errorReply(500, 'internal', '') }),
      );
      const field = await section.findByRole('spinbutton', { name: 'Touch budget' });
      await user.clear(field);
      await user.type(field, '7');
      await user.click(section.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Failed to save the touch budget')).toBeInTheDocument();
      expect(field).toHaveValue(7);
      expect(field).toHaveAccessibleDescription(
        'At most 7 campaign messages per person in any 7 days, across all campaigns and channels.',
      );
    },
    SLOW,
  );

  it(
    'says when the settings cannot be loaded, and loads them again on retry',
    async () => {
      let fail = true;
      const server = settingsServer({ touchesPerWeek: 4 });
      const get = server[routeKey(apiRoutes.settings.get)]!;
      const { user, section } = await openTouchBudget({
        ...server,
        [routeKey(apiRoutes.settings.get)]: (request) =>
          fail ? errorReply(500, 'internal', '') : typeof get === 'function' ? get(request) : get,
      });
      const alert = await section.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to load the touch budget');
      expect(section.queryByRole('spinbutton')).not.toBeInTheDocument();

      fail = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await section.findByRole('spinbutton', { name: 'Touch budget' })).toHaveValue(4);
    },
    SLOW,
  );
});
