import {
  type Contact,
  routes as apiRoutes,
  type Task,
  type TaskCounts,
  type TaskStatus,
} from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorReply, type FakeRequest, fakeRoute, OK_REPLY, routeKey } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';
import { makeTask } from '@/test-support/task-fixtures';
import { TasksBoardPage } from './tasks-board-page';

let idCounter = 0;

function makeContact(name: string, company: string | null = null): Contact {
  idCounter++;
  return {
    id: `11111111-0000-4000-8000-${String(idCounter).padStart(12, '0')}`,
    name,
    company,
    language: 'en',
    source: 'email',
    handle: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/**
 * A fake of the task API over an in-memory list: the list filters and pages like the server
 * (newest first), counts follow the list, status changes and deletes change it.
 */
function taskServer(initial: Task[], contacts: Contact[] = []) {
  const tasks = [...initial];
  const initialIds = new Set(initial.map((task) => task.id));
  const find = (id: string) => tasks.find((task) => task.id === id)!;
  const routes: ServerRoutes = {
    ...signedInRoutes(),
    ...fakeRoute(apiRoutes.tasks.list, ({ query }: FakeRequest) => {
      const status = query.get('status');
      const type = query.get('type');
      const priority = query.get('priority');
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 10);
      const matching = tasks
        .filter((task) => !status || task.status === status)
        .filter((task) => !type || task.type === type)
        .filter((task) => !priority || task.priority === priority)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      // Cursors here are task ids: `after` one the next page starts below it, `before` one above.
      const after = query.get('after');
      const before = query.get('before');
      const at = (id: string) => matching.findIndex((task) => task.id === id);
      const start = after ? at(after) + 1 : before ? Math.max(0, at(before) - limit) : (page - 1) * limit;
      const end = before ? at(before) : start + limit;
      const items = matching.slice(start, end);
      return {
        body: {
          items,
          total: matching.length,
          page: after || before ? null : page,
          limit,
          hasMore: end < matching.length,
          nextCursor: end < matching.length ? items.at(-1)!.id : null,
          prevCursor: start > 0 ? items[0]!.id : null,
        },
      };
    }),
    ...fakeRoute(apiRoutes.tasks.counts, () => {
      const byStatus = { pending: 0, in_progress: 0, completed: 0 };
      const byPriority = { high: 0, medium: 0, low: 0 };
      for (const task of tasks) {
        byStatus[task.status]++;
        byPriority[task.priority]++;
      }
      return { body: { total: tasks.length, byStatus, byPriority } satisfies TaskCounts };
    }),
    ...fakeRoute(apiRoutes.tasks.create, ({ body }: FakeRequest) => {
      const input = body as Partial<Task>;
      const contact = contacts.find((c) => c.id === input.contactId) ?? null;
      const task = makeTask({
        ...input,
        contact: contact && { ...contact },
        createdAt: '2026-03-09T12:00:00.000Z',
      });
      tasks.push(task);
      return { status: 201, body: task };
    }),
    ...fakeRoute(apiRoutes.contacts.list, ({ query }: FakeRequest) => {
      const q = (query.get('q') ?? '').toLowerCase();
      const items = contacts
        .filter((c) => `${c.name} ${c.company ?? ''}`.toLowerCase().includes(q))
        .map((c) => ({
          ...c,
          channels: [{ source: c.source, handle: c.handle }],
          persona: null,
          lastContactAt: null,
          openTasks: 0,
        }));
      return { body: { items, nextCursor: null, total: items.length, totalCapped: false } };
    }),
    // Only the tasks the server starts with can be moved or deleted.
    ...fakeRoute(apiRoutes.tasks.updateStatus, ({ params: { id }, body }) => {
      if (!initialIds.has(id)) return errorReply(404, 'not_found', 'Not found');
      const task = find(id);
      task.status = (body as { status: TaskStatus }).status;
      task.completedAt = task.status === 'completed' ? '2026-03-09T12:00:00.000Z' : null;
      return { body: task };
    }),
    ...fakeRoute(apiRoutes.tasks.update, ({ params: { id }, body }) => {
      if (!initialIds.has(id)) return errorReply(404, 'not_found', 'Not found');
      const task = find(id);
      const changes = body as Partial<Pick<Task, 'status' | 'assignee' | 'dueAt'>>;
      if (changes.status) {
        task.status = changes.status;
        task.completedAt = task.status === 'completed' ? '2026-03-09T12:00:00.000Z' : null;
      }
      if (changes.assignee !== undefined) task.assignee = changes.assignee;
      if (changes.dueAt !== undefined) task.dueAt = changes.dueAt;
      return { body: task };
    }),
    ...fakeRoute(apiRoutes.tasks.bulk, ({ body }) => {
      const { ids, action } = body as { ids: string[]; action: 'complete' | 'delete' };
      const own = tasks.filter((task) => ids.includes(task.id));
      for (const task of own) {
        if (action === 'delete') tasks.splice(tasks.indexOf(task), 1);
        else {
          task.status = 'completed';
          task.completedAt = '2026-03-09T12:00:00.000Z';
        }
      }
      return { body: { changed: own.length } };
    }),
    ...fakeRoute(apiRoutes.tasks.delete, ({ params: { id } }) => {
      if (!initialIds.has(id)) return errorReply(404, 'not_found', 'Not found');
      tasks.splice(tasks.indexOf(find(id)), 1);
      return OK_REPLY;
    }),
  };
  return { tasks, routes };
}

function renderBoard(routes: ServerRoutes, path = '/tasks') {
  return renderWithProviders(<Route path="/tasks" element={<TasksBoardPage />} />, { path, server: routes });
}

/** The distinct query strings GET /api/tasks was called with (StrictMode may fetch twice). */
function listQueries(fake: ReturnType<typeof renderBoard>['fake']): string[] {
  return [...new Set(fake.callsTo(apiRoutes.tasks.list).map((call) => call.query.toString()))];
}

/** Typing and dialogs in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

const card = (title: string) => screen.getByRole('article', { name: title });

const SAMPLE = () => [
  makeTask({
    title: 'Reply to Anna',
    description: 'She asked about the pilot terms.',
    priority: 'high',
    createdAt: '2026-03-03T10:00:00.000Z',
    dueAt: '2099-03-20T22:59:59.999Z',
  }),
  makeTask({ title: 'Post the launch recap', type: 'linkedin_post', status: 'in_progress', priority: 'low' }),
  makeTask({
    title: 'Thank Mark',
    status: 'completed',
    createdAt: '2026-02-20T10:00:00.000Z',
    completedAt: '2026-02-21T10:00:00.000Z',
  }),
];

describe('AI Tasks board', () => {
  it(
    'lists one page of 50 tasks as cards with priority, status, type, description and dates',
    async () => {
      const { routes } = taskServer(SAMPLE());
      const { fake } = renderBoard(routes);

      expect(screen.getByRole('heading', { level: 1, name: 'AI Tasks' })).toBeInTheDocument();
      const anna = await screen.findByRole('article', { name: 'Reply to Anna' });
      expect(listQueries(fake)).toEqual(['page=1&limit=50']);
      expect(document.title).toBe('AI Tasks · Doppel');

      const inAnna = within(anna);
      expect(inAnna.getByRole('img', { name: 'Status: Pending' })).toBeInTheDocument();
      expect(inAnna.getByText('High')).toBeInTheDocument();
      expect(inAnna.getByText('Message Reply')).toBeInTheDocument();
      expect(inAnna.getByText('She asked about the pilot terms.')).toBeInTheDocument();
      expect(inAnna.getByText('03.03')).toHaveAttribute('datetime', '2026-03-03T10:00:00.000Z');
      expect(inAnna.getByText('Due')).toBeInTheDocument();
      expect(inAnna.getByRole('button', { name: 'Complete' })).toBeInTheDocument();

      expect(
        within(card('Post the launch recap')).getByRole('img', { name: 'Status: In progress' }),
      ).toBeInTheDocument();
      expect(within(card('Post the launch recap')).getByText('LinkedIn Post')).toBeInTheDocument();
      const done = within(card('Thank Mark'));
      expect(done.getByRole('img', { name: 'Status: Completed' })).toBeInTheDocument();
      expect(done.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();

      // Newest first, as the server sends them.
      expect(
        within(screen.getByRole('list', { name: 'Tasks' }))
          .getAllByRole('heading', { level: 2 })
          .map((heading) => heading.textContent),
      ).toEqual(['Reply to Anna', 'Post the launch recap', 'Thank Mark']);

      const tabs = screen.getByRole('tablist', { name: 'Filter by status' });
      await waitFor(() =>
        expect(
          within(tabs)
            .getAllByRole('tab')
            .map((tab) => tab.textContent),
        ).toEqual(['All 3', 'Pending 1', 'In progress 1', 'Completed 1']),
      );
      expect(within(tabs).getByRole('tab', { name: 'All 3' })).toHaveAttribute('aria-selected', 'true');
    },
    SLOW,
  );

  it(
    'asks the server for the chosen status and keeps it in the address',
    async () => {
      const { routes } = taskServer(SAMPLE());
      const { user, fake, location } = renderBoard(routes);
      await screen.findByRole('article', { name: 'Reply to Anna' });

      await user.click(screen.getByRole('tab', { name: /^Completed/ }));
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Reply to Anna' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('article', { name: 'Thank Mark' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: /^Completed/ })).toHaveAttribute('aria-selected', 'true');
      expect(listQueries(fake)).toContain('status=completed&page=1&limit=50');
      expect(location().search).toBe('?status=completed');

      // Arrow keys move between the tabs, as in any tab list.
      await user.keyboard('{ArrowLeft}');
      expect(await screen.findByRole('article', { name: 'Post the launch recap' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: /^In progress/ })).toHaveFocus();
      expect(listQueries(fake)).toContain('status=in_progress&page=1&limit=50');
    },
    SLOW,
  );

  it(
    'opens on the filter in the address and shows the spec’s text when nothing matches',
    async () => {
      const { routes } = taskServer([makeTask({ title: 'Only pending' })]);
      renderBoard(routes, '/tasks?status=completed');
      expect(await screen.findByText('No tasks available')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: /^Completed/ })).toHaveAttribute('aria-selected', 'true');
    },
    SLOW,
  );

  it(
    'moves a task pending → in progress → completed → pending with the card’s status buttons',
    async () => {
      const { routes, tasks } = taskServer(SAMPLE());
      const annaId = tasks.find((task) => task.title === 'Reply to Anna')!.id;
      const { user, fake } = renderBoard(routes);
      const anna = await screen.findByRole('article', { name: 'Reply to Anna' });
      const actions = () =>
        within(within(card('Reply to Anna')).getByRole('group', { name: 'Change status' }))
          .getAllByRole('button')
          .map((button) => button.textContent);
      expect(actions()).toEqual(['Start', 'Complete']);

      await user.click(within(anna).getByRole('button', { name: 'Start' }));
      expect(await screen.findByText('Task status changed: In progress')).toBeInTheDocument();
      await waitFor(() =>
        expect(
          within(card('Reply to Anna')).getByRole('img', { name: 'Status: In progress' }),
        ).toBeInTheDocument(),
      );
      expect(actions()).toEqual(['Complete', 'Reopen']);

      await user.click(within(card('Reply to Anna')).getByRole('button', { name: 'Complete' }));
      await waitFor(() =>
        expect(
          within(card('Reply to Anna')).getByRole('img', { name: 'Status: Completed' }),
        ).toBeInTheDocument(),
      );
      expect(actions()).toEqual(['Reopen', 'Start']);
      expect(within(card('Reply to Anna')).getByText('Done')).toBeInTheDocument();

      await user.click(within(card('Reply to Anna')).getByRole('button', { name: 'Reopen' }));
      await waitFor(() =>
        expect(
          within(card('Reply to Anna')).getByRole('img', { name: 'Status: Pending' }),
        ).toBeInTheDocument(),
      );
      expect(actions()).toEqual(['Start', 'Complete']);
      expect(fake.callsTo(apiRoutes.tasks.update, { id: annaId }).map((call) => call.body)).toEqual([
        { status: 'in_progress' },
        { status: 'completed' },
        { status: 'pending' },
      ]);
    },
    SLOW,
  );

  it(
    'completes a task with the quick button and shows its new status',
    async () => {
      const { routes, tasks } = taskServer(SAMPLE());
      const annaId = tasks.find((task) => task.title === 'Reply to Anna')!.id;
      const { user, fake } = renderBoard(routes);
      const anna = await screen.findByRole('article', { name: 'Reply to Anna' });

      await user.click(within(anna).getByRole('button', { name: 'Complete' }));

      expect(await screen.findByText('Task status changed: Completed')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.tasks.update, { id: annaId }).map((call) => call.body)).toEqual([
        { status: 'completed' },
      ]);
      await waitFor(() =>
        expect(
          within(card('Reply to Anna')).getByRole('img', { name: 'Status: Completed' }),
        ).toBeInTheDocument(),
      );
      expect(
        within(card('Reply to Anna')).queryByRole('button', { name: 'Complete' }),
      ).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('tab', { name: 'Completed 2' })).toBeInTheDocument());
      // Focus stays on the card whose button went away.
      expect(card('Reply to Anna')).toHaveFocus();
    },
    SLOW,
  );

  it(
    'deletes a task only after confirmation',
    async () => {
      const { routes } = taskServer(SAMPLE());
      const { user, fake } = renderBoard(routes);
      const anna = await screen.findByRole('article', { name: 'Reply to Anna' });

      await user.click(within(anna).getByRole('button', { name: 'Delete task' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Delete task?' });
      expect(dialog).toHaveTextContent('“Reply to Anna” will be deleted. This cannot be undone.');
      // Cancel is focused first, so Enter does not delete by accident.
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(fake.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
      expect(within(anna).getByRole('button', { name: 'Delete task' })).toHaveFocus();

      await user.click(within(anna).getByRole('button', { name: 'Delete task' }));
      dialog = await screen.findByRole('alertdialog', { name: 'Delete task?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('Task deleted')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Reply to Anna' })).not.toBeInTheDocument(),
      );
      expect(fake.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByRole('tabpanel')).toHaveFocus();
    },
    SLOW,
  );

  it(
    'requires a title before creating a task',
    async () => {
      const { routes } = taskServer(SAMPLE());
      const { user, fake } = renderBoard(routes);
      await screen.findByRole('article', { name: 'Reply to Anna' });

      await user.click(screen.getByRole('button', { name: 'Create task' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'New task' }));
      expect(dialog.getByLabelText('Title')).toHaveFocus();
      await user.type(dialog.getByLabelText('Title'), '   ');
      await user.click(dialog.getByRole('button', { name: 'Create task' }));

      expect(await dialog.findByText('Title is required')).toBeInTheDocument();
      expect(dialog.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
      expect(fake.callsTo(apiRoutes.tasks.create)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'creates a task with type, priority, description, contact and due date',
    async () => {
      const anna = makeContact('Anna Schneider', 'Nordlicht Ventures');
      const { routes } = taskServer(SAMPLE(), [anna, makeContact('Mark Thompson')]);
      const { user, fake } = renderBoard(routes);
      await screen.findByRole('article', { name: 'Reply to Anna' });

      await user.click(screen.getByRole('button', { name: 'Create task' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'New task' }));
      expect(dialog.getAllByRole('option').map((option) => option.textContent)).toEqual(
        expect.arrayContaining([
          'Message Reply',
          'Proactive Message',
          'LinkedIn Post',
          'Reddit Post',
          'Reddit Comment',
          'High Concept Analysis',
        ]),
      );
      await user.type(dialog.getByLabelText('Title'), 'Congratulate Anna on the round');
      await user.selectOptions(dialog.getByLabelText('Type'), 'LinkedIn Post');
      await user.selectOptions(dialog.getByLabelText('Priority'), 'High');
      await user.type(dialog.getByLabelText('Description'), 'Short and warm.');
      const contact = dialog.getByLabelText('Contact');
      await waitFor(() => expect(contact).toBeEnabled());
      // A short list needs no search box.
      expect(dialog.queryByRole('searchbox', { name: 'Search contacts' })).not.toBeInTheDocument();
      await user.selectOptions(contact, 'Anna Schneider — Nordlicht Ventures');
      await user.type(dialog.getByLabelText('Due date'), '2026-04-10');
      await user.click(dialog.getByRole('button', { name: 'Create task' }));

      expect(await screen.findByText('Task created')).toBeInTheDocument();
      const [post] = fake.callsTo(apiRoutes.tasks.create);
      const due = new Date((post!.body as { dueAt: string }).dueAt);
      expect(post!.body).toEqual({
        title: 'Congratulate Anna on the round',
        type: 'linkedin_post',
        priority: 'high',
        description: 'Short and warm.',
        contactId: anna.id,
        dueAt: expect.stringMatching(/Z$/),
      });
      expect([due.getFullYear(), due.getMonth() + 1, due.getDate()]).toEqual([2026, 4, 10]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New task' })).not.toBeInTheDocument());
      // Focus goes back to the button that opened the form.
      expect(screen.getByRole('button', { name: 'Create task' })).toHaveFocus();
      const created = await screen.findByRole('article', { name: 'Congratulate Anna on the round' });
      expect(within(created).getByText('Anna Schneider')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'offers a contact search when there are many contacts',
    async () => {
      const many = Array.from({ length: 12 }, (_, i) => makeContact(`Person ${String(i).padStart(2, '0')}`));
      const anna = makeContact('Anna Schneider', 'Nordlicht Ventures');
      const { routes } = taskServer(SAMPLE(), [anna, ...many]);
      const { user, fake } = renderBoard(routes);
      await screen.findByRole('article', { name: 'Reply to Anna' });

      await user.click(screen.getByRole('button', { name: 'Create task' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'New task' }));
      await user.type(await dialog.findByRole('searchbox', { name: 'Search contacts' }), 'nordlicht');

      await waitFor(() =>
        expect(fake.callsTo(apiRoutes.contacts.list).map((call) => call.query.get('q'))).toContain(
          'nordlicht',
        ),
      );
      const contact = dialog.getByLabelText('Contact');
      await waitFor(() =>
        expect(
          within(contact)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual(['No contact', 'Anna Schneider — Nordlicht Ventures']),
      );
      await user.type(dialog.getByRole('searchbox', { name: 'Search contacts' }), 'zzz');
      expect(await dialog.findByText('No contacts match “nordlichtzzz”.')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the error with a retry that loads the tasks again',
    async () => {
      const { routes } = taskServer(SAMPLE());
      let failing = true;
      const list = routes[routeKey(apiRoutes.tasks.list)] as (
        request: FakeRequest,
      ) => ReturnType<typeof errorReply>;
      routes[routeKey(apiRoutes.tasks.list)] = (request: FakeRequest) =>
        failing ? errorReply(500, 'internal', '') : list(request);
      const { user } = renderBoard(routes);

      // The query retries once on its own before it gives up.
      const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
      expect(alert).toHaveTextContent('Failed to load tasks');
      failing = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('article', { name: 'Reply to Anna' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows the empty state with the create action',
    async () => {
      const { routes } = taskServer([]);
      const { user } = renderBoard(routes);
      expect(await screen.findByText('No tasks available')).toBeInTheDocument();
      const buttons = screen.getAllByRole('button', { name: 'Create task' });
      expect(buttons).toHaveLength(2);
      await user.click(buttons[1]!);
      expect(await screen.findByRole('dialog', { name: 'New task' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'pages through more than 50 tasks instead of loading them all',
    async () => {
      const many = Array.from({ length: 120 }, (_, i) =>
        makeTask({ title: `Bulk ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }),
      );
      const { routes } = taskServer(many);
      const { user, fake, location } = renderBoard(routes);
      await screen.findByRole('article', { name: 'Bulk 119' });
      expect(within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('article')).toHaveLength(50);

      const pages = screen.getByRole('navigation', { name: 'Pages' });
      expect(pages).toHaveTextContent('1–50 of 120');
      expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
      await user.click(within(pages).getByRole('button', { name: 'Next page' }));
      expect(await screen.findByRole('article', { name: 'Bulk 69' })).toBeInTheDocument();
      expect(pages).toHaveTextContent('51–100 of 120');
      // Next reads on after the last card shown; the address keeps that cursor for a reload.
      const lastOfFirst = many.find((task) => task.title === 'Bulk 70')!.id;
      expect(listQueries(fake)).toEqual(['page=1&limit=50', `after=${lastOfFirst}&limit=50`]);
      expect(location().search).toBe(`?page=2&after=${lastOfFirst}`);

      await user.click(within(pages).getByRole('button', { name: 'Next page' }));
      expect(await screen.findByRole('article', { name: 'Bulk 19' })).toBeInTheDocument();
      expect(pages).toHaveTextContent('101–120 of 120');
      expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();

      // Previous reads back from the first card shown, and page 1 is the first page again.
      await user.click(within(pages).getByRole('button', { name: 'Previous page' }));
      expect(await screen.findByRole('article', { name: 'Bulk 69' })).toBeInTheDocument();
      expect(pages).toHaveTextContent('51–100 of 120');
      const firstOfThird = many.find((task) => task.title === 'Bulk 19')!.id;
      expect(location().search).toBe(`?page=2&before=${firstOfThird}`);
      await user.click(within(pages).getByRole('button', { name: 'Previous page' }));
      expect(await screen.findByRole('article', { name: 'Bulk 119' })).toBeInTheDocument();
      expect(location().search).toBe('');
    },
    SLOW,
  );
  it(
    'filters by type and priority beside the status, with each priority’s count, kept in the address',
    async () => {
      const { routes } = taskServer(SAMPLE());
      const { user, fake, location } = renderBoard(routes);
      await screen.findByRole('article', { name: 'Reply to Anna' });

      const priority = screen.getByLabelText('Priority');
      await waitFor(() =>
        expect(
          within(priority)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual(['All priorities', 'High · 1', 'Medium · 1', 'Low · 1']),
      );
      await user.selectOptions(screen.getByLabelText('Type'), 'LinkedIn Post');
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Reply to Anna' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('article', { name: 'Post the launch recap' })).toBeInTheDocument();
      expect(location().search).toBe('?type=linkedin_post');

      await user.selectOptions(priority, 'High · 1');
      expect(await screen.findByText('No tasks available')).toBeInTheDocument();
      expect(listQueries(fake)).toContain('type=linkedin_post&priority=high&page=1&limit=50');
      expect(location().search).toBe('?type=linkedin_post&priority=high');
    },
    SLOW,
  );

  it(
    'edits the assignee and due date of a card in a small dialog',
    async () => {
      const { routes, tasks } = taskServer(SAMPLE());
      const anna = tasks.find((task) => task.title === 'Reply to Anna')!;
      const { user, fake } = renderBoard(routes);
      await screen.findByRole('article', { name: 'Reply to Anna' });

      await user.click(
        within(card('Reply to Anna')).getByRole('button', { name: 'Edit assignee and due date' }),
      );
      const dialog = within(await screen.findByRole('dialog', { name: 'Assignee and due date' }));
      expect(dialog.getByLabelText('Assignee')).toHaveValue('');
      expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
      await user.selectOptions(dialog.getByLabelText('Assignee'), 'Twin');
      await user.click(dialog.getByRole('button', { name: 'Clear due date' }));
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Task updated')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.tasks.update, { id: anna.id }).map((call) => call.body)).toEqual([
        { assignee: 'twin', dueAt: null },
      ]);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Assignee and due date' })).not.toBeInTheDocument(),
      );
      await waitFor(() =>
        expect(within(card('Reply to Anna')).getByText('Assignee: Twin')).toBeInTheDocument(),
      );
      expect(within(card('Reply to Anna')).queryByText('Due')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows overdue on a card whose due day has passed, not on a completed one',
    async () => {
      const { routes } = taskServer([
        makeTask({ title: 'Late reply', dueAt: '2020-01-01T22:59:59.999Z' }),
        makeTask({ title: 'Late but done', status: 'completed', dueAt: '2020-01-01T22:59:59.999Z' }),
      ]);
      renderBoard(routes);
      expect(
        within(await screen.findByRole('article', { name: 'Late reply' })).getByText('Overdue'),
      ).toBeInTheDocument();
      expect(within(card('Late but done')).queryByText('Overdue')).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'selects cards, completes them in bulk, and deletes in bulk only after a confirmation that says how many',
    async () => {
      const { routes, tasks } = taskServer(SAMPLE());
      const id = (title: string) => tasks.find((task) => task.title === title)!.id;
      const [annaId, recapId] = [id('Reply to Anna'), id('Post the launch recap')];
      const { user, fake } = renderBoard(routes);
      await screen.findByRole('article', { name: 'Reply to Anna' });
      const bar = () => within(screen.getByRole('toolbar', { name: 'Selected tasks' }));
      expect(bar().queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: 'Select “Reply to Anna”' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select “Post the launch recap”' }));
      expect(bar().getByText('2 selected')).toBeInTheDocument();
      await user.click(bar().getByRole('button', { name: 'Complete' }));
      expect(await screen.findByText('2 tasks completed')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.tasks.bulk).map((call) => call.body)).toEqual([
        { ids: [annaId, recapId], action: 'complete' },
      ]);
      await waitFor(() =>
        expect(
          within(card('Post the launch recap')).getByRole('img', { name: 'Status: Completed' }),
        ).toBeInTheDocument(),
      );
      expect(screen.getByRole('checkbox', { name: 'Select “Reply to Anna”' })).not.toBeChecked();

      await user.click(bar().getByRole('checkbox', { name: 'Select all on this page' }));
      expect(bar().getByText('3 selected')).toBeInTheDocument();
      await user.click(bar().getByRole('button', { name: 'Delete' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Delete 3 tasks?' });
      expect(dialog).toHaveTextContent('3 tasks will be deleted. This cannot be undone.');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(fake.callsTo(apiRoutes.tasks.bulk)).toHaveLength(1);
      expect(screen.getAllByRole('article')).toHaveLength(3);

      await user.click(screen.getByRole('checkbox', { name: 'Select “Thank Mark”' }));
      expect(bar().getByText('2 selected')).toBeInTheDocument();
      await user.click(bar().getByRole('button', { name: 'Delete' }));
      dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 tasks?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('2 tasks deleted')).toBeInTheDocument();
      expect(fake.callsTo(apiRoutes.tasks.bulk).at(-1)!.body).toEqual({
        ids: [annaId, recapId],
        action: 'delete',
      });
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
      expect(screen.getByRole('article', { name: 'Thank Mark' })).toBeInTheDocument();
    },
    SLOW,
  );
});
