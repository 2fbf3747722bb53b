import {
  routes as apiRoutes,
  type ContactDetail,
  type ContactSummary,
  type HistoryEntry,
} from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeRoute, OK_REPLY, type FakeRequest } from '@/test-support/fake-api';
import { makePersona } from '@/test-support/persona-fixtures';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { makeTask, taskPage } from '@/test-support/task-fixtures';
import { ContactPage } from './contact-page';
import { ContactsPage } from './contacts-page';

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

const contactUuid = (n: number) => `33333333-0000-4000-8000-${String(n).padStart(12, '0')}`;

function summary(n: number, overrides: Partial<ContactSummary> = {}): ContactSummary {
  return {
    id: contactUuid(n),
    name: `Contact ${String(n).padStart(3, '0')}`,
    company: null,
    language: 'en',
    source: 'email',
    handle: null,
    channels: [{ source: 'email', handle: null }],
    persona: null,
    lastContactAt: null,
    openTasks: 0,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

function detail(overrides: Partial<ContactDetail> = {}): ContactDetail {
  return {
    ...summary(1, {
      name: 'Lena Vogel',
      company: 'Vogel AG',
      language: 'de',
      source: 'telegram',
      handle: '424242',
      channels: [
        { source: 'telegram', handle: '424242' },
        { source: 'email', handle: 'lena@example.com' },
      ],
    }),
    notes: '',
    updatedAt: '2026-03-02T09:00:00.000Z',
    messageCount: 12,
    taskCount: 3,
    ...overrides,
  };
}

function message(n: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: `44444444-0000-4000-8000-${String(n).padStart(12, '0')}`,
    contactId: contactUuid(1),
    direction: 'inbound',
    channel: 'telegram',
    text: `Message ${n}`,
    originalText: null,
    originalLanguage: null,
    occurredAt: `2026-03-0${n}T10:00:00.000Z`,
    deliveryStatus: 'received',
    externalId: null,
    deliveryError: null,
    ...overrides,
  };
}

/** A contact book of `count` contacts (the first as given) that pages by 50 and finds names containing q. */
function contactBook(count: number, first?: ContactSummary) {
  const all = Array.from({ length: count }, (_, i) => (i === 0 && first ? first : summary(i + 1)));
  const requests: URLSearchParams[] = [];
  const handler = ({ query }: FakeRequest) => {
    requests.push(query);
    const q = (query.get('q') ?? '').toLowerCase();
    const matching = all.filter((contact) => contact.name.toLowerCase().includes(q));
    const start = query.get('cursor') ? Number(query.get('cursor')) : 0;
    const items = matching.slice(start, start + 50);
    return {
      body: {
        items,
        nextCursor: start + 50 < matching.length ? String(start + 50) : null,
        total: query.get('cursor') ? null : matching.length,
        totalCapped: false,
      },
    };
  };
  return { requests, routes: fakeRoute(apiRoutes.contacts.list, handler) };
}

describe('the Contacts list', () => {
  it(
    'shows each contact’s channels, language, persona, last contact and open tasks, and loads on as the end comes into view',
    async () => {
      const book = contactBook(
        60,
        summary(1, {
          name: 'Anna Schneider',
          company: 'Nordlicht Ventures',
          language: 'de',
          channels: [
            { source: 'telegram', handle: '1' },
            { source: 'email', handle: 'anna@example.com' },
          ],
          persona: { id: 'p1', name: 'Founder voice' },
          lastContactAt: '2026-03-05T10:00:00.000Z',
          openTasks: 2,
        }),
      );
      renderWithProviders(<Route path="/contacts" element={<ContactsPage />} />, {
        path: '/contacts',
        server: { ...signedInRoutes(), ...book.routes },
      });

      const list = await screen.findByRole('list', { name: 'Contacts' });
      expect(screen.getByText('60 contacts')).toBeInTheDocument();
      const anna = within(list).getByRole('link', { name: /Anna Schneider/ });
      expect(anna).toHaveAttribute('href', `/contacts/${contactUuid(1)}`);
      expect(anna).toHaveTextContent('Nordlicht Ventures');
      expect(anna).toHaveTextContent('Telegram · Email');
      expect(anna).toHaveTextContent('Persona: Founder voice');
      expect(anna).toHaveTextContent('Last contact 05.03');
      expect(anna).toHaveTextContent('2 open tasks');
      expect(within(anna).getByRole('img', { name: /German/ })).toBeInTheDocument();
      // The test DOM has no layout: every loaded row is in view, so the end is reached at once and
      // the next page loads without a click; each row says where it stands among all 60.
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
      expect(screen.queryByRole('button', { name: 'Show more contacts' })).not.toBeInTheDocument();
      const rows = within(list).getAllByRole('listitem');
      expect(rows[0]).toHaveAttribute('aria-setsize', '60');
      expect(rows[59]).toHaveAttribute('aria-posinset', '60');
    },
    SLOW,
  );

  it(
    'searches as the user types, and says when nothing matches',
    async () => {
      const book = contactBook(12);
      const { user } = renderWithProviders(<Route path="/contacts" element={<ContactsPage />} />, {
        path: '/contacts',
        server: { ...signedInRoutes(), ...book.routes },
      });
      await screen.findByRole('list', { name: 'Contacts' });
      await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), '011');
      await waitFor(() =>
        expect(within(screen.getByRole('list', { name: 'Contacts' })).getAllByRole('listitem')).toHaveLength(
          1,
        ),
      );
      expect(book.requests.at(-1)?.get('q')).toBe('011');
      await user.clear(screen.getByRole('searchbox', { name: 'Search contacts' }));
      await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'nobody');
      expect(await screen.findByText('No contact matches “nobody”')).toBeInTheDocument();
    },
    SLOW,
  );

  it('shows the empty state', async () => {
    renderWithProviders(<Route path="/contacts" element={<ContactsPage />} />, {
      path: '/contacts',
      server: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.contacts.list, {
          body: { items: [], nextCursor: null, total: 0, totalCapped: false },
        }),
      },
    });
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
  });

  it(
    'says when the list could not load, and loads it on Try again',
    async () => {
      let failing = true;
      const { user } = renderWithProviders(<Route path="/contacts" element={<ContactsPage />} />, {
        path: '/contacts',
        server: {
          ...signedInRoutes(),
          ...fakeRoute(apiRoutes.contacts.list, () =>
            // A refusal (4xx) is not retried by the query client, so the error shows at once.
            failing
              ? errorReply(403, 'forbidden', 'Not allowed')
              : { body: { items: [summary(1)], nextCursor: null, total: 1, totalCapped: false } },
          ),
        },
      });
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      failing = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('link', { name: /Contact 001/ })).toBeInTheDocument();
    },
    SLOW,
  );
});

function renderContact(overrides: ServerRoutes = {}, contact = detail()) {
  const edits: unknown[] = [];
  const merges: unknown[] = [];
  let deleted = false;
  const view = renderWithProviders(
    <>
      <Route path="/contacts/:id" element={<ContactPage />} />
      <Route path="/contacts" element={<p>All contacts page</p>} />
    </>,
    {
      path: `/contacts/${contact.id}`,
      server: {
        ...signedInRoutes(),
        ...fakeRoute(apiRoutes.contacts.get, () =>
          deleted ? errorReply(404, 'not_found', 'Contact not found') : { body: contact },
        ),
        ...fakeRoute(apiRoutes.contacts.timeline, ({ query }: FakeRequest) =>
          query.get('cursor')
            ? { body: { items: [message(1)], nextCursor: null } }
            : {
                body: {
                  items: [
                    message(3, {
                      direction: 'outbound',
                      channel: 'email',
                      text: 'See you Monday',
                      deliveryStatus: 'sent',
                    }),
                    message(2, {
                      text: 'Can we meet on Monday?',
                      originalText: 'Können wir uns Montag treffen?',
                      originalLanguage: 'de',
                    }),
                  ],
                  nextCursor: 'older',
                },
              },
        ),
        ...fakeRoute(apiRoutes.tasks.list, {
          body: taskPage([makeTask({ title: 'Reply to Lena', contactId: contact.id })]),
        }),
        ...fakeRoute(apiRoutes.personas.list, {
          body: { items: [makePersona({ name: 'Founder voice' }), makePersona({ name: 'Investor voice' })] },
        }),
        ...fakeRoute(apiRoutes.contacts.update, ({ body }: FakeRequest) => {
          edits.push(body);
          return { body: { ...contact, ...(body as object) } };
        }),
        ...fakeRoute(apiRoutes.contacts.merge, ({ body }: FakeRequest) => {
          merges.push(body);
          return { body: { ...detail(), id: contactUuid(7), name: 'Lena (email)' } };
        }),
        ...fakeRoute(apiRoutes.contacts.delete, () => {
          deleted = true;
          return OK_REPLY;
        }),
        ...overrides,
      },
    },
  );
  return { ...view, edits, merges };
}

describe('a contact’s page', () => {
  it(
    'shows the whole conversation oldest first, with the original beside the translation and earlier messages on request',
    async () => {
      const { user } = renderContact();
      expect(await screen.findByRole('heading', { level: 1, name: /Lena Vogel/ })).toBeInTheDocument();
      const conversation = await screen.findByRole('list', { name: 'Messages with Lena Vogel' });
      const items = () =>
        within(conversation)
          .getAllByRole('listitem')
          .map((item) => item.textContent);
      expect(items()[0]).toContain('Can we meet on Monday?');
      expect(items()[1]).toContain('See you Monday');
      await user.click(within(conversation).getByRole('button', { name: 'Show original' }));
      expect(within(conversation).getByText('Können wir uns Montag treffen?')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
      await waitFor(() => expect(items()).toHaveLength(3));
      expect(items()[0]).toContain('Message 1');
      expect(screen.getByRole('link', { name: /Reply to Lena/ })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/actions\?task=/),
      );
    },
    SLOW,
  );

  it(
    'changes the persona that speaks to the contact, and saves notes',
    async () => {
      const { user, edits } = renderContact();
      const persona = await screen.findByRole('combobox', { name: 'Speaks to this contact' });
      await waitFor(() => expect(within(persona).getAllByRole('option')).toHaveLength(3));
      const founder = within(persona).getByRole<HTMLOptionElement>('option', { name: 'Founder voice' });
      await user.selectOptions(persona, founder);
      await waitFor(() => expect(edits).toEqual([{ personaId: founder.value }]));

      const notes = screen.getByRole('textbox', { name: 'Your notes on this contact' });
      expect(screen.getByRole('button', { name: 'Save notes' })).toBeDisabled();
      await user.type(notes, 'Met at Slush');
      await user.click(screen.getByRole('button', { name: 'Save notes' }));
      await waitFor(() => expect(edits.at(-1)).toEqual({ notes: 'Met at Slush' }));
    },
    SLOW,
  );

  it(
    'asks before deleting, saying what goes and what stays, then returns to the list',
    async () => {
      const { user, location } = renderContact();
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete Lena Vogel?' });
      expect(dialog).toHaveTextContent(
        '12 messages will be deleted with the contact. 3 tasks will stay, without a contact.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus());

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete contact' }),
      );
      await waitFor(() => expect(location().pathname).toBe('/contacts'));
    },
    SLOW,
  );

  it(
    'merges the contact into the one chosen, saying what moves, and opens the one that remains',
    async () => {
      const other = summary(7, {
        name: 'Lena (email)',
        channels: [{ source: 'email', handle: 'lena@example.com' }],
      });
      const { user, merges, location } = renderContact({
        ...fakeRoute(apiRoutes.contacts.list, {
          body: {
            items: [summary(1, { name: 'Lena Vogel' }), other],
            nextCursor: null,
            total: 2,
            totalCapped: false,
          },
        }),
      });
      await user.click(await screen.findByRole('button', { name: 'Merge duplicate…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Merge Lena Vogel into another contact' });
      expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
      // The contact itself is never offered.
      expect(within(dialog).queryByRole('radio', { name: /Lena Vogel/ })).not.toBeInTheDocument();
      await user.click(await within(dialog).findByRole('radio', { name: /Lena \(email\)/ }));
      expect(dialog).toHaveTextContent('12 messages, 3 tasks and its channels move to Lena (email)');
      await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
      await waitFor(() => expect(merges).toEqual([{ intoContactId: contactUuid(7) }]));
      await waitFor(() => expect(location().pathname).toBe(`/contacts/${contactUuid(7)}`));
    },
    SLOW,
  );
});
