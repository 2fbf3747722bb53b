import { routes as apiRoutes, type Task, type TaskPage } from '@doppel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeRoute } from '@/test-support/fake-api';
import { renderWithProviders, signedInRoutes } from '@/test-support/render-with-providers';
import { makeTask, taskPage } from '@/test-support/task-fixtures';
import { ActionsPage } from './actions-page';

// The page's lazy chunks take seconds to transform on a loaded machine: load them up front.
beforeAll(async () => {
  await Promise.all([
    import('./desktop-actions'),
    import('./mobile-actions'),
    import('./composer'),
    import('./task-dialog'),
  ]);
}, 60_000);

const contact = {
  id: 'c1',
  name: 'Anna Schneider',
  company: 'Nordlicht',
  source: 'whatsapp' as const,
  language: 'de',
};

/**
 * A fake of the task API over an in-memory list: the list, one task, and PATCH changing status
 * (completed stamps completedAt), assignee and due date as the server does.
 */
function taskServer(initial: Task[]) {
  const tasks = initial.map((task) => ({ ...task }));
  const find = (id: string) => tasks.find((task) => task.id === id)!;
  const page = (): TaskPage => taskPage(tasks);
  return {
    tasks,
    routes: {
      ...signedInRoutes(),
      ...fakeRoute(apiRoutes.tasks.list, () => ({ body: page() })),
      ...fakeRoute(apiRoutes.tasks.get, ({ params: { id } }) => ({ body: { ...find(id) } })),
      ...fakeRoute(apiRoutes.tasks.update, ({ params: { id }, body }) => {
        const task = find(id);
        const changes = body as Partial<Pick<Task, 'status' | 'assignee' | 'dueAt'>>;
        if (changes.status) {
          task.status = changes.status;
          task.completedAt = changes.status === 'completed' ? '2026-11-20T10:00:00.000Z' : null;
        }
        if (changes.assignee !== undefined) task.assignee = changes.assignee;
        if (changes.dueAt !== undefined) task.dueAt = changes.dueAt;
        return { body: { ...task } };
      }),
    },
  };
}

function renderActions(tasks: Task[], { path = '/actions', width = 1280 } = {}) {
  const server = taskServer(tasks);
  return {
    ...renderWithProviders(<Route path="/actions" element={<ActionsPage />} />, {
      path,
      width,
      server: server.routes,
    }),
    server,
  };
}

const first = makeTask({ title: 'Reply to Anna', contactId: contact.id, contact });
const second = makeTask({ title: 'Post the recap', type: 'linkedin_post' });
const third = makeTask({ title: 'Thank Mark' });

describe('Assistant keyboard (desktop)', () => {
  it('moves the selection with ↑/↓, opens the detail with Enter, the editor with E and the help with ?', async () => {
    const { user, location } = renderActions([first, second, third]);
    await screen.findByRole('button', { name: /Reply to Anna/ });

    await user.keyboard('{ArrowDown}');
    expect(location().search).toBe(`?task=${first.id}`);
    expect(screen.getByRole('button', { name: /Reply to Anna/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /Reply to Anna/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(location().search).toBe(`?task=${third.id}`);
    // The last task stays selected: ↓ does not wrap around.
    await user.keyboard('{ArrowDown}');
    expect(location().search).toBe(`?task=${third.id}`);
    await user.keyboard('{ArrowUp}');
    expect(location().search).toBe(`?task=${second.id}`);
    const list = within(screen.getByRole('list', { name: 'Task list' }));
    expect(list.getByRole('button', { name: /Post the recap/ })).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    const detail = await screen.findByRole('article', { name: 'Anna Schneider' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(detail).toHaveFocus());
    expect(location().search).toBe(`?task=${first.id}`);

    await user.keyboard('e');
    const message = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(message).toHaveFocus());
    expect((message as HTMLTextAreaElement).value).not.toBe('');

    // Typing in the editor is text, not shortcuts.
    await user.clear(message);
    await user.keyboard('Hello? Yes{ArrowUp}{ArrowDown}');
    expect(message).toHaveValue('Hello? Yes');
    expect(location().search).toBe(`?task=${first.id}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    message.blur();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const text of [
      'Select the previous task',
      'Select the next task',
      'Open the selected task',
      'Write a reply to the selected task',
      'Show these shortcuts',
    ]) {
      expect(within(help).getByText(text)).toBeInTheDocument();
    }
    // A dialog owns the keyboard: the list does not move behind it.
    await user.keyboard('{ArrowDown}');
    expect(location().search).toBe(`?task=${first.id}`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);

  it('opens the help sheet from the visible keyboard button too', async () => {
    const { user } = renderActions([first]);
    await user.click(await screen.findByRole('button', { name: 'Keyboard shortcuts' }));
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('E')).toBeInTheDocument();
    expect(within(help).getByText('Enter')).toBeInTheDocument();
  });

  it('ignores the shortcuts while the user types in the due date or assignee field', async () => {
    const { user, location } = renderActions([first, second], { path: `/actions?task=${second.id}` });
    const detail = await screen.findByRole('article', { name: 'Unknown Contact' });
    const assignee = within(detail).getByLabelText('Assignee');
    assignee.focus();
    await user.keyboard('{ArrowDown}');
    expect(location().search).toBe(`?task=${second.id}`);
    within(detail).getByLabelText('Due date').focus();
    await user.keyboard('e?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });
});

describe('Assistant task status and plan', () => {
  it('moves the task pending → in progress → completed → pending from the detail', async () => {
    const { user, server } = renderActions([first], { path: `/actions?task=${first.id}` });
    const detail = within(await screen.findByRole('article', { name: 'Anna Schneider' }));
    const actions = () =>
      detail
        .getAllByRole('button')
        .filter((button) => button.closest('[role="group"]'))
        .map((button) => button.textContent);
    expect(detail.getByText('Status: Pending')).toBeInTheDocument();
    expect(actions()).toEqual(['Start', 'Complete']);

    await user.click(detail.getByRole('button', { name: 'Start' }));
    expect(await detail.findByText('Status: In progress')).toBeInTheDocument();
    expect(actions()).toEqual(['Complete', 'Reopen']);
    await user.click(detail.getByRole('button', { name: 'Complete' }));
    expect(await detail.findByText('Status: Completed')).toBeInTheDocument();
    expect(actions()).toEqual(['Reopen', 'Start']);
    expect(server.tasks[0]!.completedAt).not.toBeNull();
    await user.click(detail.getByRole('button', { name: 'Reopen' }));
    expect(await detail.findByText('Status: Pending')).toBeInTheDocument();
    expect(server.tasks[0]).toMatchObject({ status: 'pending', completedAt: null });
    // The list's card follows.
    const card = screen.getByRole('button', { name: /Reply to Anna/ });
    expect(within(card).queryByText('Completed')).not.toBeInTheDocument();
  });

  it('saves the assignee and due date, and marks a passed due date overdue', async () => {
    const late = makeTask({ title: 'Late answer', dueAt: '2020-03-01T22:59:59.999Z' });
    const { user, server } = renderActions([late], { path: `/actions?task=${late.id}` });
    const detail = within(await screen.findByRole('article', { name: 'Unknown Contact' }));
    expect(detail.getByText('Overdue')).toBeInTheDocument();

    await user.selectOptions(detail.getByLabelText('Assignee'), 'Me');
    const due = detail.getByLabelText('Due date');
    await user.clear(due);
    await user.type(due, '2099-06-15');
    await user.click(detail.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Task updated')).toBeInTheDocument();
    expect(server.tasks[0]!.assignee).toBe('user');
    const saved = new Date(server.tasks[0]!.dueAt!);
    expect([saved.getFullYear(), saved.getMonth() + 1, saved.getDate()]).toEqual([2099, 6, 15]);
    await waitFor(() => expect(detail.queryByText('Overdue')).not.toBeInTheDocument());
  });

  it('links the header to the task’s contact page', async () => {
    renderActions([first], { path: `/actions?task=${first.id}` });
    const link = await screen.findByRole('link', { name: 'Open contact Anna Schneider' });
    expect(link).toHaveAttribute('href', '/contacts/c1');
  });

  it('marks a completed card by its label and border, without fading its text', async () => {
    const done = makeTask({
      title: 'Done already',
      status: 'completed',
      completedAt: '2026-11-02T10:00:00.000Z',
    });
    renderActions([done]);
    const card = await screen.findByRole('button', { name: /Done already/ });
    expect(within(card).getByText('Completed')).toBeInTheDocument();
    for (const element of [card, ...card.querySelectorAll('*')]) {
      expect(element.getAttribute('class') ?? '').not.toMatch(/opacity-/);
    }
  });

  it('offers the status control and plan in the mobile task dialog', async () => {
    const { user, server } = renderActions([first], { width: 390 });
    await user.click(await screen.findByRole('button', { name: /Reply to Anna/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reply to Anna' }));
    await user.click(await dialog.findByRole('button', { name: 'Start' }));
    expect(await dialog.findByText('Status: In progress')).toBeInTheDocument();
    expect(server.tasks[0]!.status).toBe('in_progress');
    expect(dialog.getByLabelText('Assignee')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Open contact Anna Schneider' })).toHaveAttribute(
      'href',
      '/contacts/c1',
    );
  });
});
