import { routes as apiRoutes, type SignalSourceList } from '@doppel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { errorReply, fakeRoute } from '@/test-support/fake-api';
import { renderWithProviders, type ServerRoutes } from '@/test-support/render-with-providers';
import { makeItem, makeSource, signalsServer } from '../test-support/signals-server';
import { SignalsPage } from './signals-page';

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

function renderSignals(routes: ServerRoutes, { width = 1280 } = {}) {
  return renderWithProviders(
    <>
      <Route path="/signals" element={<SignalsPage />} />
      <Route path="/actions" element={<p>Assistant page</p>} />
    </>,
    { path: '/signals', width, server: routes },
  );
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const card = (name: string) => screen.getByRole('article', { name });

/** The value shown for a figure of a <dl> (its <dt> text → the <dd> after it). */
function figure(scope: HTMLElement, label: string): string | null | undefined {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const techCrunch = () =>
  makeSource({
    name: 'TechCrunch',
    url: 'https://techcrunch.com/feed/',
    keywords: ['pricing', 'fundraising'],
    lastFetchedAt: minutesFromNow(-5),
    nextFetchAt: minutesFromNow(25),
    itemsSeen: 1234,
    tasksCreated: 7,
  });

const startups = () =>
  makeSource({
    kind: 'reddit',
    name: 'r/startups',
    url: null,
    subreddit: 'startups',
    keywords: [],
    lastFetchedAt: minutesFromNow(-120),
    nextFetchAt: minutesFromNow(10),
    itemsSeen: 40,
    tasksCreated: 2,
    lastError: 'reddit_not_connected',
  });

const plan = () =>
  makeSource({
    kind: 'content_plan',
    name: 'Content plan',
    url: null,
    cadencePerWeek: 3,
    platforms: ['linkedin', 'reddit'],
    isActive: false,
    itemsSeen: 4,
    tasksCreated: 4,
  });

describe('Signals list', () => {
  it(
    'shows each source with what it follows, its keywords, its state and its last error',
    async () => {
      const { routes } = signalsServer([techCrunch(), startups(), plan()]);
      renderSignals(routes);

      expect(await screen.findByRole('heading', { level: 1, name: 'Signals' })).toBeInTheDocument();
      const list = await screen.findByRole('list', { name: 'Signal sources' });
      expect(
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['TechCrunch', 'r/startups', 'Content plan']);

      const feed = card('TechCrunch');
      expect(within(feed).getByText('News feed')).toBeInTheDocument();
      expect(within(feed).getByText('https://techcrunch.com/feed/')).toBeInTheDocument();
      expect(within(feed).getByText('Active')).toBeInTheDocument();
      const keywords = within(feed).getByRole('list', { name: 'Keywords' });
      expect(
        within(keywords)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['pricing', 'fundraising']);
      expect(figure(feed, 'Last fetched')).toBe('5 minutes ago');
      expect(figure(feed, 'Next poll')).toBe('in 25 minutes');
      expect(figure(feed, 'Items seen')).toBe('1,234');
      expect(figure(feed, 'Tasks made')).toBe('7');
      expect(within(feed).queryByText('The last poll failed')).not.toBeInTheDocument();
      expect(within(feed).queryByText('Sample')).not.toBeInTheDocument();

      const subreddit = card('r/startups');
      expect(within(subreddit).getByText('Subreddit')).toBeInTheDocument();
      expect(figure(subreddit, 'Last fetched')).toBe('2 hours ago');
      expect(within(subreddit).getByText(/items that match your persona/)).toBeInTheDocument();
      expect(within(subreddit).getByText('The last poll failed')).toBeInTheDocument();
      expect(
        // The server's code, worded in the user's language.
        within(subreddit).getByText(
          'Connect your Reddit account in Settings → Messengers: Reddit only lets signed-in apps read subreddits.',
        ),
      ).toBeInTheDocument();

      const contentPlan = card('Content plan');
      expect(within(contentPlan).getByText('Posts per week: 3 · LinkedIn and Reddit')).toBeInTheDocument();
      expect(within(contentPlan).getAllByText('Paused').length).toBeGreaterThan(0);
      expect(figure(contentPlan, 'Last fetched')).toBe('Never');
      expect(figure(contentPlan, 'Next post slot')).toBe('Paused');
      expect(within(contentPlan).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
      expect(within(contentPlan).getByRole('button', { name: 'Poll now' })).toBeDisabled();
      expect(within(contentPlan).getByRole('button', { name: 'Poll now' })).toHaveAccessibleDescription(
        'Paused: nothing is polled until you resume it.',
      );
    },
    SLOW,
  );

  it(
    'words a news feed’s problem in the interface language; an English sentence of an older poll stays as it was',
    async () => {
      const gone = makeSource({
        name: 'Gone Weekly',
        url: 'https://gone.example.com/feed',
        lastError: 'feed_not_found',
      });
      const page = makeSource({
        name: 'Not a feed',
        url: 'https://example.com/',
        lastError: 'feed_unreadable',
      });
      const older = makeSource({
        name: 'Older',
        url: 'https://older.example.com/feed',
        lastError: 'The feed answered with HTTP 500.',
      });
      const { routes } = signalsServer([gone, page, older]);
      renderSignals(routes);

      expect(
        await within(await screen.findByRole('article', { name: 'Gone Weekly' })).findByText(
          'The site says there is no feed at this address: it may have moved. Find its current address on the site and add it as a new source.',
        ),
      ).toBeInTheDocument();
      expect(
        within(card('Not a feed')).getByText(
          'This address does not answer with an RSS, Atom or JSON feed. It may be a web page: look on the site for its feed link and add that address as a new source.',
        ),
      ).toBeInTheDocument();
      expect(within(card('Older')).getByText('The feed answered with HTTP 500.')).toBeInTheDocument();

      await act(() => i18n.changeLanguage('de'));
      expect(
        await within(card('Gone Weekly')).findByText(
          'Laut der Website gibt es unter dieser Adresse keinen Feed; vielleicht ist er umgezogen. Suchen Sie seine aktuelle Adresse auf der Website und fügen Sie sie als neue Quelle hinzu.',
        ),
      ).toBeInTheDocument();
      expect(
        within(card('Gone Weekly')).getByText('Der letzte Abruf ist fehlgeschlagen'),
      ).toBeInTheDocument();
      expect(within(card('Older')).getByText('The feed answered with HTTP 500.')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'formats figures and times for the interface language',
    async () => {
      await act(() => i18n.changeLanguage('ru'));
      const { routes } = signalsServer([techCrunch()]);
      renderSignals(routes);
      const feed = await screen.findByRole('article', { name: 'TechCrunch' });
      expect(figure(feed, 'Последний опрос')).toBe('5 минут назад');
      expect(figure(feed, 'Элементов просмотрено')).toBe('1\u00a0234');
    },
    SLOW,
  );

  it(
    'shows placeholders while loading, then an empty state whose action opens the add dialog',
    async () => {
      let answer: (reply: { body: SignalSourceList }) => void = () => {};
      const { routes } = signalsServer([]);
      const { user } = renderSignals({
        ...routes,
        ...fakeRoute(apiRoutes.signals.sources, () => new Promise((resolve) => (answer = resolve))),
      });
      expect(await screen.findByText('Loading sources…')).toBeInTheDocument();
      answer({ body: { items: [], pollingEnabled: true } });

      expect(
        await screen.findByText('No sources yet: add a news feed, a subreddit or a content plan.'),
      ).toBeInTheDocument();
      const addButtons = screen.getAllByRole('button', { name: 'Add source' });
      expect(addButtons).toHaveLength(2);
      await user.click(addButtons[1]!);
      expect(await screen.findByRole('dialog', { name: 'Add a source' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a failed load with a retry that loads again',
    async () => {
      const { routes } = signalsServer([techCrunch()]);
      let failing = true;
      const { user } = renderSignals({
        ...routes,
        ...fakeRoute(apiRoutes.signals.sources, () =>
          failing ? errorReply(500, 'internal') : { body: { items: [techCrunch()], pollingEnabled: true } },
        ),
      });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The sources could not be loaded.');
      failing = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('article', { name: 'TechCrunch' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'lists a source’s recent items, each linking to the task it made',
    async () => {
      const source = techCrunch();
      const { routes } = signalsServer([source], {
        items: {
          [source.id]: [
            makeItem({
              sourceId: source.id,
              title: 'Acme raises a Series B',
              url: 'https://techcrunch.com/acme',
              taskId: 'task-42',
              seenAt: minutesFromNow(-30),
            }),
            makeItem({ sourceId: source.id, title: 'Weather in Berlin', seenAt: minutesFromNow(-60) }),
          ],
        },
      });
      const { user, fake, location } = renderSignals(routes);
      const feed = await screen.findByRole('article', { name: 'TechCrunch' });
      const toggle = within(feed).getByRole('button', { name: 'Recent items' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');

      const items = await within(feed).findByRole('list', { name: 'Recent items of TechCrunch' });
      expect(fake.callsTo(apiRoutes.signals.sourceItems, { id: source.id })[0]!.query.get('limit')).toBe(
        '20',
      );
      const rows = within(items).getAllByRole('listitem');
      expect(rows).toHaveLength(2);
      const article = within(rows[0]!).getByRole('link', {
        name: 'Acme raises a Series B (opens in a new tab)',
      });
      expect(article).toHaveAttribute('href', 'https://techcrunch.com/acme');
      expect(article).toHaveAttribute('target', '_blank');
      expect(article).toHaveAttribute('rel', 'noopener noreferrer');
      expect(within(rows[0]!).getByText('Seen 30 minutes ago')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('No task: it did not match')).toBeInTheDocument();

      await user.click(within(rows[0]!).getByRole('link', { name: 'Open task: Acme raises a Series B' }));
      expect(location().pathname).toBe('/actions');
      expect(location().search).toBe('?task=task-42');
    },
    SLOW,
  );

  it(
    'works on a phone: the same cards and actions, a back link to the Assistant',
    async () => {
      const { routes } = signalsServer([techCrunch()]);
      const { user, location } = renderSignals(routes, { width: 390 });
      const feed = await screen.findByRole('article', { name: 'TechCrunch' });
      expect(within(feed).getByRole('button', { name: 'Poll now' })).toBeEnabled();
      await user.click(screen.getByRole('link', { name: 'Assistant' }));
      expect(location().pathname).toBe('/actions');
    },
    SLOW,
  );
});

describe('Signals actions', () => {
  it(
    'pauses and resumes a source with PATCH isActive',
    async () => {
      const source = techCrunch();
      const { routes } = signalsServer([source]);
      const { user, fake } = renderSignals(routes);
      const feed = await screen.findByRole('article', { name: 'TechCrunch' });

      await user.click(within(feed).getByRole('button', { name: 'Pause' }));
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.signals.updateSource, { id: source.id })).toHaveLength(1),
      );
      expect(fake.callsTo(apiRoutes.signals.updateSource, { id: source.id })[0]!.body).toEqual({
        isActive: false,
      });
      expect(await within(feed).findByRole('button', { name: 'Resume' })).toBeInTheDocument();
      expect(figure(feed, 'Next poll')).toBe('Paused');
      expect(await screen.findByText('“TechCrunch” paused.')).toBeInTheDocument();

      await user.click(within(feed).getByRole('button', { name: 'Resume' }));
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.signals.updateSource, { id: source.id })).toHaveLength(2),
      );
      expect(fake.callsTo(apiRoutes.signals.updateSource, { id: source.id })[1]!.body).toEqual({
        isActive: true,
      });
      expect(await within(feed).findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'asks before removing: Cancel keeps the source, Remove deletes it',
    async () => {
      const source = techCrunch();
      const { routes } = signalsServer([source, startups()]);
      const { user, fake } = renderSignals(routes);
      const feed = await screen.findByRole('article', { name: 'TechCrunch' });

      await user.click(within(feed).getByRole('button', { name: 'Remove' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Remove “TechCrunch”?' });
      expect(dialog).toHaveTextContent('The tasks it made stay in the Assistant');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.signals.deleteSource, { id: source.id })).toHaveLength(0);

      await user.click(within(feed).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByRole('alertdialog', { name: 'Remove “TechCrunch”?' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.signals.deleteSource, { id: source.id })).toHaveLength(0);

      await user.click(within(feed).getByRole('button', { name: 'Remove' }));
      dialog = await screen.findByRole('alertdialog', { name: 'Remove “TechCrunch”?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'TechCrunch' })).not.toBeInTheDocument(),
      );
      expect(fake.callsTo(apiRoutes.signals.deleteSource, { id: source.id })).toHaveLength(1);
      expect(screen.getByRole('article', { name: 'r/startups' })).toBeInTheDocument();
      // Focus does not fall to the page's start: it lands on the list's heading.
      await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Sources' })).toHaveFocus());
      expect(await screen.findByText('“TechCrunch” removed.')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'polls now with a POST, which cannot be sent twice while it runs',
    async () => {
      const source = techCrunch();
      const { routes } = signalsServer([source]);
      let answer: () => void = () => {};
      const { user, fake } = renderSignals({
        ...routes,
        ...fakeRoute(
          apiRoutes.signals.pollSource,
          { id: source.id },
          () => new Promise((resolve) => (answer = () => resolve({ status: 202, body: { queued: true } }))),
        ),
      });
      const feed = await screen.findByRole('article', { name: 'TechCrunch' });
      const poll = within(feed).getByRole('button', { name: 'Poll now' });
      await user.click(poll);
      await waitFor(() => expect(poll).toBeDisabled());
      expect(poll).toHaveAttribute('aria-busy', 'true');
      await user.click(poll);
      expect(fake.callsTo(apiRoutes.signals.pollSource, { id: source.id })).toHaveLength(1);

      const before = fake.callsTo(apiRoutes.signals.sources).length;
      answer();
      expect(
        await screen.findByText('Polling “TechCrunch” now; new items appear here shortly.'),
      ).toBeInTheDocument();
      await waitFor(() => expect(poll).toBeEnabled());
      // The list is asked for again after the action.
      await waitFor(() => expect(fake.callsTo(apiRoutes.signals.sources).length).toBeGreaterThan(before));
    },
    SLOW,
  );

  it(
    'in demo mode labels the sample sources, says polling is off and disables Poll now',
    async () => {
      const { routes } = signalsServer(
        [
          makeSource({ name: 'Hacker News (sample)', isSample: true, itemsSeen: 12, tasksCreated: 3 }),
          makeSource({
            kind: 'reddit',
            name: 'r/SaaS',
            url: null,
            subreddit: 'SaaS',
            isSample: true,
          }),
        ],
        { pollingEnabled: false },
      );
      const { fake } = renderSignals(routes);
      expect(
        await screen.findByText('Polling is off in demo mode — these are sample sources.'),
      ).toBeInTheDocument();
      const feed = await screen.findByRole('article', { name: 'Hacker News (sample)' });
      expect(within(feed).getByText('Sample')).toBeInTheDocument();
      expect(within(card('r/SaaS')).getByText('Sample')).toBeInTheDocument();
      expect(figure(feed, 'Next poll')).toBe('Off in demo mode');
      expect(figure(feed, 'Tasks made')).toBe('3');
      const poll = within(feed).getByRole('button', { name: 'Poll now' });
      expect(poll).toBeDisabled();
      expect(poll).toHaveAccessibleDescription('Polling is off in demo mode — these are sample sources.');
      expect(fake.calls.filter((call) => call.path.endsWith('/poll'))).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'shows the server’s refusal of a poll in a toast',
    async () => {
      const source = techCrunch();
      const { routes } = signalsServer([source]);
      const { user } = renderSignals({
        ...routes,
        ...fakeRoute(
          apiRoutes.signals.pollSource,
          { id: source.id },
          errorReply(409, 'conflict', 'This source is paused; resume it to poll it.'),
        ),
      });
      const feed = await screen.findByRole('article', { name: 'TechCrunch' });
      await user.click(within(feed).getByRole('button', { name: 'Poll now' }));
      expect(await screen.findByText('This source is paused; resume it to poll it.')).toBeInTheDocument();
    },
    SLOW,
  );
});
