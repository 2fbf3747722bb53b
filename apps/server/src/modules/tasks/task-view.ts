import type { Task } from '@doppel/contracts';
import { contacts, tasks } from '@doppel/db';

/** Columns of a task with its contact, as every task query selects them. */
export const taskWithContactColumns = {
  task: tasks,
  contact: {
    id: contacts.id,
    name: contacts.name,
    company: contacts.company,
    source: contacts.source,
    language: contacts.language,
  },
};

type TaskRow = typeof tasks.$inferSelect;

export function toTaskView(row: { task: TaskRow; contact: Task['contact'] }): Task {
  const { task } = row;
  return {
    id: task.id,
    contactId: task.contactId,
    contact: row.contact,
    type: task.type,
    title: task.title,
    description: task.description,
    priority: task.priority,
    status: task.status,
    context: task.context,
    responses: task.responses,
    assignee: task.assignee,
    dueAt: task.dueAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    completedAt: task.completedAt?.toISOString() ?? null,
  };
}
