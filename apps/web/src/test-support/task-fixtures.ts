import type { Task, TaskPage } from '@doppel/contracts';

let taskCounter = 0;

/** A task as the server returns it; every call gets a new id and title. */
export function makeTask(overrides: Partial<Task> = {}): Task {
  taskCounter++;
  return {
    id: `00000000-0000-4000-8000-${String(taskCounter).padStart(12, '0')}`,
    contactId: null,
    contact: null,
    type: 'message_reply',
    title: `Task ${taskCounter}`,
    description: '',
    priority: 'medium',
    status: 'pending',
    context: {},
    responses: {},
    assignee: null,
    dueAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

/** The first and only page of a task list holding `items`, as GET /api/tasks answers it. */
export function taskPage(items: Task[], fields: Partial<TaskPage> = {}): TaskPage {
  return {
    items,
    total: items.length,
    page: 1,
    limit: 50,
    hasMore: false,
    nextCursor: null,
    prevCursor: null,
    ...fields,
  };
}
