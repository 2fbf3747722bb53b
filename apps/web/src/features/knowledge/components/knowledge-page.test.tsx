import { type KnowledgeDocument, routes as apiRoutes } from '@doppel/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { errorReply, type FakeHandler, fakeRoute, routeKey } from '@/test-support/fake-api';
import { renderWithProviders, type ServerRoutes } from '@/test-support/render-with-providers';
import { knowledgeServer, makeDocument } from '../test-support/knowledge-server';
import { KnowledgePage } from './knowledge-page';

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

function renderKnowledge(routes: ServerRoutes, { path = '/documents' } = {}) {
  return renderWithProviders(<Route path="/documents" element={<KnowledgePage />} />, {
    path,
    server: routes,
  });
}

const row = (name: string) => screen.getByRole('article', { name });

/** The value shown for a figure of a <dl> (its <dt> text → the <dd> after it). */
function figure(list: HTMLElement, label: string): string | null | undefined {
  return within(list).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const playbook = () =>
  makeDocument({
    name: 'Pricing playbook.md',
    category: 'documents',
    type: 'md',
    size: 1_310_720, // 1.25 MB
    uploadDate: '2026-03-05T10:00:00.000Z',
    quality: 90,
    keyTopics: ['Pricing', 'SaaS', 'Discounts', 'Enterprise'],
    summary: 'How we price the product for startups and enterprises.',
    contentPreview: 'We raised prices for enterprise plans in March.',
    usageStats: { requests: 12, relevance: 0.87, connections: 4 },
  });

const stripeBlog = () =>
  makeDocument({
    name: 'Stripe blog',
    category: 'links',
    type: 'link',
    url: 'https://stripe.com/blog/pricing',
    uploadDate: '2026-03-04T10:00:00.000Z',
    quality: 70,
  });

const onboardingThought = () =>
  makeDocument({
    name: 'Onboarding lesson',
    category: 'thoughts',
    type: 'thought',
    status: 'processing',
    quality: 0,
    isSample: true,
    uploadDate: '2026-03-03T10:00:00.000Z',
  });

async function openAddDialog(user: ReturnType<typeof renderKnowledge>['user']) {
  await user.click((await screen.findAllByRole('button', { name: 'Add material' }))[0]!);
  return screen.findByRole('dialog', { name: 'Add material' });
}

describe('Knowledge base list', () => {
  it(
    'shows the figures, the category counts and each document’s details',
    async () => {
      const { routes } = knowledgeServer([stripeBlog(), playbook(), onboardingThought()]);
      renderKnowledge(routes);

      const list = await screen.findByRole('list', { name: 'Documents' });
      // Newest first.
      expect(
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['Pricing playbook.md', 'Stripe blog', 'Onboarding lesson']);

      const stats = screen.getByLabelText('Knowledge base figures');
      expect(figure(stats, 'Total')).toBe('3');
      expect(figure(stats, 'Processed')).toBe('2');
      expect(figure(stats, 'Average quality')).toBe('80%');
      expect(figure(stats, 'Readiness')).toBe('67%');

      const filters = screen.getByRole('group', { name: 'Filter by category' });
      expect(
        within(filters)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['All 3', 'Thoughts 1', 'Documents 1', 'Links 1', 'Articles 0', 'References 0']);
      expect(within(filters).getByRole('button', { name: 'All 3' })).toHaveAttribute('aria-pressed', 'true');

      const first = row('Pricing playbook.md');
      expect(within(first).getByText('Markdown')).toBeInTheDocument();
      expect(within(first).getByText('1.25 MB')).toBeInTheDocument();
      expect(within(first).getByText(/^05\.03(\.2026)?$/)).toBeInTheDocument();
      expect(within(first).getByText('Processed')).toBeInTheDocument();
      expect(within(first).getByText('Quality 90%')).toBeInTheDocument();
      const topics = within(first).getByRole('list', { name: 'Key topics' });
      expect(within(topics).getAllByRole('listitem')).toHaveLength(4);
      expect(within(topics).getByText('Discounts')).toBeInTheDocument();
      expect(within(topics).queryByText('Enterprise')).not.toBeInTheDocument();
      expect(within(topics).getByText('More topics: 1')).toBeInTheDocument();
      expect(within(first).queryByText('Sample')).not.toBeInTheDocument();

      expect(within(row('Stripe blog')).getByText('Link')).toBeInTheDocument();
      expect(within(row('Onboarding lesson')).getByText('Sample')).toBeInTheDocument();
      expect(within(row('Onboarding lesson')).queryByText(/^Quality/)).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'filters by category: the request carries ?category= and only that category is listed',
    async () => {
      const { routes } = knowledgeServer([stripeBlog(), playbook(), onboardingThought()]);
      const { user, fake, location } = renderKnowledge(routes);
      await screen.findByRole('article', { name: 'Pricing playbook.md' });
      expect(fake.callsTo(apiRoutes.knowledge.list)[0]!.query.get('category')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Links 1' }));
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Pricing playbook.md' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('article', { name: 'Stripe blog' })).toBeInTheDocument();
      expect(screen.getAllByRole('article')).toHaveLength(1);
      const calls = fake.callsTo(apiRoutes.knowledge.list);
      expect(calls.at(-1)!.query.get('category')).toBe('links');
      expect(calls.at(-1)!.query.get('limit')).toBe('50');
      expect(screen.getByRole('button', { name: 'Links 1' })).toHaveAttribute('aria-pressed', 'true');
      expect(location().search).toBe('?category=links');

      await user.click(screen.getByRole('button', { name: 'Articles 0' }));
      expect(await screen.findByText('Nothing in this category yet')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'formats sizes and full dates for the interface language (ru-RU in Russian)',
    async () => {
      await act(() => i18n.changeLanguage('ru'));
      const { routes } = knowledgeServer([playbook()]);
      renderKnowledge(routes);
      const first = await screen.findByRole('article', { name: 'Pricing playbook.md' });
      expect(within(first).getByText('1,25 МБ')).toBeInTheDocument();
      // The row's short date is the same in every language; its tooltip spells it out.
      expect(within(first).getByText(/^05\.03(\.2026)?$/)).toHaveAttribute('title', '5 марта 2026 г.');
      expect(screen.getByRole('button', { name: 'Ссылки 0' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a processing document with the fixed 65% progress, and none on processed ones',
    async () => {
      const { routes } = knowledgeServer([
        playbook(),
        onboardingThought(),
        makeDocument({ name: 'Queued.txt', type: 'txt', status: 'pending' }),
      ]);
      renderKnowledge(routes);
      for (const name of ['Onboarding lesson', 'Queued.txt']) {
        const article = await screen.findByRole('article', { name });
        const bar = within(article).getByRole('progressbar', { name: 'Processing' });
        expect(bar).toHaveAttribute('aria-valuenow', '65');
        expect(within(article).getByText('65%')).toBeInTheDocument();
      }
      expect(within(row('Pricing playbook.md')).queryByRole('progressbar')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows why a document failed and retries it through /retry',
    async () => {
      const broken = makeDocument({
        name: 'Broken.pdf',
        type: 'pdf',
        status: 'error',
        errorCode: 'no_text',
        // The server's English words for API clients; the page words the code itself.
        errorReason: 'The PDF has no text layer.',
      });
      const { routes } = knowledgeServer([broken]);
      const { user, fake } = renderKnowledge(routes);
      const article = await screen.findByRole('article', { name: 'Broken.pdf' });
      expect(
        within(article).getByText(
          'Processing failed: No text could be found in it (a scan without a text layer?).',
        ),
      ).toBeInTheDocument();
      expect(within(article).queryByRole('progressbar')).not.toBeInTheDocument();

      await user.click(within(article).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(fake.callsTo(apiRoutes.knowledge.retry, { id: broken.id })).toHaveLength(1));
      expect(await screen.findByText('Processing again: Broken.pdf')).toBeInTheDocument();
      // The list is refetched: the document is queued again.
      expect(
        await within(row('Broken.pdf')).findByRole('progressbar', { name: 'Processing' }),
      ).toBeInTheDocument();
      expect(within(row('Broken.pdf')).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows an error with retry when the list fails, never any document, and loads on retry',
    async () => {
      const { routes } = knowledgeServer([playbook()]);
      const { user, fake } = renderKnowledge({
        ...routes,
        ...fakeRoute(apiRoutes.knowledge.list, errorReply(500, 'internal')),
      });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The knowledge base could not be loaded.');
      expect(screen.queryByRole('article')).not.toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Documents' })).not.toBeInTheDocument();
      // No made-up figures either.
      expect(figure(screen.getByLabelText('Knowledge base figures'), 'Total')).toBe('—');

      fake.route(apiRoutes.knowledge.list, routes[routeKey(apiRoutes.knowledge.list)] as FakeHandler);
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('article', { name: 'Pricing playbook.md' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'loads the next page as the end of the list comes into view, each row placed among all',
    async () => {
      const many = Array.from({ length: 51 }, (_, index) =>
        makeDocument({
          name: `Note ${index + 1}`,
          uploadDate: new Date(Date.UTC(2026, 0, 1) + (51 - index) * 60_000).toISOString(),
        }),
      );
      const { fake } = renderKnowledge(knowledgeServer(many).routes);
      const list = await screen.findByRole('list', { name: 'Documents' });
      // The test DOM has no layout: every loaded row is in view, so the end is reached at once
      // and the next page loads without a click.
      expect(await screen.findByRole('article', { name: 'Note 51' })).toBeInTheDocument();
      // The next page starts after the last document shown, by the first page's cursor.
      const asked = fake.callsTo(apiRoutes.knowledge.list).at(-1)!.query;
      expect(asked.get('cursor')).toBe(many[49]!.id);
      expect(asked.has('page')).toBe(false);
      expect(within(list).getAllByRole('article')).toHaveLength(51);
      const rows = within(list).getAllByRole('listitem');
      expect(rows[50]).toHaveAttribute('aria-posinset', '51');
      expect(rows[50]).toHaveAttribute('aria-setsize', '51');
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      // The figures and the total stay the first page's: the later page has none.
      expect(screen.getByText('Shown: 51 of 51')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'All 51' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the empty state with the add action',
    async () => {
      const { user } = renderKnowledge(knowledgeServer([]).routes);
      expect(await screen.findByText('Your knowledge base is empty')).toBeInTheDocument();
      const buttons = screen.getAllByRole('button', { name: 'Add material' });
      expect(buttons).toHaveLength(2);
      await user.click(buttons[1]!);
      expect(await screen.findByRole('dialog', { name: 'Add material' })).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Knowledge base search', () => {
  it(
    'shows ranked results with the matched words highlighted, and opens a result',
    async () => {
      const document = playbook();
      const { routes } = knowledgeServer([document, stripeBlog()]);
      const { user, fake } = renderKnowledge(routes);
      await screen.findByRole('article', { name: 'Pricing playbook.md' });

      await user.type(screen.getByRole('searchbox', { name: 'Search the knowledge base' }), 'prices{Enter}');
      const results = await screen.findByRole('list', { name: 'Search results' });
      expect(fake.callsTo(apiRoutes.knowledge.search).at(-1)!.query.get('q')).toBe('prices');
      const mark = within(results).getByText('prices', { selector: 'mark' });
      expect(mark.closest('p')).toHaveTextContent(/We raised prices for enterprise plans/);
      expect(results.innerHTML).not.toContain('[[');
      // The list gives way to the results while searching.
      expect(screen.queryByRole('list', { name: 'Documents' })).not.toBeInTheDocument();

      await user.click(within(results).getByRole('button', { name: 'Pricing playbook.md' }));
      expect(await screen.findByRole('dialog', { name: 'Pricing playbook.md' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'searches after a pause in typing, says when nothing matches, and clears',
    async () => {
      const { user, fake } = renderKnowledge(knowledgeServer([playbook()]).routes);
      await screen.findByRole('article', { name: 'Pricing playbook.md' });
      await user.type(screen.getByRole('searchbox', { name: 'Search the knowledge base' }), 'zebra');
      expect(await screen.findByText('Nothing found for “zebra”.')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.knowledge.search).at(-1)!.query.get('q')).toBe('zebra');

      await user.click(screen.getByRole('button', { name: 'Clear search' }));
      expect(await screen.findByRole('list', { name: 'Documents' })).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Search by meaning', () => {
  it(
    'says search finds words until a search model is added',
    async () => {
      renderKnowledge(knowledgeServer([playbook()]).routes);
      expect(
        await screen.findByText(
          'Search finds your words. Add a search model to also find passages by meaning.',
          {
            exact: false,
          },
        ),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows indexing progress, and a passage found by meaning alone says so',
    async () => {
      const document = playbook();
      const { routes } = knowledgeServer([document], {
        semantic: { state: 'indexing', modelName: 'Local embeddings', passages: 1200, indexed: 300 },
        meaningHits: { 'how much do we charge': [document.id] },
      });
      const { user } = renderKnowledge(routes);
      expect(
        await screen.findByText('Preparing search by meaning: 300 of 1,200 passages indexed.'),
      ).toBeInTheDocument();
      const progress = screen.getByRole('progressbar', { name: 'Passages indexed for search by meaning' });
      expect(progress).toHaveAttribute('value', '300');
      expect(progress).toHaveAttribute('max', '1200');

      await user.type(
        screen.getByRole('searchbox', { name: 'Search the knowledge base' }),
        'how much do we charge{Enter}',
      );
      const results = await screen.findByRole('list', { name: 'Search results' });
      const hit = within(results).getByRole('listitem');
      expect(within(hit).getByRole('button', { name: 'Pricing playbook.md' })).toBeInTheDocument();
      expect(within(hit).getByText('By meaning')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'indexing that stopped names the model and resumes on request',
    async () => {
      const server = knowledgeServer([playbook()], {
        semantic: { state: 'stalled', modelName: 'Local embeddings', passages: 40, indexed: 32 },
      });
      const { user } = renderKnowledge(server.routes);
      expect(
        await screen.findByText(
          'Indexing for search by meaning stopped at 32 of 40 passages: Local embeddings did not answer. Test it, then resume.',
          { exact: false },
        ),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Resume' }));
      expect(
        await screen.findByText('Preparing search by meaning: 32 of 40 passages indexed.'),
      ).toBeInTheDocument();
      expect(server.resumed).toEqual(['stalled']);
      expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Add material', () => {
  it(
    'uploads two files chosen with the picker as multipart and reports the refused one',
    async () => {
      const { routes } = knowledgeServer([stripeBlog()]);
      const { user, fake } = renderKnowledge(routes);
      await screen.findByRole('article', { name: 'Stripe blog' });
      const dialog = await openAddDialog(user);
      const add = within(dialog).getByRole('button', { name: 'Add' });
      expect(add).toBeDisabled();

      const picker = within(dialog).getByLabelText('Choose files');
      expect(picker).toHaveAttribute('type', 'file');
      expect(picker).toHaveAttribute('accept', '.md,.markdown,.txt,.pdf,.docx');
      await user.upload(picker, [
        new File(['# Notes\nWe sell to mid-market teams.'], 'notes.md', { type: 'text/markdown' }),
        new File(['this is not a pdf'], 'scan.pdf', { type: 'application/pdf' }),
      ]);
      const chosen = within(dialog).getByRole('list', { name: 'Chosen files' });
      expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
      expect(within(chosen).getByText('notes.md')).toBeInTheDocument();
      expect(within(chosen).getAllByText('0.00 MB')).toHaveLength(2);
      await user.selectOptions(within(dialog).getByLabelText('Category'), 'References');
      expect(add).toBeEnabled();

      await user.click(add);
      await waitFor(() => expect(fake.callsTo(apiRoutes.knowledge.upload)).toHaveLength(1));
      const call = fake.callsTo(apiRoutes.knowledge.upload)[0]!;
      expect(call.headers.get('content-type')).toBeNull();
      const form = call.body as FormData;
      expect([...form.keys()]).toEqual(['category', 'files', 'files']);
      expect(form.get('category')).toBe('references');
      expect((form.getAll('files') as File[]).map((file) => file.name)).toEqual(['notes.md', 'scan.pdf']);

      const results = await within(dialog).findByRole('list', { name: 'Upload results' });
      const [ok, refused] = within(results).getAllByRole('listitem');
      expect(ok).toHaveTextContent('notes.md — Added');
      expect(refused).toHaveTextContent('scan.pdf — Not a supported file: use Markdown, text, PDF or Word.');
      // One was refused: the dialog stays open with the answers.
      expect(screen.getByRole('dialog', { name: 'Add material' })).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('article', { name: 'notes.md' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'References 1' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'closes with a success toast when every file was added, and takes dropped files too',
    async () => {
      const { user, fake } = renderKnowledge(knowledgeServer([stripeBlog()]).routes);
      await screen.findByRole('article', { name: 'Stripe blog' });
      const dialog = await openAddDialog(user);
      const zone = within(dialog).getByText('Drag files here, or').parentElement!;
      const dropped = new File(['plain text'], 'plain.txt', { type: 'text/plain' });
      fireEvent.drop(zone, { dataTransfer: { files: [dropped], types: ['Files'] } });
      expect(within(dialog).getByRole('list', { name: 'Chosen files' })).toHaveTextContent('plain.txt');

      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText('Files added: 1')).toBeInTheDocument();
      const form = fake.callsTo(apiRoutes.knowledge.upload)[0]!.body as FormData;
      expect(form.get('category')).toBe('documents');
      expect(await screen.findByRole('article', { name: 'plain.txt' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'enables the add button only with a file, a link or a thought’s text',
    async () => {
      const { routes } = knowledgeServer([stripeBlog()]);
      const { user, fake } = renderKnowledge(routes);
      await screen.findByRole('article', { name: 'Stripe blog' });
      const dialog = await openAddDialog(user);
      const add = () => within(dialog).getByRole('button', { name: 'Add' });
      expect(add()).toBeDisabled();

      // A file: an empty one cannot be sent, a real one can; removing it disables again.
      await user.upload(within(dialog).getByLabelText('Choose files'), new File([], 'empty.txt'));
      expect(within(dialog).getByText('The file is empty.')).toBeInTheDocument();
      expect(add()).toBeDisabled();
      await user.upload(within(dialog).getByLabelText('Choose files'), new File(['x'], 'idea.md'));
      expect(add()).toBeEnabled();
      await user.click(within(dialog).getByRole('button', { name: 'Remove idea.md' }));
      await user.click(within(dialog).getByRole('button', { name: 'Remove empty.txt' }));
      expect(within(dialog).queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
      expect(add()).toBeDisabled();

      // A link: typing one is enough.
      await user.click(within(dialog).getByRole('tab', { name: 'Add link' }));
      expect(add()).toBeDisabled();
      const url = within(dialog).getByLabelText('Link');
      expect(url).toHaveAttribute('type', 'url');
      await user.type(url, 'https://example.com');
      expect(add()).toBeEnabled();

      // A thought: blank text is not enough.
      await user.click(within(dialog).getByRole('tab', { name: 'Add thought' }));
      expect(add()).toBeDisabled();
      await user.type(within(dialog).getByLabelText('Thought'), '   ');
      expect(add()).toBeDisabled();
      await user.type(within(dialog).getByLabelText('Name (optional)'), 'Pricing rule');
      await user.type(within(dialog).getByLabelText('Thought'), 'Never discount annual plans twice.');
      expect(add()).toBeEnabled();
      await user.click(add());

      await waitFor(() => expect(fake.callsTo(apiRoutes.knowledge.createThought)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.knowledge.createThought)[0]!.body).toEqual({
        name: 'Pricing rule',
        content: 'Never discount annual plans twice.',
      });
      expect(fake.callsTo(apiRoutes.knowledge.upload)).toHaveLength(0);
      expect(fake.callsTo(apiRoutes.knowledge.createLink)).toHaveLength(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText('Thought added')).toBeInTheDocument();
      expect(await screen.findByRole('article', { name: 'Pricing rule' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'previews a link (title, description, site), shows the server’s refusal, and saves it',
    async () => {
      const { routes } = knowledgeServer([stripeBlog()], {
        previews: {
          'https://example.com/pricing': {
            url: 'https://example.com/pricing',
            title: 'Pricing that scales',
            description: 'How to price a SaaS product as it grows.',
            site: 'Example Blog',
            type: 'article',
          },
        },
      });
      const { user, fake } = renderKnowledge(routes);
      await screen.findByRole('article', { name: 'Stripe blog' });
      const dialog = await openAddDialog(user);
      await user.click(within(dialog).getByRole('tab', { name: 'Add link' }));
      const url = within(dialog).getByLabelText('Link');

      // Not http(s): said beside the field, nothing sent.
      await user.type(url, 'ftp://example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
      expect(await within(dialog).findByText('Enter an http or https address')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.knowledge.previewLink)).toHaveLength(0);

      // Unreachable: the server's message.
      await user.clear(url);
      await user.type(url, 'https://unreachable.example');
      await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('No answer.');

      await user.clear(url);
      await user.type(url, 'https://example.com/pricing');
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
      const preview = await within(dialog).findByRole('region', { name: 'Link preview' });
      expect(within(preview).getByText('Pricing that scales')).toBeInTheDocument();
      expect(within(preview).getByText('How to price a SaaS product as it grows.')).toBeInTheDocument();
      expect(within(preview).getByText('Example Blog')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.knowledge.previewLink).at(-1)!.body).toEqual({
        url: 'https://example.com/pricing',
      });

      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(fake.callsTo(apiRoutes.knowledge.createLink)).toHaveLength(1));
      expect(fake.callsTo(apiRoutes.knowledge.createLink)[0]!.body).toEqual({
        url: 'https://example.com/pricing',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText('Link added; it is being processed')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'says under the field what is wrong with a link or a thought, its own check or the server’s',
    async () => {
      const { routes } = knowledgeServer([stripeBlog()]);
      const { user, fake } = renderKnowledge({
        ...routes,
        ...fakeRoute(
          apiRoutes.knowledge.createThought,
          errorReply(400, 'validation_failed', 'Invalid', {
            fields: { content: 'tooLong' },
          }),
        ),
      });
      await screen.findByRole('article', { name: 'Stripe blog' });
      const dialog = within(await openAddDialog(user));

      await user.click(dialog.getByRole('tab', { name: 'Add link' }));
      const url = dialog.getByRole('textbox', { name: 'Link' });
      await user.type(url, 'ftp://example.com');
      await user.click(dialog.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(url).toHaveAccessibleDescription('Enter an http or https address'));
      expect(url).toHaveAttribute('aria-invalid', 'true');
      expect(fake.callsTo(apiRoutes.knowledge.createLink)).toHaveLength(0);

      await user.click(dialog.getByRole('tab', { name: 'Add thought' }));
      const content = dialog.getByRole('textbox', { name: 'Thought' });
      await user.type(content, 'Never discount annual plans twice.');
      await user.click(dialog.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(content).toHaveAccessibleDescription('This text is too long.'));
      expect(content).toHaveAttribute('aria-invalid', 'true');
      expect(dialog.getByRole('textbox', { name: 'Name (optional)' })).toHaveAttribute(
        'aria-invalid',
        'false',
      );
      expect(content).toHaveValue('Never discount annual plans twice.');
    },
    SLOW,
  );
});

describe('Document detail', () => {
  const detailed = (): KnowledgeDocument => ({
    ...playbook(),
    url: 'https://example.com/playbook',
  });

  it(
    'opens from the list with summary, topics, content preview, source and usage',
    async () => {
      const document = detailed();
      const { user, location } = renderKnowledge(knowledgeServer([document]).routes);
      await user.click(await screen.findByRole('button', { name: 'Pricing playbook.md' }));
      const dialog = await screen.findByRole('dialog', { name: 'Pricing playbook.md' });
      expect(location().search).toBe(`?document=${document.id}`);
      expect(within(dialog).getByText('Documents · Markdown')).toBeInTheDocument();
      expect(
        within(dialog).getByText('How we price the product for startups and enterprises.'),
      ).toBeInTheDocument();
      const topics = within(dialog).getByRole('list', { name: 'Key topics' });
      expect(
        within(topics)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Pricing', 'SaaS', 'Discounts', 'Enterprise']);
      expect(within(dialog).getByText('We raised prices for enterprise plans in March.')).toBeInTheDocument();
      const source = within(dialog).getByRole('link', { name: /https:\/\/example\.com\/playbook/ });
      expect(source).toHaveAttribute('href', 'https://example.com/playbook');
      expect(source).toHaveAttribute('target', '_blank');
      expect(source).toHaveAttribute('rel', 'noopener noreferrer');
      const usage = within(dialog).getByLabelText('Usage');
      expect(figure(usage, 'Requests')).toBe('12');
      expect(figure(usage, 'Relevance')).toBe('87%');
      expect(figure(usage, 'Connections')).toBe('4');
      const about = within(dialog).getByLabelText('Details');
      expect(figure(about, 'Size')).toBe('1.25 MB');
      expect(figure(about, 'Added')).toBe('March 5, 2026');

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(location().search).toBe('');
    },
    SLOW,
  );

  it(
    'opened from "Why this draft", shows the cited passage first and marks it in the preview',
    async () => {
      const document = makeDocument({
        ...playbook(),
        contentPreview: 'Intro.\nWe raised prices for enterprise plans\nin March. Startups pay less.',
      });
      const passage = '…We raised prices for enterprise plans in March…';
      const { user, location } = renderKnowledge(knowledgeServer([document]).routes, {
        path: `/documents?${new URLSearchParams({ document: document.id, passage }).toString()}`,
      });
      const dialog = await screen.findByRole('dialog', { name: 'Pricing playbook.md' });
      const cited = within(dialog).getByRole('heading', { name: 'Passage cited' });
      expect(cited.nextElementSibling).toHaveTextContent(passage);
      // Found in the preview across its line break, without the snippet's ellipses.
      const mark = within(dialog).getByLabelText('Content preview').querySelector('mark');
      expect(mark?.textContent).toBe('We raised prices for enterprise plans\nin March');

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(location().search).toBe('');
    },
    SLOW,
  );

  it(
    'replaces the file of a failed upload and queues it again (multipart retry)',
    async () => {
      const broken = makeDocument({
        name: 'Broken.pdf',
        type: 'pdf',
        status: 'error',
        errorCode: 'pdf_password',
        errorReason: 'Encrypted.',
      });
      const { routes } = knowledgeServer([broken]);
      const { user, fake } = renderKnowledge(routes, { path: `/documents?document=${broken.id}` });
      const dialog = await screen.findByRole('dialog', { name: 'Broken.pdf' });
      expect(
        within(dialog).getByText('Processing failed: The PDF is protected by a password.'),
      ).toBeInTheDocument();
      const replacement = new File(['%PDF-1.7 fixed'], 'Fixed.pdf', { type: 'application/pdf' });
      await user.upload(within(dialog).getByLabelText('Replace the file and retry'), replacement);

      await waitFor(() => expect(fake.callsTo(apiRoutes.knowledge.retry, { id: broken.id })).toHaveLength(1));
      const form = fake.callsTo(apiRoutes.knowledge.retry, { id: broken.id })[0]!.body as FormData;
      expect([...form.keys()]).toEqual(['files']);
      expect((form.get('files') as File).name).toBe('Fixed.pdf');
      expect(await within(dialog).findByRole('progressbar', { name: 'Processing' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'asks before deleting, then deletes, closes, toasts and refreshes the list',
    async () => {
      const document = detailed();
      const { routes } = knowledgeServer([document, stripeBlog()]);
      const { user, fake } = renderKnowledge(routes, { path: `/documents?document=${document.id}` });
      const dialog = await screen.findByRole('dialog', { name: 'Pricing playbook.md' });

      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      let confirm = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
      expect(confirm).toHaveTextContent('“Pricing playbook.md” will be removed from your knowledge base.');
      expect(fake.callsTo(apiRoutes.knowledge.delete, { id: document.id })).toHaveLength(0);
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(fake.callsTo(apiRoutes.knowledge.delete, { id: document.id })).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      confirm = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
      const detailLoads = fake.callsTo(apiRoutes.knowledge.get, { id: document.id }).length;
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.knowledge.delete, { id: document.id })).toHaveLength(1),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(await screen.findByText('Document deleted')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Pricing playbook.md' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('article', { name: 'Stripe blog' })).toBeInTheDocument();
      // The closing detail does not ask for the deleted document again.
      expect(fake.callsTo(apiRoutes.knowledge.get, { id: document.id })).toHaveLength(detailLoads);
    },
    SLOW,
  );
});
