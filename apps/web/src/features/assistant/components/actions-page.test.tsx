import {
  errorMessages,
  type MessageTemplate,
  routes as apiRoutes,
  type Task,
  type TaskPage,
} from '@doppel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { errorReply, type FakeRequest, fakeRoute } from '@/test-support/fake-api';
import {
  renderWithProviders,
  sampleSettings,
  signedInRoutes,
  type ServerRoutes,
} from '@/test-support/render-with-providers';
import { makeTask, taskPage } from '@/test-support/task-fixtures';
import { makePersona } from '@/test-support/persona-fixtures';
import { ActionsPage } from './actions-page';

// The page's lazy chunks are transformed on first import, which on a loaded machine takes
// seconds; load them once up front so no test's waits pay for it.
beforeAll(async () => {
  await Promise.all([
    import('./desktop-actions'),
    import('./mobile-actions'),
    import('./composer'),
    import('./task-dialog'),
    import('./priority-filter-sheet'),
  ]);
}, 60_000);

const page = taskPage;

const anna = makeTask({
  description: 'Something to answer',
  createdAt: '2026-11-05T09:30:00.000Z',
  title: 'Reply to Anna about the pilot',
  priority: 'high',
  contactId: 'c1',
  contact: { id: 'c1', name: 'Anna Schneider', company: 'Nordlicht', source: 'whatsapp', language: 'de' },
  context: {
    summary: 'Anna wants a pilot.',
    recommendation: 'Big OPPORTUNITY: answer today',
    analyzedBy: 'offline',
    triggerType: 'message',
    lastMessage: 'Could we start next month?',
    lastMessageOriginal: 'Könnten wir nächsten Monat starten?',
    analysisData: {
      contactActivity: 'Very active',
      opportunityType: 'Paid pilot',
      recommendedApproach: 'Offer slots',
    },
    socialContext: { audienceSize: 12500, engagementRate: 4.2, bestPostingTime: 'Tue 9:00' },
  },
});

function renderActions(server: ServerRoutes, { path = '/actions', width = 1280 } = {}) {
  return renderWithProviders(<Route path="/actions" element={<ActionsPage />} />, {
    path,
    width,
    server: { ...signedInRoutes(), ...server },
  });
}

describe('Assistant task list (desktop)', () => {
  it('shows five placeholder cards while loading, then the cards with priority, date, type and contact', async () => {
    let answer: (value: { body: TaskPage }) => void = () => {};
    const { container } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, () => new Promise((resolve) => (answer = resolve))),
    });
    await waitFor(() =>
      expect(container.querySelectorAll('[data-testid="task-card-skeleton"]')).toHaveLength(5),
    );
    answer({ body: page([anna, makeTask({ title: 'Second', priority: 'low' })], { total: 2 }) });

    const list = await screen.findByRole('list', { name: 'Task list' });
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    const card = within(list).getByRole('button', { name: /Reply to Anna about the pilot/ });
    expect(within(card).getByText('High')).toHaveAttribute('data-priority', 'high');
    expect(within(card).getByText('05.11')).toBeInTheDocument();
    expect(within(card).getByText('Message Reply')).toBeInTheDocument();
    expect(within(card).getByText('Anna Schneider')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Language: German' })).toBeInTheDocument();
    expect(screen.getByText('Select a task')).toBeInTheDocument();
  });

  it('says there are no tasks when the list is empty', async () => {
    renderActions({ ...fakeRoute(apiRoutes.tasks.list, { body: page([]) }) });
    expect(await screen.findByText('No tasks available')).toBeInTheDocument();
  });

  it('shows the error with its title, raises the load toast, and retries', async () => {
    let healthy = false;
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, () =>
        healthy ? { body: page([anna]) } : errorReply(500, 'internal', 'Database is down'),
      ),
    });
    // One automatic retry first, then the error.
    expect(await screen.findByText('Error loading tasks', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database is down');
    expect(await screen.findByText('Loading error')).toBeInTheDocument();

    healthy = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ })).toBeInTheDocument();
  });

  it('loads the next page as the end of the list comes into view, each card placed in the whole list', async () => {
    const first = Array.from({ length: 2 }, (_, i) => makeTask({ title: `First page ${i}` }));
    const afters: Array<string | null> = [];
    renderActions({
      ...fakeRoute(apiRoutes.tasks.list, (request: FakeRequest) => {
        expect(request.query.get('limit')).toBe('50');
        afters.push(request.query.get('after'));
        // The next page is asked for after the last task shown, by the cursor the first page gave.
        return request.query.get('after') === 'cursor-after-first'
          ? { body: page([makeTask({ title: 'Second page' })], { total: 3, page: null }) }
          : { body: page(first, { total: 3, hasMore: true, nextCursor: 'cursor-after-first' }) };
      }),
    });
    // The test DOM has no layout, so every loaded card is in view and the end is reached at once.
    const second = await screen.findByRole('button', { name: /Second page/ });
    // (The list may be refetched as a whole on start; it only ever reads on from that cursor.)
    expect(new Set(afters)).toEqual(new Set([null, 'cursor-after-first']));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Task list' })).getAllByRole('listitem');
    expect(
      items.map((item) => [item.getAttribute('aria-posinset'), item.getAttribute('aria-setsize')]),
    ).toEqual([
      ['1', '3'],
      ['2', '3'],
      ['3', '3'],
    ]);
    expect(items[2]).toContainElement(second);
  });

  it('does not ask again for a page that failed until Load more is pressed', async () => {
    let failures = 0;
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, (request: FakeRequest) => {
        if (!request.query.get('after')) {
          return {
            body: page([makeTask({ title: 'Only page' })], { total: 2, hasMore: true, nextCursor: 'next' }),
          };
        }
        failures++;
        // The request and the app's one retry of a server error both fail.
        return failures <= 2
          ? errorReply(500, 'internal', '')
          : { body: page([makeTask({ title: 'Second try' })], { total: 2, page: null }) };
      }),
    });
    const loadMore = await screen.findByRole('button', { name: 'Load more' });
    await waitFor(() => expect(failures).toBe(2), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(failures).toBe(2);
    await user.click(loadMore);
    expect(await screen.findByRole('button', { name: /Second try/ })).toBeInTheDocument();
  });
});

describe('task detail', () => {
  it('shows the header, every analysis field with the recommendation colour, and the translation toggle', async () => {
    const { user, location } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    expect(location().search).toBe(`?task=${anna.id}`);
    expect(screen.getByRole('button', { name: /Reply to Anna about the pilot/ })).toHaveAttribute(
      'aria-current',
      'true',
    );

    const detail = within(await screen.findByRole('article'));
    expect(detail.getByRole('heading', { level: 2, name: 'Anna Schneider' })).toBeInTheDocument();
    expect(detail.getByText('Reply')).toBeInTheDocument();
    expect(detail.getByText('WhatsApp')).toBeInTheDocument();
    expect(detail.getByText('Anna wants a pilot.')).toBeInTheDocument();
    expect(detail.getByText('Offline analysis')).toHaveAttribute(
      'title',
      expect.stringMatching(/not a language model/),
    );
    expect(detail.getByText('Big OPPORTUNITY: answer today')).toHaveAttribute('data-tone', 'opportunity');
    expect(detail.getByText('Very active')).toBeInTheDocument();
    expect(detail.getByText('Paid pilot')).toBeInTheDocument();
    expect(detail.getByText('Offer slots')).toBeInTheDocument();
    expect(detail.getByText('12.5K')).toBeInTheDocument();
    expect(detail.getByText('4.2%')).toBeInTheDocument();
    expect(detail.getByText('Tue 9:00')).toBeInTheDocument();

    expect(detail.getByText('Could we start next month?')).toBeInTheDocument();
    await user.click(detail.getByRole('button', { name: 'Show original' }));
    expect(detail.getByText('Könnten wir nächsten Monat starten?')).toBeInTheDocument();
    expect(detail.queryByText('Could we start next month?')).not.toBeInTheDocument();
    expect(detail.getByRole('button', { name: 'Show translation' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('cites the knowledge-base passages the analysis drew on', async () => {
    const cited = {
      ...anna,
      context: {
        ...anna.context,
        analysisSources: [
          { documentId: 'doc-1', title: 'Pilot pricing rules', snippet: 'Pilots are always paid.' },
        ],
      },
    };
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([cited]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: cited }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    const sources = within(await screen.findByRole('region', { name: 'From your knowledge base' }));
    // Each cited document opens at its passage.
    expect(sources.getByRole('link', { name: 'Pilot pricing rules' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/documents\?document=[^&]+&passage=/),
    );
    expect(sources.getByText(/Pilots are always paid\./)).toBeInTheDocument();
  });

  it('says when the task is answered in English because Doppel cannot write the contact’s language', async () => {
    const giulia = makeTask({
      title: 'Reply to Giulia',
      contactId: 'c2',
      contact: { id: 'c2', name: 'Giulia Ferri', company: null, source: 'telegram', language: 'it' },
      context: {
        triggerType: 'message',
        lastMessage: 'Potreste inviarci il preventivo entro venerdì?',
        language: 'en',
        languageFallback: { detected: 'it' },
      },
    });
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([giulia, anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: giulia.id }, { body: giulia }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
    });
    // The contact keeps their own language, whichever it is.
    const card = await screen.findByRole('button', { name: /Reply to Giulia/ });
    expect(within(card).getByRole('img', { name: 'Language: Italian' })).toHaveTextContent('IT');

    await user.click(card);
    const detail = within(await screen.findByRole('article'));
    expect(detail.getByRole('note')).toHaveTextContent(
      'Written in English: Doppel does not write Italian yet.',
    );

    // Anna is answered in her own language: nothing to say.
    await user.click(screen.getByRole('button', { name: /Reply to Anna about the pilot/ }));
    await screen.findByText('Anna wants a pilot.');
    expect(within(screen.getByRole('article')).queryByRole('note')).not.toBeInTheDocument();
  });

  it('names the contact’s language in the interface language', async () => {
    await act(() => i18n.changeLanguage('ru'));
    const giulia = makeTask({
      title: 'Reply to Giulia',
      contact: { id: 'c2', name: 'Giulia Ferri', company: null, source: 'telegram', language: 'it' },
      context: {
        triggerType: 'message',
        lastMessage: 'Buongiorno!',
        language: 'en',
        languageFallback: { detected: 'it' },
      },
    });
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([giulia]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: giulia.id }, { body: giulia }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Giulia/ }));
    expect(within(await screen.findByRole('article')).getByRole('note')).toHaveTextContent(
      'Написано на английском: язык контакта — итальянский, а на нём Doppel пока не пишет.',
    );
  });

  it('shows each trigger type: news with a safe link, a job change, a social comment', async () => {
    const news = makeTask({
      title: 'News task',
      type: 'proactive_message',
      context: {
        triggerType: 'rss_news',
        triggerData: {
          newsSource: 'TechCrunch',
          newsTitle: 'Atelier raises a seed round',
          newsUrl: 'https://example.com/a',
        },
      },
    });
    const job = makeTask({
      title: 'Job task',
      context: {
        triggerType: 'linkedin_job_change',
        triggerData: { jobChangeCompany: 'Soluciones Sol', linkedinActivity: 'New role' },
      },
    });
    const social = makeTask({
      title: 'Social task',
      type: 'reddit_comment',
      context: {
        triggerType: 'social_comment',
        triggerData: {
          platform: 'Reddit',
          community: 'r/startups',
          originalAuthor: 'mark_t',
          originalPost: 'Which tools?',
        },
      },
    });
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([news, job, social]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: news.id }, { body: news }),
      ...fakeRoute(apiRoutes.tasks.get, { id: job.id }, { body: job }),
      ...fakeRoute(apiRoutes.tasks.get, { id: social.id }, { body: social }),
    });
    await user.click(await screen.findByRole('button', { name: /News task/ }));
    expect(screen.getByText('TechCrunch')).toBeInTheDocument();
    expect(screen.getByText('Atelier raises a seed round')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the article' })).toHaveAttribute(
      'href',
      'https://example.com/a',
    );

    await user.click(screen.getByRole('button', { name: /Job task/ }));
    expect(await screen.findByText('Soluciones Sol')).toBeInTheDocument();
    expect(screen.getByText('New role')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Social task/ }));
    expect(await screen.findByText('r/startups')).toBeInTheDocument();
    expect(screen.getByText('mark_t')).toBeInTheDocument();
    expect(screen.getByText('Which tools?')).toBeInTheDocument();
    const article = within(screen.getByRole('article'));
    expect(article.getByRole('heading', { level: 2, name: 'Unknown Contact' })).toBeInTheDocument();
    expect(article.getByTitle('Source: Reddit')).toHaveTextContent('Reddit');
  });
});

describe('composer', () => {
  it('keeps the text when sending fails and says so', async () => {
    const sends: unknown[] = [];
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
      ...fakeRoute(apiRoutes.tasks.send, { id: anna.id }, (request: FakeRequest) => {
        sends.push(request.body);
        return errorReply(500, 'internal', '');
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.type(message, 'Gern, Dienstag?');
    expect(screen.getByText('15 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Failed to send the message')).toBeInTheDocument();
    expect(sends).toEqual([{ text: 'Gern, Dienstag?', kind: 'custom' }]);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Gern, Dienstag?');
  });

  it('shows a messenger’s refusal under the spec’s title and keeps the text', async () => {
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
      ...fakeRoute(
        apiRoutes.tasks.send,
        { id: anna.id },
        errorReply(502, 'messenger_failed', 'WhatsApp refused the message: recipient not on WhatsApp'),
      ),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Gern!');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    // Found by its own text: the title is the same as an earlier test's toast, which may linger.
    const toast = (
      await screen.findByText('WhatsApp refused the message: recipient not on WhatsApp')
    ).closest('li')!;
    expect(within(toast).getByText('Failed to send the message')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Gern!');
  });

  it('offers the twin’s-voice templates for the contact’s messenger, filled with the contact’s values', async () => {
    const template = (id: string, name: string, platform: MessageTemplate['platform'], content: string) => ({
      id,
      personaId: 'p-twin',
      name,
      content,
      platform,
      variables: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const { user, fake } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
      ...fakeRoute(apiRoutes.personas.list, {
        body: {
          items: [
            makePersona({ id: 'p-other', name: 'Side project', isTwinVoice: false }),
            makePersona({ id: 'p-twin', name: 'Founder', isTwinVoice: true }),
          ],
        },
      }),
      ...fakeRoute(
        apiRoutes.personas.templates,
        { id: 'p-twin' },
        {
          body: {
            items: [
              template(
                't1',
                'Pilot follow-up',
                'whatsapp',
                'Hi {name}, {company} can start in May. Re: "{message}"',
              ),
              template('t2', 'Warm intro', 'universal', 'Hello {name}!'),
              template('t3', 'Telegram nudge', 'telegram', 'Ping {name}'),
            ],
          },
        },
      ),
    });
    await screen.findByRole('button', { name: /Reply to Anna about the pilot/ });
    // Nothing of the composer's is fetched before a task is open.
    expect(fake.callsTo(apiRoutes.personas.list)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Reply to Anna about the pilot/ }));

    const followUp = await screen.findByRole('button', { name: /Template: Pilot follow-up/ });
    expect(followUp).toHaveTextContent(
      'Hi Anna Schneider, Nordlicht can start in May. Re: "Could we start next month?"',
    );
    expect(screen.getByRole('button', { name: /Template: Warm intro/ })).toHaveTextContent(
      'Hello Anna Schneider!',
    );
    expect(screen.queryByRole('button', { name: /Telegram nudge/ })).not.toBeInTheDocument();
    expect(fake.callsTo(apiRoutes.personas.templates, { id: 'p-other' })).toHaveLength(0);

    await user.click(followUp);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Hi Anna Schneider, Nordlicht can start in May. Re: "Could we start next month?"',
    );
  });

  it('saves the edited text as a draft of its kind, which the options then offer', async () => {
    const patches: unknown[] = [];
    let saved = anna;
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, () => ({ body: page([saved]) })),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, () => ({ body: saved })),
      ...fakeRoute(apiRoutes.tasks.saveResponses, { id: anna.id }, (request: FakeRequest) => {
        patches.push(request.body);
        saved = { ...anna, responses: { polite: 'Hallo Anna, bis bald!' } };
        return { body: saved };
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Suggested: Polite/ }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(message);
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    await user.type(message, '  Hallo Anna, bis bald!  ');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Responses saved')).toBeInTheDocument();
    expect(patches).toEqual([{ responses: { polite: 'Hallo Anna, bis bald!' } }]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: /Draft: Polite/ })).toHaveTextContent(
      'Hallo Anna, bis bald!',
    );
  });

  it('streams a generated draft into the editor, says who wrote it, and keeps it editable', async () => {
    const drafted = {
      ...anna,
      responses: { detailed: 'Hallo Anna, gern – Dienstag?' },
      context: {
        ...anna.context,
        draftSources: {
          detailed: [
            { documentId: 'd1', title: 'Pilot pricing', snippet: 'A four-week pilot costs 5,000 EUR.' },
          ],
        },
      },
    };
    const sse = (events: object[]) => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
    const requests: unknown[] = [];
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      // After the draft is saved the server has it, with its sources.
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, () => ({
        body: requests.length > 0 ? drafted : anna,
      })),
      ...fakeRoute(apiRoutes.tasks.streamDraft, { id: anna.id }, (request: FakeRequest) => {
        requests.push(request.body);
        return {
          headers: { 'content-type': 'text/event-stream' },
          rawBody: sse([
            { type: 'delta', text: 'Hallo Anna, ' },
            { type: 'delta', text: 'gern – Dienstag?' },
            { type: 'done', task: drafted, engine: { kind: 'model', model: 'gpt-test' } },
          ]),
        };
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: 'Generate detailed' }));

    const message = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(message).toHaveValue('Hallo Anna, gern – Dienstag?'));
    expect(requests).toEqual([{ kind: 'detailed' }]);
    expect(await screen.findByText('Written by gpt-test.')).toBeInTheDocument();
    const sources = screen.getByRole('region', { name: 'From your knowledge base' });
    expect(sources).toHaveTextContent('Pilot pricing — A four-week pilot costs 5,000 EUR.');
    expect(message).not.toHaveAttribute('readonly');
    await user.type(message, ' 10 Uhr?');
    expect(message).toHaveValue('Hallo Anna, gern – Dienstag? 10 Uhr?');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it("translates the draft with the user's model, says so, and can undo it", async () => {
    const requests: unknown[] = [];
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
      ...fakeRoute(apiRoutes.tasks.translate, { id: anna.id }, (request: FakeRequest) => {
        requests.push(request.body);
        return { body: { text: 'Gern, passt Dienstag?', language: 'de', model: 'gpt-test' } };
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    const translate = await screen.findByRole('button', { name: 'Translate to DE' });
    expect(translate).toBeDisabled();
    await user.type(message, 'Sure, does Tuesday work?');
    await user.click(translate);

    await waitFor(() => expect(message).toHaveValue('Gern, passt Dienstag?'));
    expect(requests).toEqual([{ text: 'Sure, does Tuesday work?' }]);
    expect(screen.getByText('Translated by gpt-test.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo translation' }));
    expect(message).toHaveValue('Sure, does Tuesday work?');
    expect(screen.getByRole('button', { name: 'Translate to DE' })).toBeEnabled();
  });

  it('explains that translating needs a language model, and keeps the text', async () => {
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
      ...fakeRoute(
        apiRoutes.tasks.translate,
        { id: anna.id },
        errorReply(409, 'ai_model_required', 'This needs a language model. Add one in Settings → AI models.'),
      ),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.type(message, 'Sure!');
    await user.click(await screen.findByRole('button', { name: 'Translate to DE' }));
    expect(
      await screen.findByText('This needs a language model. Add one in Settings → AI models.'),
    ).toBeInTheDocument();
    expect(message).toHaveValue('Sure!');
  });

  it('offers no Translate when the setting hides it', async () => {
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
      ...fakeRoute(apiRoutes.settings.get, {
        body: sampleSettings({
          aiPreferences: { ...sampleSettings().aiPreferences, showTranslateOption: false },
        }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Sure!');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Translate/ })).not.toBeInTheDocument();
  });

  it('shows the error a draft stream ends with', async () => {
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: anna }),
      ...fakeRoute(
        apiRoutes.tasks.streamDraft,
        { id: anna.id },
        {
          headers: { 'content-type': 'text/event-stream' },
          rawBody: `data: ${JSON.stringify({ type: 'error', error: { code: 'ai_provider_failed', message: 'openai (gpt): overloaded' } })}\n\n`,
        },
      ),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: 'Generate quick' }));
    expect(await screen.findByText('openai (gpt): overloaded')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).not.toHaveAttribute('readonly');
  });

  it('sends the edited template and then shows the sent message to copy', async () => {
    const sent = {
      ...anna,
      status: 'completed' as const,
      completedAt: '2026-11-05T10:00:00.000Z',
      responses: { polite: 'Hallo Anna!', sent: 'Hallo Anna!' },
    };
    let wasSent = false;
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([anna]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, () => ({ body: wasSent ? sent : anna })),
      ...fakeRoute(apiRoutes.tasks.send, { id: anna.id }, () => {
        wasSent = true;
        return {
          body: {
            task: sent,
            delivery: { status: 'to_send_manually' as const, channel: 'whatsapp' as const },
          },
        };
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Suggested: Polite/ }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect((message as HTMLTextAreaElement).value).toMatch(/^Hallo Anna Schneider,/);
    expect(message.style.height).toBe('120px');
    await user.clear(message);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(message, 'Hallo Anna!');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('heading', { name: 'Sent message' })).toBeInTheDocument();
    expect(screen.getByText('To send manually')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeInTheDocument();
    expect(await screen.findByText(/Saved to the contact's history/)).toBeInTheDocument();
  });

  it('says a reply went out through the connected messenger, also after a reload', async () => {
    const delivered = {
      ...anna,
      status: 'completed' as const,
      completedAt: '2026-11-05T10:00:00.000Z',
      responses: { custom: 'Gern!', sent: 'Gern!' },
      context: {
        ...anna.context,
        delivery: { status: 'sent' as const, channel: 'whatsapp' as const, at: '2026-11-05T10:00:00.000Z' },
      },
    };
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([delivered]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: anna.id }, { body: delivered }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    expect(await screen.findByText('Delivered via WhatsApp')).toBeInTheDocument();
    expect(screen.queryByText('To send manually')).not.toBeInTheDocument();
    expect(screen.queryByText(/No connected messenger covers this channel/)).not.toBeInTheDocument();
  });
});

describe('email replies', () => {
  const ben = (context: Task['context'] = {}, fields: Partial<Task> = {}) =>
    makeTask({
      title: 'Reply to Ben about the pilot',
      contactId: 'c2',
      contact: { id: 'c2', name: 'Ben Carter', company: 'Acme', source: 'email', language: 'en' },
      context: { triggerType: 'message', lastMessage: 'Can we start in May?', ...context },
      ...fields,
    });
  /**
   * Ben's task once a reply went out, with how it went: completed, or, like the server does for
   * an email refused or of unknown fate, open again for Retry.
   */
  const sentTo = (task: Task, delivery: NonNullable<Task['context']['delivery']>): Task => {
    const reopened = delivery.status === 'failed' || delivery.status === 'unknown';
    return {
      ...task,
      status: reopened ? 'pending' : 'completed',
      completedAt: reopened ? null : '2026-11-05T10:00:00.000Z',
      responses: { custom: 'See you in May.', sent: 'See you in May.' },
      context: { ...task.context, delivery },
    };
  };
  const AT = '2026-11-05T10:00:00.000Z';

  function renderTask(task: Task, server: ServerRoutes = {}) {
    return renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([task]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: task.id }, { body: task }),
      ...server,
    });
  }

  /** A task whose email awaits Retry; the server queues it again and the task shows that. */
  function renderRetriable(task: Task) {
    let current = task;
    return renderTask(task, {
      ...fakeRoute(apiRoutes.tasks.get, { id: task.id }, () => ({ body: current })),
      ...fakeRoute(apiRoutes.tasks.retryDelivery, { id: task.id }, () => {
        current = sentTo(task, { status: 'queued', channel: 'email', at: AT });
        return {
          body: { task: current, delivery: { status: 'queued' as const, channel: 'email' as const } },
        };
      }),
    });
  }

  it('asks for a subject, answering the contact’s own, and sends it with the message', async () => {
    const task = ben({ emailSubject: 'Pilot in May' });
    let current = task;
    const sends: unknown[] = [];
    const { user } = renderTask(task, {
      ...fakeRoute(apiRoutes.tasks.get, { id: task.id }, () => ({ body: current })),
      ...fakeRoute(apiRoutes.tasks.send, { id: task.id }, ({ body }) => {
        sends.push(body);
        current = sentTo(task, { status: 'queued', channel: 'email', at: AT });
        return {
          body: { task: current, delivery: { status: 'queued' as const, channel: 'email' as const } },
        };
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Ben about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('Re: Pilot in May');
    // The message keeps the first focus: the subject is usually right as it is.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();

    await user.clear(subject);
    await user.type(subject, 'Re: Pilot in May (dates)');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'See you in May.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Email queued. It goes out from your mailbox in a moment.'),
    ).toBeInTheDocument();
    expect(sends).toEqual([{ text: 'See you in May.', kind: 'custom', subject: 'Re: Pilot in May (dates)' }]);
    const sent = within(await screen.findByRole('region', { name: 'Sent message' }));
    expect(sent.getByRole('status')).toHaveTextContent('Sending…');
  });

  it('keeps a subject that is already a reply, starts empty without one, and sends no blank subject', async () => {
    const reply = ben({ emailSubject: 'RE: Pilot in May' });
    const { user, unmount } = renderTask(reply);
    await user.click(await screen.findByRole('button', { name: /Reply to Ben about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('RE: Pilot in May');
    unmount();

    const noSubject = ben();
    const sends: unknown[] = [];
    const second = renderTask(noSubject, {
      ...fakeRoute(apiRoutes.tasks.send, { id: noSubject.id }, ({ body }) => {
        sends.push(body);
        return errorReply(500, 'internal', '');
      }),
    });
    await second.user.click(await screen.findByRole('button', { name: /Reply to Ben about the pilot/ }));
    await second.user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    await second.user.type(screen.getByRole('textbox', { name: 'Subject' }), '   ');
    await second.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello Ben');
    await second.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends).toEqual([{ text: 'Hello Ben', kind: 'custom' }]));
  });

  it('offers no subject to a messenger contact', async () => {
    const { user } = renderTask(anna);
    await user.click(await screen.findByRole('button', { name: /Reply to Anna about the pilot/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
  });

  it('says the email went out once the mail server took it', async () => {
    const task = sentTo(ben(), { status: 'sent', channel: 'email', at: AT });
    const { user } = renderTask(task);
    await user.click(await screen.findByRole('button', { name: /Reply to Ben about the pilot/ }));
    expect(await screen.findByText('Delivered via Email')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows the mail server’s reason for a refused email, and Retry sends it again', async () => {
    const failed = sentTo(ben(), {
      status: 'failed',
      channel: 'email',
      at: AT,
      reason: 'rejected',
      serverReply: '550 5.1.1 <ben@acme.example>: Recipient address rejected',
    });
    const { user, fake } = renderRetriable(failed);
    await user.click(await screen.findByRole('button', { name: /Reply to Ben about the pilot/ }));
    const sent = within(await screen.findByRole('region', { name: 'Sent message' }));
    expect(sent.getByRole('status')).toHaveTextContent('Not sent');
    expect(sent.getByText('Your mail server refused this email.')).toBeInTheDocument();
    expect(
      sent.getByText('The server said: “550 5.1.1 <ben@acme.example>: Recipient address rejected”'),
    ).toBeInTheDocument();

    await user.click(sent.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sent.getByRole('status')).toHaveTextContent('Sending…'));
    expect(fake.callsTo(apiRoutes.tasks.retryDelivery, { id: failed.id })).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('asks before sending again an email whose fate is unknown', async () => {
    const unknown = sentTo(ben(), { status: 'unknown', channel: 'email', at: AT });
    const { user, fake } = renderRetriable(unknown);
    await user.click(await screen.findByRole('button', { name: /Reply to Ben about the pilot/ }));
    const sent = within(await screen.findByRole('region', { name: 'Sent message' }));
    expect(sent.getByRole('status')).toHaveTextContent('Not confirmed');
    expect(
      sent.getByText(
        'We could not confirm this email was sent. Check your Sent folder before sending it again.',
      ),
    ).toBeInTheDocument();

    await user.click(sent.getByRole('button', { name: 'Retry' }));
    let confirm = within(await screen.findByRole('alertdialog', { name: 'Send this email again?' }));
    expect(confirm.getByText(/went out already and Ben Carter would get it twice/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.callsTo(apiRoutes.tasks.retryDelivery)).toHaveLength(0);

    await user.click(sent.getByRole('button', { name: 'Retry' }));
    confirm = within(await screen.findByRole('alertdialog', { name: 'Send this email again?' }));
    await user.click(confirm.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(sent.getByRole('status')).toHaveTextContent('Sending…'));
    expect(fake.callsTo(apiRoutes.tasks.retryDelivery, { id: unknown.id })).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('asks before sending again a Telegram message the platform may have delivered', async () => {
    const onTelegram = ben({}, {});
    const task = sentTo(
      { ...onTelegram, contact: { ...onTelegram.contact!, source: 'telegram' } },
      { status: 'unknown', channel: 'telegram', at: AT },
    );
    const { user, fake } = renderRetriable(task);
    await user.click(await screen.findByRole('button', { name: /Reply to Ben about the pilot/ }));
    const sent = within(await screen.findByRole('region', { name: 'Sent message' }));
    expect(sent.getByRole('status')).toHaveTextContent('Not confirmed');
    expect(
      sent.getByText(
        'Telegram did not confirm this message was sent. Check the chat before sending it again.',
      ),
    ).toBeInTheDocument();
    await user.click(sent.getByRole('button', { name: 'Retry' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Send this message again?' }));
    expect(confirm.getByText(/in your chat with Ben Carter, it went out already/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(fake.callsTo(apiRoutes.tasks.retryDelivery, { id: task.id })).toHaveLength(1));
  });

  it('says why Retry failed, and the email stays not sent', async () => {
    const failed = sentTo(ben(), { status: 'failed', channel: 'email', at: AT });
    const { user } = renderTask(failed, {
      ...fakeRoute(
        apiRoutes.tasks.retryDelivery,
        { id: failed.id },
        errorReply(409, 'mailbox_required', errorMessages.mailbox_required),
      ),
    });
    await user.click(await screen.findByRole('button', { name: /Reply to Ben about the pilot/ }));
    const sent = within(await screen.findByRole('region', { name: 'Sent message' }));
    expect(sent.getByText('Your mail server did not accept this email.')).toBeInTheDocument();
    await user.click(sent.getByRole('button', { name: 'Retry' }));
    const toast = within(
      (
        await screen.findByText(
          'Connect your mailbox in Settings → Messengers → Email, with sending allowed, to send email.',
        )
      ).closest('li')!,
    );
    expect(toast.getByText('Could not send the email again')).toBeInTheDocument();
    expect(sent.getByRole('status')).toHaveTextContent('Not sent');
  });
});

describe('publishing posts', () => {
  const redditPost = makeTask({
    id: 'post-1',
    type: 'reddit_post',
    title: 'Start a discussion in r/startups',
    createdAt: '2026-11-05T09:30:00.000Z',
    contactId: null,
    contact: null,
    context: { summary: 'A discussion fits.', triggerData: { platform: 'reddit', community: 'r/startups' } },
  });

  it('a Reddit post asks for its title and subreddit, and Publish sends them', async () => {
    const sends: FakeRequest[] = [];
    const published = {
      ...redditPost,
      status: 'completed' as const,
      responses: { custom: 'How do you follow up?', sent: 'How do you follow up?' },
      context: {
        ...redditPost.context,
        delivery: {
          status: 'sent' as const,
          channel: 'reddit' as const,
          at: '2026-11-05T10:00:00.000Z',
          link: 'https://www.reddit.com/r/startups/comments/abc/post/',
          postTitle: 'Follow-ups after conferences?',
          community: 'r/startups',
        },
      },
    };
    let current: Task = redditPost;
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, () => ({ body: page([current]) })),
      ...fakeRoute(apiRoutes.tasks.get, { id: redditPost.id }, () => ({ body: current })),
      ...fakeRoute(apiRoutes.tasks.send, { id: redditPost.id }, (request) => {
        sends.push(request);
        current = published;
        return {
          body: { task: published, delivery: { status: 'sent' as const, channel: 'reddit' as const } },
        };
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Start a discussion in r\/startups/ }));
    await user.click(await screen.findByRole('button', { name: /Write Custom Message/ }));
    expect(screen.getByRole('textbox', { name: 'Subreddit' })).toHaveValue('r/startups');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'How do you follow up?');
    // Reddit needs a title: Publish waits for one.
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Post title' }), 'Follow-ups after conferences?');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]!.body).toMatchObject({
      text: 'How do you follow up?',
      postTitle: 'Follow-ups after conferences?',
      community: 'r/startups',
    });
    expect(await screen.findByText('Published on Reddit')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View on Reddit' })).toHaveAttribute(
      'href',
      'https://www.reddit.com/r/startups/comments/abc/post/',
    );
    expect(screen.queryByRole('button', { name: 'Copy and open Reddit' })).not.toBeInTheDocument();
  });

  it('says why Reddit refused a comment, in the user’s words and Reddit’s, and offers Retry', async () => {
    const refused = makeTask({
      id: 'comment-1',
      type: 'reddit_comment',
      title: 'Comment in r/SaaS',
      contactId: null,
      contact: null,
      responses: { expert: 'Try a CRM.', sent: 'Try a CRM.' },
      context: {
        triggerType: 'social_comment',
        triggerData: { platform: 'reddit', community: 'r/SaaS', postId: 't3_abc' },
        delivery: {
          status: 'failed',
          channel: 'reddit',
          at: '2026-11-05T10:00:00.000Z',
          reason: 'rate_limited',
          retryAfterSeconds: 540,
          serverReply: 'RATELIMIT: Take a break for 9 minutes before trying again.',
        },
      },
    });
    renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([refused]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: refused.id }, { body: refused }),
    });
    await screen.findByRole('button', { name: /Comment in r\/SaaS/ }).then((button) => button.click());
    expect(await screen.findByText(/Reddit asked you to slow down\. Try again in/)).toBeInTheDocument();
    expect(
      screen.getByText('Reddit said: “RATELIMIT: Take a break for 9 minutes before trying again.”'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('without a connected account the post is labelled as not published, with copy-and-open', async () => {
    const manual = makeTask({
      id: 'li-1',
      type: 'linkedin_post',
      title: 'Post: lessons',
      status: 'completed',
      contactId: null,
      contact: null,
      responses: { professional: 'Lessons…', sent: 'Lessons…' },
      context: {
        delivery: { status: 'to_send_manually', channel: 'linkedin', at: '2026-11-05T10:00:00.000Z' },
      },
    });
    renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([manual]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: manual.id }, { body: manual }),
    });
    await screen.findByRole('button', { name: /Post: lessons/ }).then((button) => button.click());
    expect(await screen.findByText(/Not published: no LinkedIn account is connected/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy and open LinkedIn' })).toBeInTheDocument();
  });

  it('a Reddit comment whose post is unknown says so, asks for no account, and opens its thread', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const older = makeTask({
      id: 'comment-old',
      type: 'reddit_comment',
      title: 'Comment in r/startups',
      status: 'completed',
      contactId: null,
      contact: null,
      responses: { expert: 'Try a CRM.', sent: 'Try a CRM.' },
      context: {
        triggerType: 'social_comment',
        triggerData: {
          platform: 'reddit',
          community: 'r/startups',
          postUrl: 'https://www.reddit.com/r/startups/comments/abc/which_crm/',
        },
        delivery: { status: 'to_send_manually', channel: 'reddit', at: '2026-11-05T10:00:00.000Z' },
      },
    });
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([older]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: older.id }, { body: older }),
    });
    await user.click(await screen.findByRole('button', { name: /Comment in r\/startups/ }));
    expect(
      await screen.findByText(/Doppel does not know which Reddit post this comment answers/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no Reddit account is connected/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Reddit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy and open Reddit' }));
    expect(open).toHaveBeenCalledWith(
      'https://www.reddit.com/r/startups/comments/abc/which_crm/',
      '_blank',
      'noopener,noreferrer',
    );
    open.mockRestore();
  });
});

describe('High Concept Analysis tasks', () => {
  it('lead to the proposal on the Personas page instead of a composer', async () => {
    const analysis = makeTask({
      title: 'High Concept Analysis: Maya Chen',
      type: 'high_concept_analysis',
      context: {
        personaId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
        proposal: { highConceptGoal: 'Lead B2B payments', brandTaglines: ['Pay like you text'] },
        summary: '2 high-concept and brand-bible fields proposed for Maya Chen.',
        recommendation: 'OPPORTUNITY: review the proposal and accept what fits',
        analyzedBy: 'offline',
      },
    });
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([analysis]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: analysis.id }, { body: analysis }),
    });
    await user.click(await screen.findByRole('button', { name: /High Concept Analysis: Maya Chen/ }));
    expect(
      await screen.findByText("Fields proposed for the persona's high concept and brand bible: 2."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review the proposal' })).toHaveAttribute(
      'href',
      `/high-concept?persona=6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f&proposal=${analysis.id}`,
    );
    expect(screen.queryByRole('button', { name: /Write Custom Message/ })).not.toBeInTheDocument();
  });

  it('offer no composer even without a proposal, and point to the Personas page', async () => {
    const analysis = makeTask({
      title: 'Review your positioning for Q4',
      type: 'high_concept_analysis',
      context: { summary: 'Your messages focus on features.', recommendation: 'Rewrite the key messages.' },
    });
    const { user } = renderActions({
      ...fakeRoute(apiRoutes.tasks.list, { body: page([analysis]) }),
      ...fakeRoute(apiRoutes.tasks.get, { id: analysis.id }, { body: analysis }),
    });
    await user.click(await screen.findByRole('button', { name: /Review your positioning for Q4/ }));
    expect(await screen.findByText(/This analysis holds no proposal to review/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Personas' })).toHaveAttribute('href', '/high-concept');
    expect(screen.queryByRole('button', { name: /Write Custom Message/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Generate/ })).not.toBeInTheDocument();
  });
});

describe('Assistant on mobile', () => {
  it('filters by priority from the sheet, with counts', async () => {
    const priorities: Array<string | null> = [];
    const { user } = renderActions(
      {
        ...fakeRoute(apiRoutes.tasks.list, (request: FakeRequest) => {
          priorities.push(request.query.get('priority'));
          return { body: page([anna]) };
        }),
        ...fakeRoute(apiRoutes.tasks.counts, {
          body: {
            total: 7,
            byStatus: { pending: 7, in_progress: 0, completed: 0 },
            byPriority: { high: 1, medium: 2, low: 4 },
          },
        }),
      },
      { width: 390 },
    );
    await user.click(await screen.findByRole('button', { name: 'Priority: All' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Filter by priority' }));
    await waitFor(() =>
      expect(sheet.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
        'All (7)',
        'High (1)',
        'Medium (2)',
        'Low (4)',
      ]),
    );
    await user.click(sheet.getByRole('radio', { name: 'Low (4)' }));
    expect(await screen.findByRole('button', { name: 'Priority: Low' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(priorities.at(-1)).toBe('low'));
  });
});
