import { routes as apiRoutes } from '@doppel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { errorReply, fakeRoute } from '@/test-support/fake-api';
import { renderWithProviders, type ServerRoutes } from '@/test-support/render-with-providers';
import { makeSource, signalsServer } from '../test-support/signals-server';
import { SignalsPage } from './signals-page';

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

function renderSignals(routes: ServerRoutes) {
  return renderWithProviders(<Route path="/signals" element={<SignalsPage />} />, {
    path: '/signals',
    server: routes,
  });
}

type User = ReturnType<typeof renderSignals>['user'];

async function openAdd(user: User) {
  await screen.findByRole('heading', { level: 2, name: 'Sources' });
  await user.click(screen.getAllByRole('button', { name: 'Add source' })[0]!);
  return screen.findByRole('dialog', { name: 'Add a source' });
}

const submit = (dialog: HTMLElement, name = 'Add source') => within(dialog).getByRole('button', { name });

describe('Add a news feed', () => {
  it(
    'refuses a bad address beside the field, then sends the feed with its keywords',
    async () => {
      const { routes } = signalsServer([]);
      const { user, fake } = renderSignals(routes);
      const dialog = await openAdd(user);
      expect(within(dialog).getByRole('tab', { name: 'News feed' })).toHaveAttribute('aria-selected', 'true');

      await user.click(submit(dialog));
      expect(await within(dialog).findByText('Enter the feed\u2019s address.')).toBeInTheDocument();

      const url = within(dialog).getByRole('textbox', { name: 'Feed address' });
      await user.type(url, 'ftp://news.example/feed');
      expect(within(dialog).queryByText('Enter the feed\u2019s address.')).not.toBeInTheDocument();
      await user.click(submit(dialog));
      expect(
        await within(dialog).findByText('Enter a full address that starts with http:// or https://.'),
      ).toBeInTheDocument();
      expect(url).toHaveAttribute('aria-invalid', 'true');
      expect(url).toHaveAccessibleDescription('Enter a full address that starts with http:// or https://.');
      expect(fake.callsTo(apiRoutes.signals.createSource)).toHaveLength(0);

      await user.clear(url);
      await user.type(url, '  https://techcrunch.com/feed/ ');
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Keywords' }),
        'pricing, Pricing,  hiring ,',
      );
      await user.click(submit(dialog));

      await waitFor(() => expect(fake.callsTo(apiRoutes.signals.createSource)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.signals.createSource)[0]!.body).toEqual({
        kind: 'rss',
        url: 'https://techcrunch.com/feed/',
        keywords: ['pricing', 'hiring'],
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByRole('article', { name: 'techcrunch.com' })).toBeInTheDocument();
      expect(await screen.findByText('“techcrunch.com” added.')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'sends a name when one is given, and keeps the form when the server refuses',
    async () => {
      const { routes } = signalsServer([makeSource({ url: 'https://hn.example/rss' })]);
      const { user, fake } = renderSignals(routes);
      const dialog = await openAdd(user);
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Feed address' }),
        'https://hn.example/rss',
      );
      await user.type(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), 'Hacker News');
      await user.click(submit(dialog));

      // The refusal's reason is worded here; the server's English sentence is not shown.
      expect(await screen.findByText('You already follow this news feed.')).toBeInTheDocument();
      expect(screen.queryByText('You already follow this feed.')).not.toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.signals.createSource)[0]!.body).toEqual({
        kind: 'rss',
        url: 'https://hn.example/rss',
        name: 'Hacker News',
        keywords: [],
      });
      expect(screen.getByRole('dialog', { name: 'Add a source' })).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Name (optional)' })).toHaveValue('Hacker News');
    },
    SLOW,
  );

  it(
    'words the server’s refusal in the interface language',
    async () => {
      await act(() => i18n.changeLanguage('ru'));
      const { routes } = signalsServer([makeSource({ url: 'https://hn.example/rss' })]);
      const { user } = renderSignals(routes);
      await screen.findByRole('heading', { level: 2, name: 'Источники' });
      await user.click(screen.getAllByRole('button', { name: 'Добавить источник' })[0]!);
      const dialog = await screen.findByRole('dialog', { name: 'Новый источник' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Адрес ленты' }), 'https://hn.example/rss');
      await user.click(submit(dialog, 'Добавить источник'));

      expect(await screen.findByText('Вы уже следите за этой новостной лентой.')).toBeInTheDocument();
      expect(screen.queryByText('You already follow this feed.')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the server’s field problems beside the fields',
    async () => {
      const { routes } = signalsServer([]);
      const { user } = renderSignals({
        ...routes,
        ...fakeRoute(
          apiRoutes.signals.createSource,
          errorReply(400, 'validation_failed', 'Please fill in all required fields', {
            fields: { url: 'urlInvalid' },
          }),
        ),
      });
      const dialog = await openAdd(user);
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Feed address' }),
        'https://x.example/feed',
      );
      await user.click(submit(dialog));
      expect(
        await within(dialog).findByText('Enter a full address that starts with http:// or https://.'),
      ).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Follow a subreddit', () => {
  it(
    'refuses a bad name, then sends the subreddit without r/ and with its keywords',
    async () => {
      const { routes } = signalsServer([]);
      const { user, fake } = renderSignals(routes);
      const dialog = await openAdd(user);
      await user.click(within(dialog).getByRole('tab', { name: 'Subreddit' }));
      const name = within(dialog).getByRole('textbox', { name: 'Subreddit' });

      await user.type(name, 'no spaces-allowed');
      await user.click(submit(dialog));
      const problem = 'A subreddit\u2019s name has 2 to 21 letters, digits or underscores.';
      expect(await within(dialog).findByText(problem)).toBeInTheDocument();
      await user.clear(name);
      await user.type(name, 'a');
      await user.click(submit(dialog));
      expect(await within(dialog).findByText(problem)).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.signals.createSource)).toHaveLength(0);

      await user.clear(name);
      await user.type(name, '/r/startups/');
      await user.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), 'founder, B2B SaaS');
      await user.click(submit(dialog));
      await waitFor(() => expect(fake.callsTo(apiRoutes.signals.createSource)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.signals.createSource)[0]!.body).toEqual({
        kind: 'reddit',
        subreddit: 'startups',
        keywords: ['founder', 'B2B SaaS'],
      });
      expect(await screen.findByRole('article', { name: 'r/startups' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'keeps what was typed in each tab while another is looked at',
    async () => {
      const { routes } = signalsServer([]);
      const { user } = renderSignals(routes);
      const dialog = await openAdd(user);
      await user.type(within(dialog).getByRole('textbox', { name: 'Feed address' }), 'https://a.example/rss');
      await user.click(within(dialog).getByRole('tab', { name: 'Subreddit' }));
      await user.click(within(dialog).getByRole('tab', { name: 'News feed' }));
      expect(within(dialog).getByRole('textbox', { name: 'Feed address' })).toHaveValue(
        'https://a.example/rss',
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    SLOW,
  );
});

describe('Set the content plan', () => {
  it(
    'refuses a cadence of 0 or 15 and no platform, then creates the plan',
    async () => {
      const { routes } = signalsServer([]);
      const { user, fake } = renderSignals(routes);
      const dialog = await openAdd(user);
      await user.click(within(dialog).getByRole('tab', { name: 'Content plan' }));
      const cadence = within(dialog).getByRole('spinbutton', { name: 'Posts per week' });
      expect(cadence).toHaveValue(3);
      const linkedin = within(dialog).getByRole('checkbox', { name: 'LinkedIn' });
      const reddit = within(dialog).getByRole('checkbox', { name: 'Reddit' });
      expect(linkedin).toBeChecked();
      expect(reddit).not.toBeChecked();
      const problem = 'Choose from 1 to 14 posts per week.';

      for (const value of ['0', '15', '']) {
        await user.clear(cadence);
        if (value) await user.type(cadence, value);
        await user.click(submit(dialog, 'Create plan'));
        expect(await within(dialog).findByText(problem)).toBeInTheDocument();
      }

      await user.clear(cadence);
      await user.type(cadence, '5');
      await user.click(linkedin);
      await user.click(submit(dialog, 'Create plan'));
      expect(await within(dialog).findByText('Choose at least one platform.')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.signals.createSource)).toHaveLength(0);

      await user.click(reddit);
      await user.click(linkedin);
      await user.click(submit(dialog, 'Create plan'));
      await waitFor(() => expect(fake.callsTo(apiRoutes.signals.createSource)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.signals.createSource)[0]!.body).toEqual({
        kind: 'content_plan',
        cadencePerWeek: 5,
        platforms: ['linkedin', 'reddit'],
      });
      const plan = await screen.findByRole('article', { name: 'Content plan' });
      expect(within(plan).getByText('Posts per week: 5 · LinkedIn and Reddit')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'changes the existing plan with PATCH instead of adding a second one',
    async () => {
      const plan = makeSource({
        kind: 'content_plan',
        name: 'Content plan',
        url: null,
        cadencePerWeek: 2,
        platforms: ['reddit'],
      });
      const { routes } = signalsServer([plan]);
      const { user, fake } = renderSignals(routes);
      const dialog = await openAdd(user);
      await user.click(within(dialog).getByRole('tab', { name: 'Content plan' }));
      expect(within(dialog).getByText(/You already have a content plan/)).toBeInTheDocument();
      const cadence = within(dialog).getByRole('spinbutton', { name: 'Posts per week' });
      expect(cadence).toHaveValue(2);
      expect(within(dialog).getByRole('checkbox', { name: 'Reddit' })).toBeChecked();

      await user.clear(cadence);
      await user.type(cadence, '14');
      await user.click(submit(dialog, 'Save plan'));
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.signals.updateSource, { id: plan.id })).toHaveLength(1),
      );
      expect(fake.callsTo(apiRoutes.signals.updateSource, { id: plan.id })[0]!.body).toEqual({
        cadencePerWeek: 14,
        platforms: ['reddit'],
      });
      expect(fake.callsTo(apiRoutes.signals.createSource)).toHaveLength(0);
      const card = await screen.findByRole('article', { name: 'Content plan' });
      expect(await within(card).findByText('Posts per week: 14 · Reddit')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Edit a source', () => {
  it(
    'renames a feed and changes its keywords with PATCH',
    async () => {
      const source = makeSource({ name: 'Feed', keywords: ['pricing'] });
      const { routes } = signalsServer([source]);
      const { user, fake } = renderSignals(routes);
      const card = await screen.findByRole('article', { name: 'Feed' });
      await user.click(within(card).getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit “Feed”' });
      const name = within(dialog).getByRole('textbox', { name: 'Name' });
      const keywords = within(dialog).getByRole('textbox', { name: 'Keywords' });
      expect(keywords).toHaveValue('pricing');

      await user.clear(name);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();

      await user.type(name, 'TechCrunch');
      await user.type(keywords, ', churn');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.signals.updateSource, { id: source.id })).toHaveLength(1),
      );
      expect(fake.callsTo(apiRoutes.signals.updateSource, { id: source.id })[0]!.body).toEqual({
        name: 'TechCrunch',
        keywords: ['pricing', 'churn'],
      });
      const renamed = await screen.findByRole('article', { name: 'TechCrunch' });
      expect(within(renamed).getByText('churn')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows its own and the server’s problems under the fields they belong to',
    async () => {
      const source = makeSource({ name: 'Feed', keywords: ['pricing'] });
      const { routes } = signalsServer([source]);
      const { user, fake } = renderSignals({
        ...routes,
        ...fakeRoute(
          apiRoutes.signals.updateSource,
          { id: source.id },
          errorReply(400, 'validation_failed', 'Invalid', {
            fields: { 'keywords.1': 'keywordRequired' },
          }),
        ),
      });
      const card = await screen.findByRole('article', { name: 'Feed' });
      await user.click(within(card).getByRole('button', { name: 'Edit' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit “Feed”' }));
      const name = dialog.getByRole('textbox', { name: 'Name' });
      const keywords = dialog.getByRole('textbox', { name: 'Keywords' });

      await user.clear(name);
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(name).toHaveAccessibleDescription('Name is required'));
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(keywords).toHaveAttribute('aria-invalid', 'false');
      expect(fake.callsTo(apiRoutes.signals.updateSource, { id: source.id })).toHaveLength(0);

      await user.type(name, 'TechCrunch');
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(keywords).toHaveAccessibleDescription('A keyword cannot be empty.'));
      expect(keywords).toHaveAttribute('aria-invalid', 'true');
      expect(name).not.toHaveAccessibleDescription();
    },
    SLOW,
  );
});
